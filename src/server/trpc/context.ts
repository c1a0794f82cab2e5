import type { AppServices } from '../domain/app-services';
import type { AuthenticatedKey } from '../services/api-keys';

/** What a procedure may set on the HTTP response; the adapter applies it. */
export interface ResponseState {
  status?: number;
  headers: Record<string, string>;
}

export interface RequestContext {
  app: AppServices;
  requestId: string;
  /** The raw Authorization header, parsed by the authenticate middleware. */
  authorization: string | null;
  /** Set when the HTTP adapter already authenticated the key (before reading the body). */
  authenticated?: AuthenticatedKey;
  /** The request as the client sent it: conditional and Idempotency-Key headers, method and path (without /public/v1). */
  request: { method: string; path: string; headers: { get(name: string): string | null } };
  response: ResponseState;
}
