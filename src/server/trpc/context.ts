import type { AppConfig } from '../config';
import type { Db, SqlQuery } from '../db/database';
import type { Notifications } from '../db/notifications';
import type { CursorCodec } from '../lib/cursor';
import type { Logger } from '../lib/logger';
import type { RateLimiter } from '../rate-limit/limiter';
import type { ApiKeyCache } from '../services/api-key-cache';
import type { AuthenticatedKey, LastUsedRecorder } from '../services/api-keys';
import type { PageViewBuffer } from '../services/page-view-buffer';
import type { JobRunner } from '../jobs/runner';
import type { SecretBox } from '../lib/secret-box';
import type { SubjectType } from '../auth/scopes';

/** Long-lived collaborators, built once at start (src/server/app.ts) and shared by every request. */
export interface AppServices {
  config: AppConfig;
  db: Db;
  /** Raw SQL for hot paths only; everything else goes through `db`. */
  sql: SqlQuery;
  /** Cross-instance signals (PostgreSQL LISTEN/NOTIFY; in-process on PGlite). */
  notifications: Notifications;
  logger: Logger;
  rateLimiter: RateLimiter;
  cursors: CursorCodec;
  lastUsed: LastUsedRecorder;
  /** Key lookups of this instance, invalidated across instances (services/api-key-cache.ts). */
  keyCache: ApiKeyCache;
  /** Share-page loads, counted in memory and written about once a second. */
  pageViews: PageViewBuffer;
  jobs: JobRunner;
  /** Encrypts webhook signing secrets at rest (the service must read them back to sign). */
  webhookSecrets: SecretBox;
}

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

/** Whose data a request acts on: the key's subject (an agency or a creator). */
export interface Owner {
  type: SubjectType;
  id: string;
}

/** What the procedures of an authenticated operation see: the key, and its subject as the owner. */
export interface AuthenticatedContext extends RequestContext {
  auth: AuthenticatedKey;
  owner: Owner;
}
