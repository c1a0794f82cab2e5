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
  'profile:write': { subjects: ['agency', 'creator'], description: 'Edit creator profiles: audience figures, rates, brands and socials (in the profile editor only; read-only over the API).' },
} as const satisfies Record<string, { subjects: readonly SubjectType[]; description: string }>;

export type SessionScope = keyof typeof SESSION_SCOPES;
/** What an operation's `access` rule may require: an API scope or a session-only permission. */
export type Permission = Scope | SessionScope;

export function permissionDescription(permission: Permission): string {
  return Object.hasOwn(SCOPES, permission) ? SCOPES[permission as Scope].description : SESSION_SCOPES[permission as SessionScope].description;
}

/**
 * Roles a signed-in person can have in an agency or creator account, and the permissions each
 * carries. Today every account has one person, its owner, who may do everything.
 */
export const ROLES = ['owner'] as const;
export type Role = (typeof ROLES)[number];

export function roleScopes(subjectType: SubjectType, _role: Role): Permission[] {
  const sessionScopes = (Object.keys(SESSION_SCOPES) as SessionScope[]).filter((s) => (SESSION_SCOPES[s].subjects as readonly SubjectType[]).includes(subjectType));
  return [...scopesFor(subjectType), ...sessionScopes];
}
