import type { AppConfig } from './config';
import { openMigratedDatabase, type Database } from './db/database';
import { createApiHandler, type ApiHandler } from './http/api-handler';
import { CursorCodec } from './lib/cursor';
import { createLogger, type Logger } from './lib/logger';
import { createRateLimiter } from './rate-limit/limiter';
import { appRouter } from './routers/app';
import { LastUsedRecorder } from './services/api-keys';
import { loadAppSecret } from './services/settings';
import { registerJobHandlers, resumeUnfinishedJobs } from './jobs/handlers';
import { createInngestRunner } from './jobs/inngest';
import { createInProcessRunner } from './jobs/runner';
import type { AppServices } from './trpc/context';
import { SecretBox } from './lib/secret-box';
import { startWebhookWorker } from './jobs/webhook-worker';

export interface App {
  services: AppServices;
  database: Database;
  /** The one fetch handler for `/public/v1/**` and `/openapi.json`, built once. */
  handleApiRequest: ApiHandler;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  logger?: Logger;
  /** Namespaces Redis rate-limit keys (tests give each app its own). */
  rateLimitKeyPrefix?: string;
  /** Who opens an embedded database (shown to a second process that is refused). */
  holder?: string;
  /** Resume imports left unfinished by a previous process (default true; tests opt in). */
  resumeJobs?: boolean;
  /** Run the webhook delivery worker (default true; the operator CLI has no use for it). */
  deliverWebhooks?: boolean;
}

/** The composition root: database (migrated), rate limiter, cursors, jobs, handler. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<App> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = await openMigratedDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
    poolSize: config.databasePoolSize,
    holder: options.holder ?? `creator-api service (port ${config.port})`,
  });
  const db = database.prisma;
  const secret = await loadAppSecret(db, config.appSecret);
  const services: AppServices = {
    config,
    db,
    sql: database.sql,
    notifications: database.notifications,
    logger,
    rateLimiter: createRateLimiter(config, logger, options.rateLimitKeyPrefix),
    cursors: new CursorCodec(secret),
    lastUsed: new LastUsedRecorder(db),
    jobs: config.inngest ? createInngestRunner(config.inngest, logger) : createInProcessRunner(logger),
    webhookSecrets: new SecretBox(secret, 'webhook-signing-secrets'),
  };
  registerJobHandlers(services);
  const handleApiRequest = createApiHandler(services, appRouter);
  if (options.resumeJobs ?? true) {
    const resumed = await resumeUnfinishedJobs(services);
    if (resumed > 0) logger.info('resuming unfinished imports', { count: resumed });
  }
  const webhooks = (options.deliverWebhooks ?? true) ? startWebhookWorker(services) : null;
  return {
    services,
    database,
    handleApiRequest,
    async close() {
      await webhooks?.close();
      await services.jobs.close();
      await services.lastUsed.flush().catch((error) => logger.warn('could not record last-used times', { error: String(error) }));
      await services.rateLimiter.close();
      await database.close();
    },
  };
}
