/**
 * The scope catalog. The contract names roster, profile, media kit, link-in-bio, deck and analytics
 * scopes; it leaves the rest unnamed, and these are our decisions (documented on /docs and in OpenAPI):
 * - media_kits:write also covers POST /media-kits/new and PATCH /media-kits/{id}; templates need media_kits:read.
 * - link_in_bio:write covers the block endpoint and starting an import; link_in_bio:read reads import status.
 * - decks:write covers PATCH /decks/{id}.
 * - campaigns:read / campaigns:write for the campaign endpoints.
 * - sponsorships:read for GET /sponsorship-matches (which also needs a plan that includes it).
 * - webhooks:read / webhooks:write for the webhook endpoints, their deliveries and GET /event-types.
 * - logs:read for GET /request-logs (the account's own API calls).
 * - audit:read for GET /audit-events (the account's own audit log).
 */
export const SUBJECT_TYPES = ['agency', 'creator'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export const SCOPES = {
  'roster:read': { subjects: ['agency'], description: 'Read roster creators, their socials and CSV import status.' },
  'roster:write': { subjects: ['agency'], description: 'Add creators to the roster, singly or by CSV import.' },
  'profile:read': { subjects: ['creator'], description: "Read the creator's own profile and social accounts." },
  'media_kits:read': { subjects: ['agency', 'creator'], description: 'Read media kits and the template list.' },
  'media_kits:write': { subjects: ['agency', 'creator'], description: 'Create and update media kits.' },
  'link_in_bio:read': { subjects: ['creator'], description: 'Read the link-in-bio page and its import status.' },
  'link_in_bio:write': { subjects: ['creator'], description: 'Create and edit the link-in-bio page, its blocks and imports.' },
  'decks:read': { subjects: ['agency'], description: 'Read pitch decks.' },
  'decks:write': { subjects: ['agency'], description: 'Create and update pitch decks.' },
  'campaigns:read': { subjects: ['agency', 'creator'], description: 'Read campaigns.' },
  'campaigns:write': { subjects: ['agency', 'creator'], description: 'Create and update campaigns.' },
  'analytics:read': { subjects: ['agency', 'creator'], description: 'Read page-view analytics.' },
  'sponsorships:read': { subjects: ['agency', 'creator'], description: 'Read sponsorship matches.' },
  'webhooks:read': { subjects: ['agency', 'creator'], description: 'Read webhook endpoints, their delivery log, the event types and events.' },
  'webhooks:write': { subjects: ['agency', 'creator'], description: 'Create, change, delete and test webhook endpoints; rotate secrets; retry and replay deliveries.' },
  'logs:read': { subjects: ['agency', 'creator'], description: "Read the request log of the account's API calls." },
  'audit:read': { subjects: ['agency', 'creator'], description: 'Read the account’s audit log: who changed keys, webhooks, the plan or sharing, when and from where.' },
} as const satisfies Record<string, { subjects: readonly SubjectType[]; description: string }>;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}

export function scopesFor(subjectType: SubjectType): Scope[] {
  return ALL_SCOPES.filter((scope) => (SCOPES[scope].subjects as readonly SubjectType[]).includes(subjectType));
}

/**
 * Permissions only a signed-in person holds, never a key or token: managing the account's own
 * credentials. Operations declare them in `access` like scopes; they are not listed as API scopes.
 */
export const SESSION_SCOPES = {
  'api_keys:write': { subjects: ['agency', 'creator'], description: 'Create, rename, roll and revoke API keys (in settings only).' },
  'members:read': { subjects: ['agency'], description: "See the agency's members and pending invitations." },
  'members:write': { subjects: ['agency'], description: 'Invite people, change their roles and remove members.' },
  'ownership:write': { subjects: ['agency'], description: "Transfer the agency's ownership (and, later, its plan and deletion)." },
  'profile:write': { subjects: ['agency', 'creator'], description: 'Edit creator profiles: audience figures, rates, brands and socials (in the profile editor only; read-only over the API).' },
} as const satisfies Record<string, { subjects: readonly SubjectType[]; description: string }>;

export type SessionScope = keyof typeof SESSION_SCOPES;
/** What an operation's `access` rule may require: an API scope or a session-only permission. */
export type Permission = Scope | SessionScope;

export function permissionDescription(permission: Permission): string {
  return Object.hasOwn(SCOPES, permission) ? SCOPES[permission as Scope].description : SESSION_SCOPES[permission as SessionScope].description;
}

/**
 * Roles a signed-in person can have in an agency (issue 32), and the permissions each carries —
 * declared here once, next to the scopes: the gateway's session principal carries its role's
 * permissions and refuses any operation that needs another, whichever door called it. A creator
 * account has one person, its owner. Listed from most to least powerful.
 * - viewer: reads the roster, media kits, decks, campaigns, analytics and the members; changes nothing.
 * - member: the viewer's reads, and writes them; no API keys, no webhooks, no logs, no audit log.
 * - admin: everything in the account, members, API keys and webhooks included.
 * - owner: the admin's permissions, and transferring ownership (plan and deletion when they arrive).
 */
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
/** Roles an invitation or a role change can give; `owner` only moves by a transfer of ownership. */
export const ASSIGNABLE_ROLES = ['admin', 'member', 'viewer'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Scopes the member and viewer roles never hold: credentials, webhooks and the account's logs. */
const ADMIN_ONLY_SCOPES: readonly Permission[] = ['webhooks:read', 'webhooks:write', 'logs:read', 'audit:read', 'api_keys:write', 'members:write', 'ownership:write'];

const ROLE_RULES: Record<Role, (permission: Permission) => boolean> = {
  owner: () => true,
  admin: (permission) => permission !== 'ownership:write',
  member: (permission) => !ADMIN_ONLY_SCOPES.includes(permission),
  viewer: (permission) => !ADMIN_ONLY_SCOPES.includes(permission) && (permission.endsWith(':read')),
};

export function roleScopes(subjectType: SubjectType, role: Role): Permission[] {
  const sessionScopes = (Object.keys(SESSION_SCOPES) as SessionScope[]).filter((s) => (SESSION_SCOPES[s].subjects as readonly SubjectType[]).includes(subjectType));
  return [...scopesFor(subjectType), ...sessionScopes].filter(ROLE_RULES[role]);
}

/** Whether `role` in a `subjectType` account holds `permission` (pages hide what the gateway would refuse). */
export function roleAllows(subjectType: SubjectType, role: Role, permission: Permission): boolean {
  return roleScopes(subjectType, role).includes(permission);
}
