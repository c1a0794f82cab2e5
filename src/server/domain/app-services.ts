import type { AppConfig } from '../config';
import type { Db, SqlQuery } from '../db/database';
import type { Notifications } from '../db/notifications';
import type { CursorCodec } from '../lib/cursor';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import type { SecretBox } from '../lib/secret-box';
import type { AttemptLimiter } from '../rate-limit/attempt-limiter';
import type { RateLimiter } from '../rate-limit/limiter';
import type { ApiKeyCache } from '../services/api-key-cache';
import type { LastUsedRecorder } from '../services/api-keys';
import type { PageViewBuffer } from '../services/page-view-buffer';
import type { LinkClickBuffer } from '../services/link-clicks';
import type { RequestLogBuffer } from '../services/request-log-buffer';
import type { JobRunner } from './jobs';

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
  /** Growing delays for password guesses (sign-in, deck passwords) and mail a visitor can trigger. */
  attempts: AttemptLimiter;
  /** Outgoing mail: SMTP, or the log and the dev outbox (src/server/mail/). */
  mailer: Mailer;
  cursors: CursorCodec;
  lastUsed: LastUsedRecorder;
  /** Key lookups of this instance, invalidated across instances (services/api-key-cache.ts). */
  keyCache: ApiKeyCache;
  /** Share-page loads, counted in memory and written about once a second. */
  pageViews: PageViewBuffer;
  /** Outbound link-in-bio clicks (/l/<slug>/go/<block>), counted in memory and written in batches. */
  linkClicks: LinkClickBuffer;
  /** Request log entries (REST and MCP calls), recorded in memory and written in batches. */
  requestLogs: RequestLogBuffer;
  jobs: JobRunner;
  /** Encrypts webhook signing secrets at rest (the service must read them back to sign). */
  webhookSecrets: SecretBox;
  /** Encrypts the outcomes kept for Idempotency-Key replays (they can carry a secret shown once). */
  idempotentResponses: SecretBox;
}
