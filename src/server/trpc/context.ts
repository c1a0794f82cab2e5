import type { AppConfig } from '../config';
import type { Db, SqlQuery } from '../db/database';
import type { Notifications } from '../db/notifications';
import type { CursorCodec } from '../lib/cursor';
import type { Logger } from '../lib/logger';
import type { RateLimiter } from '../rate-limit/limiter';
import type { LastUsedRecorder } from '../services/api-keys';
import type { JobRunner } from '../jobs/runner';
import type { SecretBox } from '../lib/secret-box';

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
  response: ResponseState;
}
