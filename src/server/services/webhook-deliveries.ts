import { randomBytes } from 'node:crypto';
import type { Owner } from '../domain/owner';
import type { Db, SqlQuery } from '../db/database';
import { PostponeJob, type JobRunContext, type JobRunner, type SettleWrite } from '../domain/jobs';
import type { AppConfig } from '../config';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import { webhookEndpointDisabledMail } from '../mail/templates';
import { safePostJson, type SafePostResult } from '../lib/safe-post';
import { SafeFetchError } from '../lib/safe-fetch';
import type { SecretBox } from '../lib/secret-box';
import { webhookHeaders } from '../lib/webhook-signature';
import { newObjectId } from '../lib/object-id';
import { DELIVERY_JOB_MAX_ATTEMPTS, renderPayload, WEBHOOK_DELIVERY_JOB } from './webhook-events';
import type { Prisma } from '../../generated/prisma/client';

/**
 * Delivery attempts (issue 15). A delivery is `pending` while an attempt is scheduled
 * (`next_attempt_at`). Each attempt is a job on the app's job runner (the `jobs` table, claimed under
 * leases by any instance, or Inngest), due at `next_attempt_at`; the job that records a failure
 * enqueues the next attempt in the same transaction, so the schedule survives restarts. 2xx is
 * success; anything else (another status, a redirect, a timeout, a refused address) is retried.
 * A job acts only if its token is still the delivery's `job_token`: a manual retry replaces the token,
 * so the scheduled attempt it overtook does nothing.
 */

/** Delays after the 1st, 2nd, … failed attempt: 8 attempts over about 27.6 hours. */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** An endpoint whose deliveries all failed for this long is disabled (`disabled_reason: failing`). */
export const DISABLE_AFTER_FAILING_SECONDS = 5 * 24 * 3600;
export const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * The circuit breaker per endpoint (backpressure, as Svix and Stripe do): after this many failed
 * attempts in a row (any deliveries), the circuit opens: nothing is sent to the endpoint for the next
 * CIRCUIT_OPEN_SECONDS (growing with each failed probe: 1, 5, 15, 30 min, then hourly), its queued
 * attempts keep their place, and once the time has passed one attempt at a time goes through as the
 * probe. A probe that succeeds closes the circuit and the backlog drains in order; one that fails opens
 * it again for longer. A dead endpoint so costs about 10 attempts in its first hour and 1 an hour after,
 * whatever its backlog, until it is disabled (DISABLE_AFTER_FAILING_SECONDS).
 */
export const CIRCUIT_OPENS_AFTER = 5;
export const CIRCUIT_OPEN_SECONDS = [60, 5 * 60, 15 * 60, 30 * 60, 3600] as const;

/** How long the circuit stays open after `consecutiveFailures` failures in a row (null: it stays closed). */
export function circuitOpenMs(consecutiveFailures: number, scale: number): number | null {
  if (consecutiveFailures < CIRCUIT_OPENS_AFTER) return null;
  const index = Math.min(consecutiveFailures - CIRCUIT_OPENS_AFTER, CIRCUIT_OPEN_SECONDS.length - 1);
  return Math.round(CIRCUIT_OPEN_SECONDS[index]! * 1000 * scale);
}
/** How much of a receiver's answer the attempt log keeps (`response_body`); `last_error` keeps the first 1 KB of it. */
export const KEPT_RESPONSE_BYTES = 2048;
const LAST_ERROR_BODY_CHARS = 1024;

export interface DeliveryDeps {
  db: Db;
  /** The raw path: the hot statements of an attempt are named, so parsed and planned once per connection. */
  sql: SqlQuery;
  config: Pick<AppConfig, 'fetchAllowPrivateNetworks' | 'publicBaseUrl' | 'webhookRetryScale'>;
  webhookSecrets: SecretBox;
  logger: Logger;
  jobs: Pick<JobRunner, 'enqueue' | 'hold'>;
  /** Tells the account when an endpoint is disabled for failing. */
  mailer: Pick<Mailer, 'send'>;
}

/** Milliseconds before the next attempt after `failedAttempts` failures, or null when none is left. */
export function retryDelayMs(failedAttempts: number, scale: number): number | null {
  const seconds = RETRY_SCHEDULE_SECONDS[failedAttempts - 1];
  return seconds === undefined ? null : Math.round(seconds * 1000 * scale);
}

/** Schedules the attempt a delivery's current `job_token` stands for, in the caller's transaction. */
export async function enqueueDeliveryJob(
  jobs: Pick<JobRunner, 'enqueue'>,
  tx: Prisma.TransactionClient,
  delivery: { id: string; endpointId: string; owner: Owner; token: string; runAt?: Date },
): Promise<void> {
  await jobs.enqueue(tx, {
    kind: WEBHOOK_DELIVERY_JOB,
    account: delivery.owner,
    // Deliveries take turns per endpoint (the `deliveries` lane), so one endpoint's backlog never holds up another's.
    fairKey: delivery.endpointId,
    payload: { deliveryId: delivery.id, token: delivery.token, endpointId: delivery.endpointId },
    runAt: delivery.runAt,
    maxAttempts: DELIVERY_JOB_MAX_ATTEMPTS,
  });
}

export function newJobToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The attempt's job gave up on errors of our own (the database was unreachable): end the delivery
 * `failed` with a reason rather than leave it pending with no job; the owner can retry it.
 */
export async function abandonDelivery(db: Db, deliveryId: string, token: string): Promise<void> {
  await db.webhookDelivery.updateMany({
    where: { id: deliveryId, status: 'pending', jobToken: token },
    data: { status: 'failed', jobToken: null, nextAttemptAt: null, lastError: 'The delivery could not be attempted because of an error on our side; retry it.' },
  });
}

/**
 * The circuit's gate before an attempt: while open, the job goes back to its place (PostponeJob) and
 * the endpoint's group is held; once open time has passed, one attempt takes the probe by moving
 * `circuit_open_until` past its own timeout (a conditional write: concurrent attempts cannot both win).
 */
async function passCircuit(
  deps: Pick<DeliveryDeps, 'db' | 'jobs'>,
  endpoint: { id: string; circuitOpenUntil: Date | null },
  now: Date,
): Promise<void> {
  const openUntil = endpoint.circuitOpenUntil;
  if (!openUntil) return;
  if (openUntil <= now) {
    const probeUntil = new Date(now.getTime() + DELIVERY_TIMEOUT_MS + 5_000);
    const probe = await deps.db.webhookEndpoint.updateMany({ where: { id: endpoint.id, circuitOpenUntil: openUntil }, data: { circuitOpenUntil: probeUntil } });
    if (probe.count === 1) return;
    // Another attempt took the probe (or its outcome is in already): wait for what the endpoint says now.
  }
  const until = await holdWhileOpen(deps, endpoint.id);
  // The probe got through meanwhile and closed the circuit: this attempt goes on in its place rather
  // than behind the deliveries the recovered endpoint's slots take next (the backlog drains in order).
  if (until === null) return;
  throw new PostponeJob(until);
}

/**
 * Holds the endpoint's group until its circuit's current `circuit_open_until`, read under the row's
 * lock. The probe's outcome writes that column and the hold in one transaction on the same row, so
 * whichever commits second sees the other's write: a hold written from a stale read (the probe's own
 * 15 s timeout, after the probe already failed and shortened it) would stall the backlog for nothing.
 */
async function holdWhileOpen(deps: Pick<DeliveryDeps, 'db' | 'jobs'>, endpointId: string): Promise<Date | null> {
  return deps.db.$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<{ until: Date | null }[]>(
      `SELECT circuit_open_until AS until FROM webhook_endpoints WHERE id = $1 FOR UPDATE`,
      endpointId,
    );
    const until = rows[0]?.until ?? null;
    if (until && until > new Date()) await deps.jobs.hold(tx, WEBHOOK_DELIVERY_JOB, endpointId, until);
    return until;
  });
}

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'skipped';

function describeFailure(result: SafePostResult | null, error: SafeFetchError | null): string | null {
  if (error) return error.message;
  if (result && (result.status < 200 || result.status >= 300)) {
    const redirect = result.status >= 300 && result.status < 400 ? ' (redirects are not followed)' : '';
    return `HTTP ${result.status}${redirect}${result.body ? `: ${result.body.slice(0, LAST_ERROR_BODY_CHARS)}` : ''}`;
  }
  return result?.body ? result.body.slice(0, LAST_ERROR_BODY_CHARS) : null;
}

export type AttemptErrorClass = 'timeout' | 'network' | 'http_status' | 'refused_address';

/** The attempt log's `error_class`: null after a 2xx. */
export function attemptErrorClass(result: SafePostResult | null, error: SafeFetchError | null): AttemptErrorClass | null {
  if (error) {
    if (error.code === 'timeout') return 'timeout';
    if (error.code === 'blocked-address' || error.code === 'blocked-url' || error.code === 'invalid-url') return 'refused_address';
    return 'network';
  }
  if (result && (result.status < 200 || result.status >= 300)) return 'http_status';
  return null;
}

/** PostgreSQL text holds no NUL: a receiver's body may. */
const storable = (text: string | null | undefined): string | null => (text ? text.replaceAll('\u0000', '') : null);

/** A delivery with its endpoint and event, as an attempt needs them: one statement (the hot path). */
interface LoadedDelivery {
  status: string;
  jobToken: string | null;
  attempts: number;
  manual: boolean;
  endpoint: {
    id: string;
    ownerType: 'agency' | 'creator';
    ownerId: string;
    url: string;
    status: string;
    secretEncrypted: string;
    previousSecretEncrypted: string | null;
    previousSecretExpiresAt: Date | null;
    failingSince: Date | null;
    consecutiveFailures: number;
    circuitOpenUntil: Date | null;
  };
  event: { id: string; payload: unknown };
}

/** Times cross the raw queries as epoch milliseconds: the columns are UTC timestamps without a zone. */
const epochMs = (column: string) => `(extract(epoch FROM ${column} AT TIME ZONE 'UTC') * 1000)::float8`;
const fromMs = (ms: number | null) => (ms === null ? null : new Date(ms));

type DeliveryRow = {
  delivery_id: string; status: string; job_token: string | null; attempts: number; manual: boolean; endpoint_id: string; owner_type: 'agency' | 'creator'; owner_id: string;
  url: string; endpoint_status: string; secret_encrypted: string; previous_secret_encrypted: string | null; previous_secret_expires_at: number | null;
  failing_since: number | null; consecutive_failures: number; circuit_open_until: number | null; event_id: string; payload: unknown;
};

/** The delivery, its endpoint and its event, for the join's WHERE to pick the delivery. */
const DELIVERY_ROW_SQL = `SELECT d.id AS delivery_id, d.status::text AS status, d.job_token, d.attempts, d.manual, e.id AS endpoint_id, e.owner_type::text AS owner_type,
            e.owner_id, e.url, e.status::text AS endpoint_status, e.secret_encrypted, e.previous_secret_encrypted,
            ${epochMs('e.previous_secret_expires_at')} AS previous_secret_expires_at, ${epochMs('e.failing_since')} AS failing_since,
            e.consecutive_failures, ${epochMs('e.circuit_open_until')} AS circuit_open_until, v.id AS event_id, v.payload
       FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id
       JOIN webhook_events v ON v.id = d.event_id`;

/**
 * The delivery job's preload (JobOptions.preload): the same row, read in the statement that hands a
 * slot its next delivery, so an attempt carried by a hand-off starts without a read of its own.
 */
export const DELIVERY_PRELOAD_SQL = `${DELIVERY_ROW_SQL}
      WHERE d.id = (SELECT c.payload->>'deliveryId' FROM job_claimed c)`;

async function loadDelivery(sql: SqlQuery, deliveryId: string): Promise<LoadedDelivery | null> {
  const rows = await sql<DeliveryRow>(`${DELIVERY_ROW_SQL}\n      WHERE d.id = $1`, [deliveryId], { name: 'webhook_delivery_load' });
  return rows[0] ? loadedDelivery(rows[0]) : null;
}

/** A preload is used only when it is this delivery's (the job's payload names it); anything else is read again. */
function preloadedDelivery(preloaded: unknown, deliveryId: string): LoadedDelivery | null {
  if (typeof preloaded !== 'object' || preloaded === null || (preloaded as { delivery_id?: unknown }).delivery_id !== deliveryId) return null;
  return loadedDelivery(preloaded as DeliveryRow);
}

function loadedDelivery(row: DeliveryRow): LoadedDelivery {
  return {
    status: row.status,
    jobToken: row.job_token,
    attempts: row.attempts,
    manual: row.manual,
    endpoint: {
      id: row.endpoint_id,
      ownerType: row.owner_type,
      ownerId: row.owner_id,
      url: row.url,
      status: row.endpoint_status,
      secretEncrypted: row.secret_encrypted,
      previousSecretEncrypted: row.previous_secret_encrypted,
      previousSecretExpiresAt: fromMs(row.previous_secret_expires_at),
      failingSince: fromMs(row.failing_since),
      consecutiveFailures: row.consecutive_failures,
      circuitOpenUntil: fromMs(row.circuit_open_until),
    },
    event: { id: row.event_id, payload: row.payload },
  };
}

/**
 * A 2xx from a healthy endpoint, recorded in one statement: the attempt log row (unless the delivery
 * is gone: the key-share lock keeps it until the statement ends) and the delivery's outcome, if its
 * token is still this attempt's (a manual retry that overtook it records its own). Committed without
 * waiting for the WAL flush (`synchronous_commit` off, this transaction only; about 2 ms a delivery
 * here): a PostgreSQL crash can lose the last fraction of a second of these records, and then the
 * delivery is sent again — at least once, as always, the receiver deduplicating on `webhook-id`. The
 * job's settling is written with this record (the hand-off's statement) or after it, so it can never
 * survive a crash that lost the record. CTEs (a SettleWrite), so the job runner can run them inside
 * the statement that settles the job.
 */
const SUCCESS_RECORD_CTES = `present AS (
       SELECT id, set_config('synchronous_commit', 'off', true) AS commit_mode FROM webhook_deliveries WHERE id = $1 FOR KEY SHARE
     ), logged AS (
       INSERT INTO webhook_delivery_attempts (id, delivery_id, attempted_at, manual, response_status, duration_ms, response_body, error_class, error)
       SELECT $3, p.id, to_timestamp($4::float8 / 1000) AT TIME ZONE 'UTC', $5::boolean, $6::int, $7::int, $8::text, NULL, NULL FROM present p
       RETURNING id
     ), recorded AS (
       UPDATE webhook_deliveries
          SET status = 'succeeded', attempts = $9::int, manual = false, job_token = NULL, next_attempt_at = NULL,
              last_attempt_at = to_timestamp($4::float8 / 1000) AT TIME ZONE 'UTC', last_response_code = $6::int, last_error = NULL,
              last_duration_ms = $7::int, updated_at = to_timestamp($10::float8 / 1000) AT TIME ZONE 'UTC'
        WHERE id = $1 AND status = 'pending' AND job_token = $2 AND EXISTS (SELECT 1 FROM logged)
       RETURNING id
     )`;

function successRecord(a: { deliveryId: string; token: string; started: Date; finished: Date; manual: boolean; attempts: number; status: number; body: string | null }): SettleWrite {
  return {
    ctes: SUCCESS_RECORD_CTES,
    params: [
      a.deliveryId,
      a.token,
      newObjectId(a.started.getTime()),
      a.started.getTime(),
      a.manual,
      a.status,
      a.finished.getTime() - a.started.getTime(),
      a.body,
      a.attempts,
      Date.now(),
    ],
  };
}

/**
 * Send order per endpoint in this process: an attempt sends its request only after every attempt to
 * the same endpoint started before it here has sent its own (or given up before sending). Attempts
 * start in claim order — due time, then event order — but the work before the request (reading the
 * delivery, signing) takes longer for one than another on a busy machine, and a slot that finishes
 * quickly goes straight on with the endpoint's next delivery (the jobs' hand-off): without this the
 * faster slot could send several later events before a slower one sent its earlier event. With it,
 * requests leave in start order and an endpoint sees events out of order by at most its in-flight
 * limit − 1. "Sent" is written to the socket: a request queued on the endpoint's agent behind a new
 * connection would otherwise let the next requests overtake it on an open one.
 */
const sendTurns = new Map<string, Promise<void>>();

function takeSendTurn(endpointId: string | undefined): { ready: Promise<void>; sent: () => void } {
  if (!endpointId) return { ready: Promise.resolve(), sent: () => {} };
  const before = sendTurns.get(endpointId) ?? Promise.resolve();
  let sent!: () => void;
  const mine = new Promise<void>((resolve) => (sent = resolve));
  sendTurns.set(endpointId, mine);
  void mine.then(() => {
    if (sendTurns.get(endpointId) === mine) sendTurns.delete(endpointId);
  });
  return { ready: before, sent };
}

/**
 * One attempt of one claimed delivery: sign with the current secret (and the previous one during a
 * rotation), POST with the SSRF guard, record the outcome and schedule the next attempt. `endpointId`
 * (the job's, when it carries one) keeps this process's requests to the endpoint in start order.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string, token: string, endpointId?: string, context?: JobRunContext): Promise<AttemptOutcome> {
  // Taken before the first await: attempts take their turns in the order they started.
  const turn = takeSendTurn(endpointId);
  try {
    return await attemptInTurn(deps, deliveryId, token, turn, context);
  } finally {
    turn.sent();
  }
}

async function attemptInTurn(
  deps: DeliveryDeps,
  deliveryId: string,
  token: string,
  turn: { ready: Promise<void>; sent: () => void },
  context: JobRunContext | undefined,
): Promise<AttemptOutcome> {
  const { db, config } = deps;
  const delivery = preloadedDelivery(context?.preloaded, deliveryId) ?? (await loadDelivery(deps.sql, deliveryId));
  if (!delivery || delivery.status !== 'pending' || delivery.jobToken !== token) return 'skipped';
  const { endpoint, event } = delivery;
  const started = new Date();
  if (endpoint.status !== 'enabled') {
    await db.webhookDelivery.updateMany({
      where: { id: deliveryId, status: 'pending', jobToken: token },
      data: { status: 'failed', jobToken: null, nextAttemptAt: null, lastError: 'Not sent: the endpoint is disabled. Enable it, then retry this delivery.' },
    });
    return 'failed';
  }
  await passCircuit(deps, endpoint, started);

  let result: SafePostResult | null = null;
  let error: SafeFetchError | null = null;
  try {
    const secrets = [deps.webhookSecrets.open(endpoint.secretEncrypted)];
    if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > started) {
      secrets.push(deps.webhookSecrets.open(endpoint.previousSecretEncrypted));
    }
    const body = JSON.stringify(renderPayload(event.payload, config.publicBaseUrl));
    const headers = webhookHeaders(secrets, event.id, Math.floor(started.getTime() / 1000), body);
    await turn.ready;
    // The next attempt may go once this request is written to its socket, not merely queued on the
    // endpoint's agent: a request waiting for a new connection was overtaken by the next two on the
    // agent's open one (seen once in CI: an event 2 places late with 2 in flight). A request that
    // fails before it is written lets the next one go from attemptDelivery's `finally`.
    result = await safePostJson(endpoint.url, body, headers, {
      allowPrivateNetworks: config.fetchAllowPrivateNetworks,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      userAgent: `creator-api-webhooks/1.0 (+${config.publicBaseUrl})`,
      keepBytes: KEPT_RESPONSE_BYTES,
      onWritten: turn.sent,
    });
  } catch (caught) {
    if (caught instanceof SafeFetchError) error = caught;
    else {
      deps.logger.error('webhook delivery attempt failed', { delivery_id: deliveryId, error: (caught as Error).stack ?? String(caught) });
      error = new SafeFetchError('network', 'the delivery could not be sent because of an error on our side');
    }
  }

  const finished = new Date();
  const succeeded = result !== null && result.status >= 200 && result.status < 300;
  const attempts = delivery.attempts + 1;
  const delay = succeeded || delivery.manual ? null : retryDelayMs(attempts, config.webhookRetryScale);
  const status = succeeded ? 'succeeded' : delay === null ? 'failed' : 'pending';
  const disableBefore = new Date(finished.getTime() - DISABLE_AFTER_FAILING_SECONDS * 1000 * config.webhookRetryScale);

  const nextAttemptAt = delay === null ? null : new Date(finished.getTime() + delay);
  const nextToken = nextAttemptAt ? newJobToken() : null;
  let disabledNow = false;
  if (succeeded && !endpoint.failingSince && endpoint.consecutiveFailures === 0 && !endpoint.circuitOpenUntil) {
    // The common case, a healthy endpoint that answered 2xx: the attempt log and the outcome in one
    // statement (no transaction, no endpoint write), as the transaction below would record them —
    // handed to the job runner when it offers to, which writes it with the job's settling and the
    // slot's next delivery (JobRunContext.settleWith), else written here.
    const record = successRecord({ deliveryId, token, started, finished, manual: delivery.manual, attempts, status: result!.status, body: storable(result!.body) });
    if (context?.settleWith) context.settleWith(record);
    else await deps.sql(`WITH ${record.ctes} SELECT 1 AS done`, record.params, { name: 'webhook_delivery_succeeded' });
    return 'succeeded';
  }
  await db.$transaction(async (tx) => {
    // The attempt log: every request sent (or tried), even one a manual retry overtook meanwhile — unless
    // the delivery is gone (its endpoint deleted, its event swept); the key-share lock keeps it until commit.
    const present = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM webhook_deliveries WHERE id = ${deliveryId} FOR KEY SHARE`;
    if (present.length === 0) return;
    await tx.webhookDeliveryAttempt.create({
      data: {
        id: newObjectId(started.getTime()),
        deliveryId,
        attemptedAt: started,
        manual: delivery.manual,
        responseStatus: result?.status ?? null,
        durationMs: finished.getTime() - started.getTime(),
        responseBody: storable(result?.body),
        errorClass: attemptErrorClass(result, error),
        error: succeeded ? null : error ? error.message : describeFailure(result && { ...result, body: '' }, null),
      },
    });
    const recorded = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, status: 'pending', jobToken: token },
      data: {
        status,
        attempts,
        manual: false,
        jobToken: nextToken,
        nextAttemptAt,
        lastAttemptAt: started,
        lastResponseCode: result?.status ?? null,
        lastError: succeeded ? null : storable(describeFailure(result, error)),
        lastDurationMs: finished.getTime() - started.getTime(),
      },
    });
    // A manual retry took the delivery over meanwhile: its job records the outcome from now on.
    if (recorded.count === 0) return;
    if (nextAttemptAt && nextToken) {
      await enqueueDeliveryJob(deps.jobs, tx, { id: deliveryId, endpointId: endpoint.id, owner: { type: endpoint.ownerType, id: endpoint.ownerId }, token: nextToken, runAt: nextAttemptAt });
    }
    if (succeeded) {
      // The probe (or any attempt) got through: the circuit closes and the endpoint's backlog is claimable again.
      // Nothing to write for a healthy endpoint: a success costs no more writes than before the breaker.
      if (!endpoint.failingSince && endpoint.consecutiveFailures === 0 && !endpoint.circuitOpenUntil) return;
      await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id }, data: { failingSince: null, consecutiveFailures: 0, circuitOpenUntil: null } });
      if (endpoint.circuitOpenUntil) await deps.jobs.hold(tx, WEBHOOK_DELIVERY_JOB, endpoint.id, null);
      return;
    }
    await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: null }, data: { failingSince: started } });
    const counted = await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { consecutiveFailures: { increment: 1 } }, select: { consecutiveFailures: true } });
    const openMs = circuitOpenMs(counted.consecutiveFailures, config.webhookRetryScale);
    if (openMs !== null) {
      const until = new Date(finished.getTime() + openMs);
      await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { circuitOpenUntil: until } });
      await deps.jobs.hold(tx, WEBHOOK_DELIVERY_JOB, endpoint.id, until);
    }
    const disabled = await tx.webhookEndpoint.updateMany({
      where: { id: endpoint.id, status: 'enabled', failingSince: { lte: disableBefore } },
      data: { status: 'disabled', disabledReason: 'failing' },
    });
    disabledNow = disabled.count > 0;
  });
  if (disabledNow) {
    deps.logger.warn('webhook endpoint disabled after failing deliveries', { endpoint_id: endpoint.id });
    // After the commit: the mail is news of a change that happened, and a mail failure must not undo it.
    await notifyEndpointDisabled(deps, endpoint).catch((error) =>
      deps.logger.error('could not mail the webhook endpoint’s account', { endpoint_id: endpoint.id, error: String(error) }),
    );
  }
  return succeeded ? 'succeeded' : status === 'pending' ? 'retrying' : 'failed';
}

/**
 * Mails the people who run the account (the agency's owner, the creator) that an endpoint was
 * disabled after failing for the whole window: events keep being recorded, and once the endpoint
 * is enabled again its failed deliveries can be replayed. With no SMTP configured the mail goes to
 * the log and the dev outbox like every other.
 */
async function notifyEndpointDisabled(
  deps: Pick<DeliveryDeps, 'db' | 'mailer' | 'config'>,
  endpoint: { id: string; url: string; ownerType: 'agency' | 'creator'; ownerId: string; failingSince: Date | null },
): Promise<void> {
  const recipients =
    endpoint.ownerType === 'agency'
      ? await deps.db.user.findMany({ where: { agencies: { some: { id: endpoint.ownerId } } }, select: { email: true } })
      : await deps.db.user.findMany({ where: { creator: { id: endpoint.ownerId } }, select: { email: true } });
  for (const { email } of recipients) {
    await deps.mailer.send(
      webhookEndpointDisabledMail({
        to: email,
        endpointUrl: endpoint.url,
        failingDays: Math.round(DISABLE_AFTER_FAILING_SECONDS / 86_400),
        settingsUrl: `${deps.config.publicBaseUrl}/settings/webhooks`,
      }),
    );
  }
}
