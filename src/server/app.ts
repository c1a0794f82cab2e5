import type { AppConfig } from './config';
import { openMigratedDatabase, type Database } from './db/database';
import { createApiHandler, type ApiHandler } from './http/api-handler';
import { createGateway, type Gateway } from './trpc/gateway';
import { fromFetchResponse, targetPath, toFetchRequest, type ApiRequest, type ApiResponse } from './http/exchange';
import { problemResponse } from './http/problem-response';
import { requestIdFrom } from './http/request-id';
import { createMcpHandler } from './mcp/handler';
import { isMcpPath, MCP_PATH } from './mcp/paths';
import { isOAuthPath, OAUTH_ENDPOINTS } from './auth/oauth-paths';
import { CursorCodec } from './lib/cursor';
import { createLogger, type Logger } from './lib/logger';
import { createRateLimiter } from './rate-limit/limiter';
import { createAttemptLimiter } from './rate-limit/attempt-limiter';
import { createMailer } from './mail/mailer';
import { appRouter } from './routers/app';
import { ApiKeyCache } from './services/api-key-cache';
import { LastUsedRecorder } from './services/api-keys';
import { PageViewBuffer } from './services/page-view-buffer';
import { LINK_CLICKS_PER_ADDRESS_PER_HOUR, LinkClickBuffer } from './services/link-clicks';
import { resolveAppSecret } from './services/settings';
import { RequestLogBuffer } from './services/request-log-buffer';
import { registerJobHandlers } from './jobs/handlers';
import { startHousekeeping, type Housekeeping } from './jobs/housekeeping';
import { createLeasedRunner } from './jobs/leased-runner';
import type { AppServices } from './domain/app-services';
import { SecretBox } from './lib/secret-box';
import { createInngestEndpoint, INNGEST_PATH } from './http/inngest-endpoint';
import { createApiObserver, type ApiObserver } from './http/observe';
import type { MetricsServer } from './http/metrics-server';
import { installTracing, shutdownTracing } from './lib/tracing';
import { createHealthEndpoints, databaseChecks, type HealthEndpoints } from './http/health';

export interface App {
  services: AppServices;
  database: Database;
  /** The one gateway every door calls operations through (REST, MCP, the settings UI's actions). */
  gateway: Gateway;
  /** The one API handler for `/public/v1/**`, `/openapi.json` and the MCP paths (`/mcp`, `/.well-known/mcp.json`), built once. */
  handleApiRequest: ApiHandler;
  /** /healthz and /readyz, answered by the node listener before anything else (http/health.ts). */
  health: HealthEndpoints;
  /** For the node listener's `observe` option: access log line and request metrics per API response. */
  observeApi: ApiObserver;
  /** The Prometheus listener (METRICS_PORT), when metrics are on. */
  metrics: MetricsServer | null;
  /** Sweeps of expired previews and old sign-in attempts, every 10 minutes (jobs/housekeeping.ts). */
  housekeeping: Housekeeping;
  /** The master secret (services/settings.ts `resolveAppSecret`): cookies signed outside the services use it. */
  secret: string;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  logger?: Logger;
  /** Namespaces Redis rate-limit keys (tests give each app its own). */
  rateLimitKeyPrefix?: string;
  /** Who opens an embedded database (shown to a second process that is refused). */
  holder?: string;
  /**
   * Claim and run background jobs (default true). Jobs live in the database, so any instance with
   * this on runs them, including those a stopped or crashed instance left behind.
   */
  runJobs?: boolean;
}

/** The composition root: database (migrated), rate limiter, cursors, jobs, handler. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<App> {
  const logger = options.logger ?? createLogger(config.logLevel, { pretty: config.logFormat === 'pretty' });
  const database = await openMigratedDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
    poolSize: config.databasePoolSize,
    // A frozen instance's open transaction must not hold row locks past its job lease.
    idleTransactionTimeoutMs: Math.max(config.jobs.leaseMs, 2_000),
    holder: options.holder ?? `creator-api service (port ${config.port})`,
  });
  const db = database.prisma;
  let secret: string;
  try {
    secret = await resolveAppSecret(db, config, logger);
  } catch (error) {
    await database.close();
    throw error;
  }
  const keyCache = new ApiKeyCache();
  const detachKeyCache = keyCache.connect(database.notifications, db);
  const services: AppServices = {
    config,
    db,
    sql: database.sql,
    notifications: database.notifications,
    logger,
    rateLimiter: createRateLimiter(config, logger, options.rateLimitKeyPrefix),
    attempts: createAttemptLimiter(config, logger, options.rateLimitKeyPrefix ? `${options.rateLimitKeyPrefix}:attempts` : undefined),
    mailer: createMailer(config, logger),
    cursors: new CursorCodec(secret),
    lastUsed: new LastUsedRecorder(db, undefined, (error) => logger.warn('could not record last-used times; retrying with the next flush', { error: String(error) })),
    keyCache,
    pageViews: new PageViewBuffer(db, { logger, sql: database.sql, maxPerAddressPerHour: config.sharePages.viewsPerAddressPerHour }),
    linkClicks: new LinkClickBuffer(db, { logger, sql: database.sql, maxPerAddressPerHour: LINK_CLICKS_PER_ADDRESS_PER_HOUR }),
    requestLogs: new RequestLogBuffer(db, { logger, copyRows: database.copyRows, ...config.requestLogs }),
    // The Inngest SDK is loaded only when Inngest runs the jobs (a few hundred modules otherwise resident for nothing).
    jobs: config.inngest
      ? (await import('./jobs/inngest')).createInngestRunner(config.inngest, { db, notifications: database.notifications, logger, jobs: config.jobs })
      : createLeasedRunner({ db, sql: database.kind === 'postgres' ? database.sql : undefined, notifications: database.notifications, logger, settings: config.jobs }),
    webhookSecrets: new SecretBox(secret, 'webhook-signing-secrets'),
    idempotentResponses: new SecretBox(secret, 'idempotent-responses'),
  };
  registerJobHandlers(services);
  const housekeeping = startHousekeeping({ db, logger, auditRetentionDays: config.auditRetentionDays });
  const gateway = createGateway(services, appRouter, {
    // The settings UI's cookie is better-auth's; loaded on first use, so an API-only process never loads it.
    verifySession: async (headers) => (await import('./web/auth')).verifyBrowserSession(app, headers),
  });
  const handleRestRequest = createApiHandler(services, gateway, appRouter);
  const handleMcpRequest = createMcpHandler(services, gateway, appRouter);
  // The MCP SDK's transport, the OAuth server and Inngest speak fetch: their requests (and only theirs)
  // are converted at this edge; one that cannot be read is a 400 malformed-request.
  const viaFetch =
    (handle: (request: Request) => Promise<Response>) =>
    async (request: ApiRequest): Promise<ApiResponse> => {
      let fetchRequest: Request;
      try {
        fetchRequest = toFetchRequest(request, config.publicBaseUrl);
      } catch (error) {
        return problemResponse('malformed-request', `The request could not be read: ${(error as Error).message}`, requestIdFrom(request), { headers: { Connection: 'close' } });
      }
      return fromFetchResponse(await handle(fetchRequest));
    };
  const handleMcpExchange = viaFetch(handleMcpRequest);
  // The OAuth authorization server (better-auth's provider plugin, web/oauth-server.ts), loaded on first use.
  let oauthHandler: Promise<(request: Request) => Promise<Response>> | undefined;
  const handleOAuthExchange = viaFetch(async (request) => {
    oauthHandler ??= import('./web/oauth-server').then((module) => module.createOAuthHandler(app));
    return (await oauthHandler)(request);
  });
  // Inngest's calls (run a step, sync, introspect) are answered by every process, API-only included.
  const handleInngestExchange = viaFetch(createInngestEndpoint(services.jobs, config.inngest, logger));
  // /mcp and its discovery card go to the MCP adapter; the REST route table still answers the node
  // layer's questions about allowed methods.
  const handleApiRequest: ApiHandler = Object.assign(
    (request: ApiRequest) => {
      const pathname = targetPath(request.target);
      if (pathname === INNGEST_PATH) return handleInngestExchange(request);
      if (isOAuthPath(pathname)) return handleOAuthExchange(request);
      return isMcpPath(pathname) ? handleMcpExchange(request) : handleRestRequest(request);
    },
    {
      allowedMethods: (pathname: string) =>
        pathname === INNGEST_PATH
          ? ['GET', 'POST', 'PUT']
          : isOAuthPath(pathname)
            ? [...(OAUTH_ENDPOINTS.get(pathname) ?? []), 'OPTIONS']
            : isMcpPath(pathname)
            ? pathname === MCP_PATH
              ? ['POST']
              : ['GET', 'HEAD']
            : (handleRestRequest.allowedMethods?.(pathname) ?? null),
      operationOf: (method: string, pathname: string) =>
        pathname === INNGEST_PATH
          ? { operation: INNGEST_PATH, door: 'inngest' as const }
          : isOAuthPath(pathname)
            ? { operation: pathname, door: 'oauth' as const }
            : isMcpPath(pathname)
            ? { operation: pathname, door: 'mcp' as const }
            : (handleRestRequest.operationOf?.(method, pathname) ?? { operation: 'unmatched', door: 'unmatched' as const }),
    },
  );
  const observeApi = createApiObserver(logger, handleApiRequest);
  const runJobs = options.runJobs ?? true;
  let jobsRunning = false;
  if (runJobs) {
    services.jobs.start();
    jobsRunning = true;
  }
  const jobsStalled = (stallMs: number | null) =>
    stallMs === null
      ? { status: 'ok' as const, detail: `${services.jobs.kind} runner on queue ${services.jobs.queue}` }
      : { status: 'failing' as const, detail: `the job claim loop has not got through a pass for ${Math.round(stallMs / 1000)} s` };
  const health = createHealthEndpoints([
    ...databaseChecks(database.sql),
    {
      name: 'jobs',
      required: runJobs,
      run: () =>
        Promise.resolve(
          !runJobs
            ? { status: 'disabled' as const, detail: 'this instance does not run jobs' }
            : !jobsRunning
              ? { status: 'failing' as const, detail: 'the job runner has stopped' }
              : jobsStalled(services.jobs.claimLoopStall()),
        ),
    },
    // Optional: the limiter fails open without its store, so an outage degrades limits, not service.
    ...(services.rateLimiter.store === 'memory'
      ? []
      : [{ name: 'redis', required: false, run: async () => (await services.rateLimiter.ping(), { status: 'ok' as const, detail: services.rateLimiter.store }) }]),
  ]);
  if (config.tracing) await installTracing(config.tracing);
  // Loaded only when asked for: the OpenTelemetry metrics SDK and the Prometheus exporter are several
  // hundred modules an instance without METRICS_PORT never needs.
  const metrics = config.metrics
    ? await (await import('./http/metrics-server')).startMetricsServer(config.metrics, {
        sql: database.sql,
        queue: config.jobs.queue,
        poolStats: () => database.poolStats(),
        requestLogStats: () => ({ pending: services.requestLogs.size, dropped: services.requestLogs.stats.dropped }),
      })
    : null;
  const app: App = {
    services,
    database,
    gateway,
    handleApiRequest,
    health,
    observeApi,
    metrics,
    secret,
    housekeeping,
    async close() {
      health.startDraining();
      housekeeping.stop();
      jobsRunning = false;
      // Stops claiming, lets running jobs finish their current step and releases their leases.
      await services.jobs.close();
      await services.lastUsed.flush().catch((error) => logger.warn('could not record last-used times', { error: String(error) }));
      await services.pageViews.close().catch((error) => logger.error('could not record buffered page views', { error: String(error) }));
      await services.linkClicks.close().catch((error) => logger.error('could not record buffered link clicks', { error: String(error) }));
      await services.requestLogs.close().catch((error) => logger.error('could not write buffered request log entries', { error: String(error) }));
      await services.rateLimiter.close();
      await services.attempts.close();
      await services.mailer.close();
      detachKeyCache();
      await metrics?.close();
      if (config.tracing) await shutdownTracing().catch((error) => logger.warn('could not send the last traces', { error: String(error) }));
      await database.close();
    },
  };
  return app;
}
