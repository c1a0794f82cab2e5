import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseTrustedProxies, type TrustedProxies } from './lib/client-address';

/**
 * Everything the service reads from the environment, parsed once. With no variables set the service
 * runs on embedded defaults: PGlite in `.data/pglite`, an in-process rate-limit store and an
 * in-process job runner. README and .env.example document each variable.
 */
export interface AppConfig {
  /** PostgreSQL connection string; absent → embedded PGlite. */
  databaseUrl: string | null;
  /** PGlite data folder, or `memory://` for a throwaway in-memory database (tests). */
  pgliteDataDir: string;
  databasePoolSize: number;
  /** TCP Redis for rate limits (`redis://…`). */
  redisUrl: string | null;
  upstashRestUrl: string | null;
  upstashRestToken: string | null;
  /** Absolute origin used to build editor_url/share_url and the OpenAPI `servers` entry. */
  publicBaseUrl: string;
  port: number;
  host: string;
  /** Requests per window per API key for the default bucket. */
  rateLimitRequests: number;
  rateLimitWindowSeconds: number;
  /** Largest JSON body accepted, in bytes. */
  maxJsonBodyBytes: number;
  /**
   * The master secret (APP_SECRET, or the file APP_SECRET_FILE names): keys cursors, cookies and the
   * encryption of stored secrets. Absent: the embedded database keeps one in a file beside its folder;
   * PostgreSQL refuses to start in production (services/settings.ts `resolveAppSecret`).
   */
  appSecret: string | null;
  /** NODE_ENV=production: missing production settings are refused rather than defaulted. */
  production: boolean;
  inngest: { eventKey: string | null; signingKey: string | null; dev: string | null } | null;
  /** Create the demo agency, creator and keys when the database is empty (`npm start` on embedded defaults). */
  seedDemo: boolean;
  /**
   * Lets outbound fetches (link-in-bio imports) reach private and loopback addresses. Tests only,
   * to reach a local fixture server; never in production (SSRF).
   */
  fetchAllowPrivateNetworks: boolean;
  /**
   * Reverse proxies (CIDRs or addresses) whose X-Forwarded-For entries are believed: the client is the
   * rightmost address of the chain that is not one of them (src/server/lib/client-address.ts).
   * Empty (default): the socket's peer address, X-Forwarded-For ignored.
   */
  trustedProxies: TrustedProxies;
  /**
   * Multiplies the webhook retry schedule and the 5-day disable window (WEBHOOK_RETRY_SCALE, default 1).
   * Tests and demos shrink it (0.001 turns 5 s / 5 min / 30 min into 5 ms / 300 ms / 1.8 s).
   */
  webhookRetryScale: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** LOG_FORMAT: `json` (default, one pino line per event) or `pretty` (`npm run dev`; needs the dev dependency pino-pretty). */
  logFormat: 'json' | 'pretty';
  /**
   * Prometheus exposition on a listener of its own (METRICS_PORT; off when unset), bound to METRICS_HOST
   * (default 127.0.0.1: metrics are never on the public port or interface unless asked for).
   */
  metrics: { port: number; host: string } | null;
  /**
   * Traces over OTLP/HTTP (lib/tracing.ts), on when OTEL_EXPORTER_OTLP_ENDPOINT or
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set (and OTEL_TRACES_EXPORTER is not `none`); the exporter
   * reads the OTEL_* variables itself. `serviceName` from OTEL_SERVICE_NAME (default creator-api).
   */
  tracing: { serviceName: string } | null;
  /** Background jobs on the database (src/server/jobs/leased-runner.ts); README "Background jobs". */
  jobs: JobSettings;
  /** Outgoing mail (src/server/mail/): SMTP_URL, or none (mail goes to the log). */
  smtpUrl: string | null;
  /** The From of every mail (MAIL_FROM); defaults to no-reply at PUBLIC_BASE_URL's host. */
  mailFrom: string;
  /**
   * Keep mail for the /dev/outbox page (MAIL_OUTBOX). Only without SMTP_URL; on by default only on
   * the embedded database (a developer's machine), because the page shows every account's links.
   */
  mailOutbox: boolean;
  /**
   * SIGTERM: how long /readyz answers 503 `draining` while the listener still serves, before it closes
   * (SHUTDOWN_DELAY_SECONDS, default 0). Set it to a little more than the balancer's probe interval.
   */
  shutdownDelayMs: number;
  /** Share pages: counted loads per page per client address per UTC hour, and the page cache's TTL backstop. */
  sharePages: { viewsPerAddressPerHour: number; cacheTtlSeconds: number; cacheMaxBytes: number };
  /** Bytes of rows one agency's unexpired import previews may hold in all (PREVIEW_STORAGE_MB, default 20). */
  previewStorageBytes: number;
  /**
   * Request logs (GET /request-logs): REQUEST_LOGS (`on`, default, or `off`: nothing is recorded),
   * kept REQUEST_LOG_RETENTION_DAYS (30) and at most REQUEST_LOG_MAX_PER_ACCOUNT (100,000) per account.
   */
  requestLogs: { enabled: boolean; retentionDays: number; maxPerAccount: number };
  /** Audit events are kept this many days (AUDIT_RETENTION_DAYS, default 365), then removed by the housekeeping sweep (jobs/housekeeping.ts). */
  auditRetentionDays: number;
}

export interface JobSettings {
  /** Instances claim only this queue's jobs (JOBS_QUEUE); deployments sharing a database keep theirs apart. */
  queue: string;
  /** Jobs one instance runs at once. */
  concurrency: number;
  /** Jobs of one account (agency or creator) running at once, across all instances. */
  accountConcurrency: number;
  /** A claimed job's lease, renewed every `renewMs` while it runs; lapsed, any instance takes it over. */
  leaseMs: number;
  renewMs: number;
  /** Backstop poll when no notification arrives (claims are woken by LISTEN/NOTIFY). */
  pollMs: number;
  /** SIGTERM: how long running jobs get to finish their current step before their leases are released anyway. */
  drainMs: number;
  /** Tests only: a pause before every job step, so a test can stop an instance mid-job. */
  stepPauseMs: number;
}

/** PREVIEW_STORAGE_MB's default: the rows an agency's unexpired import previews may hold in all. */
export const DEFAULT_PREVIEW_STORAGE_MB = 20;

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) {
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  }
  return parsed;
}

function positiveNumberFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return parsed;
}

function secondsFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback * 1000;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number of seconds, got "${value}"`);
  return Math.round(parsed * 1000);
}

function onOffFrom(value: string | undefined, name: string): boolean {
  const setting = nonEmpty(value) ?? 'on';
  if (setting !== 'on' && setting !== 'off') throw new Error(`${name} must be on or off, got "${setting}"`);
  return setting === 'on';
}

function logFormatFrom(value: string | undefined): AppConfig['logFormat'] {
  const format = nonEmpty(value) ?? 'json';
  if (format !== 'json' && format !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty, got "${format}"`);
  return format;
}

function nonNegativeSecondsFrom(value: string | undefined, name: string): number {
  if (value === undefined || value.trim() === '') return 0;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a number of seconds (0 or more), got "${value}"`);
  return Math.round(parsed * 1000);
}

function jobSettings(env: NodeJS.ProcessEnv): JobSettings {
  const queue = nonEmpty(env.JOBS_QUEUE) ?? 'default';
  if (!/^[A-Za-z0-9._:-]{1,64}$/.test(queue)) throw new Error(`JOBS_QUEUE must be 1–64 of A-Za-z0-9._:-, got "${queue}"`);
  const leaseMs = secondsFrom(env.JOBS_LEASE_SECONDS, 8, 'JOBS_LEASE_SECONDS');
  const renewMs = secondsFrom(env.JOBS_LEASE_RENEW_SECONDS, Math.min(2, leaseMs / 4000), 'JOBS_LEASE_RENEW_SECONDS');
  if (renewMs * 2 > leaseMs) throw new Error('JOBS_LEASE_RENEW_SECONDS must be at most half of JOBS_LEASE_SECONDS, so one missed renewal does not lose the lease');
  return {
    queue,
    concurrency: intFrom(env.JOBS_CONCURRENCY, 4, 'JOBS_CONCURRENCY'),
    accountConcurrency: intFrom(env.JOBS_ACCOUNT_CONCURRENCY, 2, 'JOBS_ACCOUNT_CONCURRENCY'),
    leaseMs,
    renewMs,
    pollMs: secondsFrom(env.JOBS_POLL_SECONDS, 30, 'JOBS_POLL_SECONDS'),
    drainMs: secondsFrom(env.JOBS_DRAIN_SECONDS, 15, 'JOBS_DRAIN_SECONDS'),
    stepPauseMs: env.JOBS_STEP_PAUSE_MS ? intFrom(env.JOBS_STEP_PAUSE_MS, 0, 'JOBS_STEP_PAUSE_MS') : 0,
  };
}

/**
 * INNGEST_DEV read as the Inngest SDK reads it (inngest/components/Inngest.js `mode`): `1`/`true` →
 * dev server at its default address, `0`/`false` (or unset) → cloud mode, a URL → dev server there.
 * Returns the dev-mode value, or null for cloud mode. Anything else is refused rather than guessed:
 * the SDK would quietly take it as cloud mode.
 */
export function inngestDevMode(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  const lower = trimmed.toLowerCase();
  if (lower === '' || lower === 'undefined' || lower === '0' || lower === 'false') return null;
  if (lower === '1' || lower === 'true') return '1';
  try {
    const url = new URL(trimmed.includes('://') ? trimmed : `http://${trimmed}`);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href.replace(/\/$/, '');
  } catch {
    // fall through
  }
  throw new Error(`INNGEST_DEV must be 1/true (dev server), 0/false (Inngest Cloud) or the dev server's URL, got "${trimmed}"`);
}

function appSecretFrom(env: NodeJS.ProcessEnv): string | null {
  const value = nonEmpty(env.APP_SECRET);
  const file = nonEmpty(env.APP_SECRET_FILE);
  if (value && file) throw new Error('Set APP_SECRET or APP_SECRET_FILE, not both');
  if (!file) return value;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`APP_SECRET_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const secret = nonEmpty(text);
  if (!secret) throw new Error(`APP_SECRET_FILE: ${file} is empty`);
  return secret;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = intFrom(env.PORT, 3000, 'PORT');
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const inngestEventKey = nonEmpty(env.INNGEST_EVENT_KEY);
  const inngestDev = inngestDevMode(env.INNGEST_DEV);
  const logLevel = (nonEmpty(env.LOG_LEVEL) ?? 'info') as AppConfig['logLevel'];
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of debug, info, warn, error, silent; got "${logLevel}"`);
  }
  if (inngestEventKey && !inngestDev && !nonEmpty(env.INNGEST_SIGNING_KEY)) {
    // Cloud mode: Inngest's calls to /api/inngest are verified with it, and the SDK refuses to serve without it.
    throw new Error('INNGEST_SIGNING_KEY is required with INNGEST_EVENT_KEY (or set INNGEST_DEV for a local dev server)');
  }
  if (nonEmpty(env.TRUST_PROXY) === 'true' && !nonEmpty(env.TRUSTED_PROXIES)) {
    // The boolean trusted whoever wrote the leftmost X-Forwarded-For entry; refuse to guess a list for it.
    throw new Error('TRUST_PROXY was replaced by TRUSTED_PROXIES: list your proxies\' addresses or CIDRs (e.g. TRUSTED_PROXIES=10.0.0.0/8)');
  }
  const publicBaseUrl = (nonEmpty(env.PUBLIC_BASE_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an absolute URL, got "${publicBaseUrl}"`);
  }
  const smtpUrl = nonEmpty(env.SMTP_URL);
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) throw new Error(`SMTP_URL must look like smtp://user:password@host:587 or smtps://…:465, got "${smtpUrl.replace(/\/\/[^@/]*@/, '//…@')}"`);
  const outboxSetting = nonEmpty(env.MAIL_OUTBOX);
  if (outboxSetting !== null && !['true', 'false'].includes(outboxSetting)) throw new Error(`MAIL_OUTBOX must be true or false, got "${outboxSetting}"`);
  if (outboxSetting === 'true' && smtpUrl) throw new Error('MAIL_OUTBOX=true is for machines without SMTP_URL: with SMTP configured mail is delivered, never kept on a page');
  return {
    databaseUrl,
    pgliteDataDir: nonEmpty(env.PGLITE_DATA_DIR) ?? path.resolve('.data/pglite'),
    databasePoolSize: intFrom(env.DATABASE_POOL_SIZE, 10, 'DATABASE_POOL_SIZE'),
    redisUrl: nonEmpty(env.REDIS_URL),
    upstashRestUrl: nonEmpty(env.UPSTASH_REDIS_REST_URL),
    upstashRestToken: nonEmpty(env.UPSTASH_REDIS_REST_TOKEN),
    publicBaseUrl,
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    rateLimitRequests: intFrom(env.RATE_LIMIT_REQUESTS, 600, 'RATE_LIMIT_REQUESTS'),
    rateLimitWindowSeconds: intFrom(env.RATE_LIMIT_WINDOW_SECONDS, 60, 'RATE_LIMIT_WINDOW_SECONDS'),
    maxJsonBodyBytes: intFrom(env.MAX_JSON_BODY_BYTES, 1_048_576, 'MAX_JSON_BODY_BYTES'),
    appSecret: appSecretFrom(env),
    production: env.NODE_ENV === 'production',
    inngest:
      inngestEventKey || inngestDev
        ? { eventKey: inngestEventKey, signingKey: nonEmpty(env.INNGEST_SIGNING_KEY), dev: inngestDev }
        : null,
    seedDemo: (nonEmpty(env.SEED_DEMO) ?? (databaseUrl ? 'false' : 'true')) === 'true',
    logLevel,
    logFormat: logFormatFrom(env.LOG_FORMAT),
    tracing:
      (nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT) || nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)) && env.OTEL_TRACES_EXPORTER?.trim() !== 'none'
        ? { serviceName: nonEmpty(env.OTEL_SERVICE_NAME) ?? 'creator-api' }
        : null,
    metrics: env.METRICS_PORT?.trim() ? { port: intFrom(env.METRICS_PORT, 9464, 'METRICS_PORT'), host: nonEmpty(env.METRICS_HOST) ?? '127.0.0.1' } : null,
    fetchAllowPrivateNetworks: nonEmpty(env.FETCH_ALLOW_PRIVATE_NETWORKS) === 'true',
    trustedProxies: parseTrustedProxies(nonEmpty(env.TRUSTED_PROXIES)),
    webhookRetryScale: positiveNumberFrom(env.WEBHOOK_RETRY_SCALE, 1, 'WEBHOOK_RETRY_SCALE'),
    jobs: jobSettings(env),
    smtpUrl,
    mailFrom: nonEmpty(env.MAIL_FROM) ?? `creator-api <no-reply@${new URL(publicBaseUrl).hostname}>`,
    mailOutbox: !smtpUrl && (outboxSetting === null ? !databaseUrl : outboxSetting === 'true'),
    shutdownDelayMs: nonNegativeSecondsFrom(env.SHUTDOWN_DELAY_SECONDS, 'SHUTDOWN_DELAY_SECONDS'),
    previewStorageBytes: intFrom(env.PREVIEW_STORAGE_MB, DEFAULT_PREVIEW_STORAGE_MB, 'PREVIEW_STORAGE_MB') * 1_048_576,
    sharePages: {
      viewsPerAddressPerHour: intFrom(env.PAGE_VIEWS_PER_ADDRESS_PER_HOUR, 60, 'PAGE_VIEWS_PER_ADDRESS_PER_HOUR'),
      cacheTtlSeconds: intFrom(env.SHARE_PAGE_CACHE_TTL_SECONDS, 5, 'SHARE_PAGE_CACHE_TTL_SECONDS'),
      cacheMaxBytes: intFrom(env.SHARE_PAGE_CACHE_MAX_MB, 64, 'SHARE_PAGE_CACHE_MAX_MB') * 1_048_576,
    },
    requestLogs: {
      enabled: onOffFrom(env.REQUEST_LOGS, 'REQUEST_LOGS'),
      retentionDays: intFrom(env.REQUEST_LOG_RETENTION_DAYS, 30, 'REQUEST_LOG_RETENTION_DAYS'),
      maxPerAccount: intFrom(env.REQUEST_LOG_MAX_PER_ACCOUNT, 100_000, 'REQUEST_LOG_MAX_PER_ACCOUNT'),
    },
    auditRetentionDays: intFrom(env.AUDIT_RETENTION_DAYS, 365, 'AUDIT_RETENTION_DAYS'),
  };
}
