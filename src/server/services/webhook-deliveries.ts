import { randomBytes } from 'node:crypto';
import type { Owner } from '../domain/owner';
import type { Db } from '../db/database';
import type { JobRunner } from '../domain/jobs';
import type { AppConfig } from '../config';
import type { Logger } from '../lib/logger';
import { safePostJson, type SafePostResult } from '../lib/safe-post';
import { SafeFetchError } from '../lib/safe-fetch';
import type { SecretBox } from '../lib/secret-box';
import { webhookHeaders } from '../lib/webhook-signature';
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
/** How much of a receiver's answer the delivery log keeps. */
export const KEPT_RESPONSE_BYTES = 1024;

export interface DeliveryDeps {
  db: Db;
  config: Pick<AppConfig, 'fetchAllowPrivateNetworks' | 'publicBaseUrl' | 'webhookRetryScale'>;
  webhookSecrets: SecretBox;
  logger: Logger;
  jobs: Pick<JobRunner, 'enqueue'>;
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
    payload: { deliveryId: delivery.id, token: delivery.token },
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

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'skipped';

function describeFailure(result: SafePostResult | null, error: SafeFetchError | null): string | null {
  if (error) return error.message;
  if (result && (result.status < 200 || result.status >= 300)) {
    const redirect = result.status >= 300 && result.status < 400 ? ' (redirects are not followed)' : '';
    return `HTTP ${result.status}${redirect}${result.body ? `: ${result.body}` : ''}`;
  }
  return result?.body ? result.body : null;
}

/**
 * One attempt of one claimed delivery: sign with the current secret (and the previous one during a
 * rotation), POST with the SSRF guard, record the outcome and schedule the next attempt.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string, token: string): Promise<AttemptOutcome> {
  const { db, config } = deps;
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true, event: true } });
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

  let result: SafePostResult | null = null;
  let error: SafeFetchError | null = null;
  try {
    const secrets = [deps.webhookSecrets.open(endpoint.secretEncrypted)];
    if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > started) {
      secrets.push(deps.webhookSecrets.open(endpoint.previousSecretEncrypted));
    }
    const body = JSON.stringify(renderPayload(event.payload, config.publicBaseUrl));
    const headers = webhookHeaders(secrets, event.id, Math.floor(started.getTime() / 1000), body);
    result = await safePostJson(endpoint.url, body, headers, {
      allowPrivateNetworks: config.fetchAllowPrivateNetworks,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      userAgent: `creator-api-webhooks/1.0 (+${config.publicBaseUrl})`,
      keepBytes: KEPT_RESPONSE_BYTES,
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
  await db.$transaction(async (tx) => {
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
        lastError: succeeded ? null : describeFailure(result, error),
        lastDurationMs: finished.getTime() - started.getTime(),
      },
    });
    // A manual retry took the delivery over meanwhile: its job records the outcome from now on.
    if (recorded.count === 0) return;
    if (nextAttemptAt && nextToken) {
      await enqueueDeliveryJob(deps.jobs, tx, { id: deliveryId, endpointId: endpoint.id, owner: { type: endpoint.ownerType, id: endpoint.ownerId }, token: nextToken, runAt: nextAttemptAt });
    }
    if (succeeded) {
      await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: { not: null } }, data: { failingSince: null } });
      return;
    }
    await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: null }, data: { failingSince: started } });
    const disabled = await tx.webhookEndpoint.updateMany({
      where: { id: endpoint.id, status: 'enabled', failingSince: { lte: disableBefore } },
      data: { status: 'disabled', disabledReason: 'failing' },
    });
    if (disabled.count > 0) deps.logger.warn('webhook endpoint disabled after failing deliveries', { endpoint_id: endpoint.id });
  });
  return succeeded ? 'succeeded' : status === 'pending' ? 'retrying' : 'failed';
}
