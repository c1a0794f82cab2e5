import type { Permission, Role, SubjectType } from '../auth/scopes';
import type { Entitlement } from '../services/accounts';
import type { Owner } from './owner';

/**
 * Who is calling an operation, whichever door the call came through: an API key (REST, MCP), or a
 * person signed in to the settings UI acting for one agency or creator (session). The gateway
 * (src/server/trpc/gateway.ts) authenticates every principal and applies the operation's policy to
 * it the same way; procedures read it as `ctx.principal` and its subject as `ctx.owner`.
 */
export type PrincipalKind = 'api_key' | 'session' | 'oauth_token';
/** Live data, or (later) an isolated test twin of the subject. */
export type PrincipalMode = 'live' | 'test';

export interface PlanFeatures {
  code: string;
  pitchDeckAllowance: number;
  sponsorshipMatches: boolean;
}

interface PrincipalFields {
  subjectType: SubjectType;
  subjectId: string;
  /** The user who issued the key, or who is signed in. */
  userId: string;
  /** A key's granted scopes; a session's are its role's. */
  scopes: readonly Permission[];
  entitlement: Entitlement;
  plan: PlanFeatures;
  mode: PrincipalMode;
}

export interface ApiKeyPrincipal extends PrincipalFields {
  kind: 'api_key';
  keyId: string;
  /** As last recorded; LastUsedRecorder moves it forward when it records a use. */
  lastUsedAt: Date | null;
}

export interface SessionPrincipal extends PrincipalFields {
  kind: 'session';
  sessionId: string;
  role: Role;
}

/**
 * An OAuth access token a hosted AI assistant got through the consent screen (MCP only): the
 * subject and scopes the person chose there, the subject's entitlement and plan, always live.
 */
export interface OAuthTokenPrincipal extends PrincipalFields {
  kind: 'oauth_token';
  /** The access token's row id (rotates with the token). */
  tokenId: string;
  /** The registered client (connected app) it was issued to. */
  clientId: string;
}

export type Principal = ApiKeyPrincipal | SessionPrincipal | OAuthTokenPrincipal;

/** The subject a principal acts for, as services take it. */
export function ownerOf(principal: Principal): Owner {
  return { type: principal.subjectType, id: principal.subjectId };
}

/** The credential's id (key, session or OAuth token), for logs and audit; never a secret. */
export function credentialId(principal: Principal): string {
  switch (principal.kind) {
    case 'api_key':
      return principal.keyId;
    case 'session':
      return principal.sessionId;
    case 'oauth_token':
      return principal.tokenId;
  }
}
