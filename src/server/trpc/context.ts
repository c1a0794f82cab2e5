import { actorOf, type Actor, type ClientInfo } from '../domain/actor';
import type { AppServices } from '../domain/app-services';
import type { Owner } from '../domain/owner';
import type { Principal } from '../domain/principal';

/** What a procedure may set on the response (status, headers); each door applies it its own way. */
export interface ResponseState {
  status?: number;
  headers: Record<string, string>;
}

/** The door a call came through; the policy is the same for each, only the translation differs. */
export type Door = 'rest' | 'mcp' | 'ui';

/** The context of one gateway call (src/server/trpc/gateway.ts builds it; procedures read it). */
export interface RequestContext {
  app: AppServices;
  requestId: string;
  door: Door;
  /** Who is calling, authenticated by the gateway before the call. */
  principal: Principal;
  /** The caller's address and user agent, for the audit log. */
  client: ClientInfo;
  /** Conditional (If-Match, If-None-Match) and Idempotency-Key headers, or their MCP argument twins. */
  request: {
    headers: { get(name: string): string | null };
    /** Method and path of the operation's REST twin (`POST /creators`): the Idempotency-Key fingerprint. */
    method: string;
    path: string;
  };
  response: ResponseState;
  /** Set when the gateway counted this call in its rate-limit bucket before the body was read (`admitCall`): its headers. */
  admitted?: Record<string, string>;
}

/** What the API chain adds for the procedure. */
export interface OperationContext extends RequestContext {
  owner: Owner;
}

/** The call's actor for the audit log: the principal, its client and the request id. */
export function callActor(ctx: RequestContext): Actor {
  return actorOf(ctx.principal, ctx.client, ctx.requestId);
}
