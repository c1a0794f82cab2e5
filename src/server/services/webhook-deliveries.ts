import type { Db } from '../db/database';
import type { AppConfig } from '../config';
import type { Logger } from '../lib/logger';
import { safePostJson, type SafePostResult } from '../lib/safe-post';
import { SafeFetchError } from '../lib/safe-fetch';
import type { SecretBox } from '../lib/secret-box';
import { webhookHeaders } from '../lib/webhook-signature';
import { renderPayload } from './webhook-events';

/**
 * Delivery attempts (issue 15). A delivery is `pending` while an attempt is scheduled
 * (`next_attempt_at`); the worker claims due ones with FOR UPDATE SKIP LOCKED and a lease, so several
 * instances share the work and a crashed instance's claims lapse. 2xx is success; anything else
 * (another status, a redirect, a timeout, a refused address) is a failure retried on the schedule.
 */

/** Delays after the 1st, 2nd, … failed attempt: 8 attempts over about 27.6 hours. */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** An endpoint whose deliveries all failed for this long is disabled (`disabled_reason: failing`). */
export const DISABLE_AFTER_FAILING_SECONDS = 5 * 24 * 3600;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A claim lasts this long: well past the timeout, so a live attempt is never claimed twice. */
export const DELIVERY_LEASE_MS = 60_000;
/** How much of a receiver's answer the delivery log keeps. */
export const KEPT_RESPONSE_BYTES = 1024;

export interface DeliveryDeps {
  db: Db;
  config: Pick<AppConfig, 'fetchAllowPrivateNetworks' | 'publicBaseUrl' | 'webhookRetryScale'>;
  webhookSecrets: SecretBox;
  logger: Logger;
}

/** Milliseconds before the next attempt after `failedAttempts` failures, or null when none is left. */
export function retryDelayMs(failedAttempts: number, scale: number): number | null {
  const seconds = RETRY_SCHEDULE_SECONDS[failedAttempts - 1];
  return seconds === undefined ? null : Math.round(seconds * 1000 * scale);
}

/** Leases up to `limit` due deliveries to the caller; returns their ids. */
export async function claimDueDeliveries(db: Db, limit: number): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE webhook_deliveries SET locked_until = (now() AT TIME ZONE 'UTC') + make_interval(secs => $2)
      WHERE id IN (SELECT id FROM webhook_deliveries
                    WHERE status = 'pending' AND next_attempt_at <= (now() AT TIME ZONE 'UTC')
                      AND (locked_until IS NULL OR locked_until < (now() AT TIME ZONE 'UTC'))
                    ORDER BY next_attempt_at
                    LIMIT $1
                    FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    limit,
    DELIVERY_LEASE_MS / 1000,
  );
  return rows.map((r) => r.id);
}

/** When the earliest pending delivery falls due (its lease counted), or null when none is pending. */
export async function nextDeliveryDueAt(db: Db): Promise<Date | null> {
  const rows = await db.$queryRawUnsafe<{ due: Date | null }[]>(
    `SELECT min(GREATEST(next_attempt_at, COALESCE(locked_until, next_attempt_at))) AS due FROM webhook_deliveries WHERE status = 'pending'`,
  );
  const due = rows[0]?.due;
  return due ? new Date(due) : null;
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
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<AttemptOutcome> {
  const { db, config } = deps;
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true, event: true } });
  if (!delivery || delivery.status !== 'pending') return 'skipped';
  const { endpoint, event } = delivery;
  const started = new Date();
  if (endpoint.status !== 'enabled') {
    await db.webhookDelivery.updateMany({
      where: { id: deliveryId, status: 'pending' },
      data: { status: 'failed', lockedUntil: null, nextAttemptAt: null, lastError: 'Not sent: the endpoint is disabled. Enable it, then retry this delivery.' },
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

  await db.$transaction(async (tx) => {
    await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, status: 'pending' },
      data: {
        status,
        attempts,
        manual: false,
        lockedUntil: null,
        nextAttemptAt: delay === null ? null : new Date(finished.getTime() + delay),
        lastAttemptAt: started,
        lastResponseCode: result?.status ?? null,
        lastError: succeeded ? null : describeFailure(result, error),
        lastDurationMs: finished.getTime() - started.getTime(),
      },
    });
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
