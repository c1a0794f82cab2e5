import type { Permission, Role, SubjectType } from '../auth/scopes';
import type { Entitlement } from '../services/accounts';
import type { Owner } from './owner';

/**
 * Who is calling an operation, whichever door the call came through: an API key (REST, MCP), or a
 * person signed in to the settings UI acting for one agency or creator (session). The gateway
 * (src/server/trpc/gateway.ts) authenticates every principal and applies the operation's policy to
 * it the same way; procedures read it as `ctx.principal` and its subject as `ctx.owner`.
 */
export type PrincipalKind = 'api_key' | 'session';
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

export type Principal = ApiKeyPrincipal | SessionPrincipal;

/** The subject a principal acts for, as services take it. */
export function ownerOf(principal: Principal): Owner {
  return { type: principal.subjectType, id: principal.subjectId };
}

/** The credential's id (key or session), for logs and audit; never a secret. */
export function credentialId(principal: Principal): string {
  return principal.kind === 'api_key' ? principal.keyId : principal.sessionId;
}
