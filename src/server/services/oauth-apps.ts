import type { Db } from '../db/database';
import type { Actor } from '../domain/actor';
import { ApiError } from '../domain/errors';
import type { Owner } from '../domain/owner';
import type { OAuthTokenPrincipal } from '../domain/principal';
import { hashOAuthToken, OAUTH_ACCESS_TOKEN_PREFIX, OFFLINE_ACCESS } from '../auth/oauth-tokens';
import { isScope, scopesFor, type Scope, type SubjectType } from '../auth/scopes';
import { subjectForUser, type UserSubject } from './accounts';
import { recordAudit } from './audit-events';

/**
 * Connected apps: hosted AI assistants a person allowed, on the consent screen, to act for one of
 * their agencies or creators with chosen scopes (OAuth 2.1, issued by @better-auth/oauth-provider in
 * src/server/web/oauth-server.ts). The library owns the protocol and writes the rows; this file reads
 * them for the gateway (an access token → a principal) and for settings (list, revoke).
 *
 * Revocation takes effect on the next request on every instance: access tokens are looked up in the
 * database on every /mcp request (one indexed query by hash), never cached, so there is nothing to
 * invalidate.
 */

/** How a consent or token names the subject it acts for (the library's `referenceId`). */
export function subjectReference(owner: Owner): string {
  return `${owner.type}:${owner.id}`;
}

export function parseSubjectReference(reference: string | null | undefined): Owner | null {
  const match = /^(agency|creator):([0-9a-f]{24})$/.exec(reference ?? '');
  return match ? { type: match[1] as SubjectType, id: match[2]! } : null;
}

/**
 * The agencies and creators a person may let an assistant act for. Today a user has exactly one
 * subject (subjectForUser); team memberships will add more here, and the consent screen lists them.
 */
export async function actableSubjects(db: Db, userId: string): Promise<UserSubject[]> {
  const subject = await subjectForUser(db, userId);
  return subject ? [subject] : [];
}

/** The scopes a consent may grant for a subject type: its API scopes, plus `offline_access` (refresh tokens). */
export function grantableScopes(subjectType: SubjectType): string[] {
  return [...scopesFor(subjectType), OFFLINE_ACCESS];
}

/** Scopes that only read (preselected on the consent screen). */
export function isReadScope(scope: string): boolean {
  return scope.endsWith(':read');
}

/** When a token's use is recorded at most (like keys' last_used_at). */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * `Bearer crk_oat_…` → the principal, for a token bound to `resource` (RFC 8707: issued for this
 * server's /mcp). Throws the 401 problem that says what is wrong; the token itself never appears
 * in a message or a log.
 */
export async function authenticateOAuthToken(db: Db, secret: string, resource: string | null): Promise<OAuthTokenPrincipal> {
  if (resource === null) {
    throw new ApiError('invalid-api-key', 'OAuth access tokens are accepted by the MCP endpoint (/mcp) only; the REST API takes API keys. Create a key under Settings → API keys.');
  }
  const stored = hashOAuthToken(secret.slice(OAUTH_ACCESS_TOKEN_PREFIX.length));
  const token = await db.oauthAccessToken.findUnique({
    where: { token: stored },
    select: { id: true, clientId: true, userId: true, referenceId: true, resources: true, scopes: true, expiresAt: true, revoked: true, lastUsedAt: true },
  });
  if (!token || !token.userId) throw new ApiError('invalid-api-key', 'The access token is not recognized. Connect the app again to get a new one.');
  if (token.revoked) throw new ApiError('api-key-revoked', 'This access token was revoked (the connected app was removed, or the token was refreshed). Connect the app again.');
  if (token.expiresAt.getTime() <= Date.now()) throw new ApiError('api-key-expired', `This access token expired at ${token.expiresAt.toISOString()}; refresh it.`);
  if (!token.resources.includes(resource)) {
    throw new ApiError('invalid-api-key', `This access token was not issued for ${resource}: request it with resource=${resource}.`);
  }
  const owner = parseSubjectReference(token.referenceId);
  // The person must still be able to act for the subject they chose (an ownership or membership change ends it).
  const subject = owner ? (await actableSubjects(db, token.userId)).find((s) => s.type === owner.type && s.id === owner.id) : undefined;
  if (!subject) throw new ApiError('invalid-api-key', 'The account this app was connected for is no longer yours to act for. Connect the app again.');
  const plan = await db.plan.findUniqueOrThrow({ where: { code: subject.planCode }, select: { code: true, pitchDeckAllowance: true, sponsorshipMatches: true } });
  const allowed = new Set<string>(scopesFor(subject.type));
  const scopes = token.scopes.filter((scope): scope is Scope => isScope(scope) && allowed.has(scope));
  if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    // Best effort, off the request's path: a failed write only leaves "last used" a minute older.
    void db.oauthAccessToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
  }
  return {
    kind: 'oauth_token',
    tokenId: token.id,
    clientId: token.clientId,
    userId: token.userId,
    subjectType: subject.type,
    subjectId: subject.id,
    scopes,
    entitlement: subject.entitlement,
    plan,
    mode: 'live',
  };
}

export interface ConnectedApp {
  /** The consent's id: what settings revokes. */
  id: string;
  clientId: string;
  name: string;
  /** Hosts the app's redirect URIs point at. */
  redirectHosts: string[];
  subject: Owner & { name: string };
  scopes: string[];
  authorizedAt: Date;
  lastUsedAt: Date | null;
}

/** Every app the person connected, for any subject they can act for, newest first. */
export async function listConnectedApps(db: Db, userId: string): Promise<ConnectedApp[]> {
  const subjects = await actableSubjects(db, userId);
  const consents = await db.oauthConsent.findMany({
    where: { userId, referenceId: { in: subjects.map(subjectReference) } },
    include: { client: { select: { name: true, redirectUris: true } } },
    orderBy: { updatedAt: 'desc' },
  });
  const apps: ConnectedApp[] = [];
  for (const consent of consents) {
    const subject = subjects.find((s) => subjectReference(s) === consent.referenceId)!;
    const lastUse = await db.oauthAccessToken.aggregate({
      where: { clientId: consent.clientId, userId, referenceId: consent.referenceId },
      _max: { lastUsedAt: true },
    });
    apps.push({
      id: consent.id,
      clientId: consent.clientId,
      name: consent.client.name?.trim() || 'Unnamed app',
      redirectHosts: redirectHosts(consent.client.redirectUris),
      subject: { type: subject.type, id: subject.id, name: subject.name },
      scopes: consent.scopes,
      authorizedAt: consent.updatedAt,
      lastUsedAt: lastUse._max.lastUsedAt,
    });
  }
  return apps;
}

export function redirectHosts(uris: readonly string[]): string[] {
  const hosts = new Set<string>();
  for (const uri of uris) {
    try {
      hosts.add(new URL(uri).host);
    } catch {
      // A stored URI always parses (registration checks it); nothing to show otherwise.
    }
  }
  return [...hosts];
}

/**
 * Removes a connected app: its consent, and every access and refresh token it holds for that
 * subject, revoked in one transaction with the audit row. The next request with any of them is a 401.
 */
export async function revokeConnectedApp(db: Db, actor: Actor, userId: string, consentId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const consent = await tx.oauthConsent.findFirst({ where: { id: consentId, userId }, include: { client: { select: { name: true } } } });
    const owner = parseSubjectReference(consent?.referenceId);
    if (!consent || !owner) throw new ApiError('not-found', 'No such connected app.');
    const now = new Date();
    const tokens = { clientId: consent.clientId, userId, referenceId: consent.referenceId, revoked: null };
    await tx.oauthAccessToken.updateMany({ where: tokens, data: { revoked: now } });
    await tx.oauthRefreshToken.updateMany({ where: tokens, data: { revoked: now } });
    await tx.oauthConsent.delete({ where: { id: consent.id } });
    await recordAudit(tx, actor, {
      subject: owner,
      action: 'connected_app.revoked',
      target: { type: 'connected_app', id: consent.clientId },
      changes: { scopes: [consent.scopes, null], name: [consent.client.name ?? null, null] },
    });
  });
}

/** The audit row for a consent just given (the library wrote the consent itself). */
export async function recordAppAuthorized(db: Db, actor: Actor, input: { owner: Owner; clientId: string; scopes: string[] }): Promise<void> {
  const client = await db.oauthClient.findUnique({ where: { clientId: input.clientId }, select: { name: true } });
  await recordAudit(db, actor, {
    subject: input.owner,
    action: 'connected_app.authorized',
    target: { type: 'connected_app', id: input.clientId },
    changes: { scopes: [null, input.scopes], name: [null, client?.name ?? null] },
  });
}
