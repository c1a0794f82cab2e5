import type { Db } from '../db/database';
import { ownedBy, type Owner } from '../domain/owner';
import { ApiError, emptyPatch, fieldError, notFound, preconditionFailed } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import { checkDeliverableUrl } from '../lib/safe-post';
import { SafeFetchError } from '../lib/safe-fetch';
import type { SecretBox } from '../lib/secret-box';
import { newSigningSecret } from '../lib/webhook-signature';
import type { AppConfig } from '../config';
import { ALL_EVENTS, emitEvents, type EventApp } from './webhook-events';
import { enqueueDeliveryJob, newJobToken } from './webhook-deliveries';
import type { JobRunner } from '../domain/jobs';
import { DELIVERY_JOB_MAX_ATTEMPTS, WEBHOOK_DELIVERY_JOB } from './webhook-events';
import { JOBS_CHANNEL, laneOf } from '../domain/jobs';
import type { Actor } from '../domain/actor';
import { createHash } from 'node:crypto';
import { changedFields, createdFields, recordAudit } from './audit-events';
import type { Prisma, WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint, WebhookEvent } from '../../generated/prisma/client';
import { keysetWindow } from '../domain/pagination';

/**
 * Webhook endpoints and their delivery log (issue 15). Every read and write is scoped to the owning
 * account (agency or creator); another account's endpoint or delivery is a 404.
 */
export const MAX_ENDPOINTS_PER_ACCOUNT = 20;
/** After a rotation the previous secret keeps signing, next to the new one, this long. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
export const ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface WebhookDeps {
  db: Db;
  config: Pick<AppConfig, 'fetchAllowPrivateNetworks'>;
  webhookSecrets: SecretBox;
}

export interface EndpointFields {
  url?: string;
  events?: string[];
  description?: string | null;
  status?: EndpointStatus;
}

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  status: EndpointStatus;
  disabled_reason: 'manual' | 'failing' | null;
  failing_since: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export function webhookEndpointView(row: WebhookEndpoint, now = new Date()): WebhookEndpointView {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    status: row.status,
    disabled_reason: row.status === 'disabled' ? ((row.disabledReason as 'manual' | 'failing' | null) ?? 'manual') : null,
    failing_since: row.failingSince?.toISOString() ?? null,
    previous_secret_expires_at: overlap?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type DeliveryWithEvent = WebhookDelivery & { event: Pick<WebhookEvent, 'id' | 'type' | 'createdAt'> };

export function webhookDeliveryView(row: DeliveryWithEvent) {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.event.type,
    status: row.status,
    attempts: row.attempts,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    last_response_code: row.lastResponseCode,
    last_error: row.lastError,
    last_duration_ms: row.lastDurationMs,
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
  };
}

export type WebhookDeliveryView = ReturnType<typeof webhookDeliveryView>;

/** How many attempts GET …/deliveries/{id} shows, newest first (8 scheduled ones plus manual retries). */
export const ATTEMPT_LOG_LIMIT = 50;

export function webhookAttemptView(row: WebhookDeliveryAttempt) {
  return {
    id: row.id,
    attempted_at: row.attemptedAt.toISOString(),
    trigger: row.manual ? ('manual' as const) : ('scheduled' as const),
    response_status: row.responseStatus,
    duration_ms: row.durationMs,
    response_body: row.responseBody,
    error_class: row.errorClass,
    error: row.error,
  };
}

export type DeliveryWithAttempts = DeliveryWithEvent & { attemptLog: WebhookDeliveryAttempt[] };

export function webhookDeliveryDetailView(row: DeliveryWithAttempts) {
  return { ...webhookDeliveryView(row), attempt_log: row.attemptLog.map(webhookAttemptView) };
}


/** `["*"]` alone, or distinct event types (the schema has already checked the names). */
function normalizeEvents(events: string[]): string[] {
  const unique = [...new Set(events)];
  if (unique.includes(ALL_EVENTS) && unique.length > 1) {
    throw fieldError('body.events', 'Send ["*"] alone for every event type, or a list of event types without "*".', 'invalid_value');
  }
  if (unique.length === 0) throw fieldError('body.events', 'Subscribe to at least one event type, or ["*"] for all.', 'too_small');
  return unique;
}

async function checkUrl(deps: WebhookDeps, url: string): Promise<string> {
  try {
    return (await checkDeliverableUrl(url, { allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks })).toString();
  } catch (error) {
    if (error instanceof SafeFetchError) throw fieldError('body.url', `The URL ${error.message}.`, error.code === 'blocked-address' ? 'blocked_address' : 'invalid_url');
    throw error;
  }
}

export async function findOwned(db: Db, owner: Owner, endpointId: string): Promise<WebhookEndpoint> {
  const row = await db.webhookEndpoint.findFirst({ where: { id: endpointId, ...ownedBy(owner) } });
  if (!row) throw notFound('webhook endpoint', endpointId);
  return row;
}

/** The endpoint fields the audit log compares; the URL only as `auditUrl` shows it. */
const AUDITED_FIELDS = ['url', 'events', 'description', 'status', 'disabled_reason'] as const;

function auditedFields(row: WebhookEndpoint) {
  return { url: auditUrl(row.url), events: row.events, description: row.description, status: row.status, disabled_reason: row.status === 'disabled' ? row.disabledReason : null };
}

/**
 * A URL as the audit log keeps it: scheme and host, and a short fingerprint of the whole URL instead
 * of its path and query, which often carry a token (`https://hooks.example.com/… #3fa2c1`). Two
 * different URLs on one host still differ.
 */
export function auditUrl(url: string): string {
  const fingerprint = createHash('sha256').update(url).digest('hex').slice(0, 6);
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/… #${fingerprint}`;
  } catch {
    return `#${fingerprint}`;
  }
}

/** POST /webhook-endpoints: the endpoint and its signing secret, which is never shown again. */
export async function createWebhookEndpoint(
  deps: WebhookDeps,
  actor: Actor,
  owner: Owner,
  fields: { url: string; events: string[]; description?: string | null },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const events = normalizeEvents(fields.events);
  const url = await checkUrl(deps, fields.url);
  const secret = newSigningSecret();
  const endpoint = await deps.db.$transaction(async (tx) => {
    // Counted under a lock on the account's endpoints, so concurrent creates cannot pass the bound together.
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM webhook_endpoints WHERE owner_type = ${owner.type} AND owner_id = ${owner.id} FOR UPDATE`;
    if (rows.length >= MAX_ENDPOINTS_PER_ACCOUNT) {
      throw new ApiError('conflict', `An account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one first (one endpoint can receive every event type).`);
    }
    const created = await tx.webhookEndpoint.create({
      data: {
        id: newObjectId(),
        ...ownedBy(owner),
        url,
        events,
        description: fields.description ?? null,
        secretEncrypted: deps.webhookSecrets.seal(secret),
      },
    });
    await recordAudit(tx, actor, {
      subject: owner,
      action: 'webhook_endpoint.created',
      target: { type: 'webhook_endpoint', id: created.id },
      changes: createdFields(auditedFields(created), AUDITED_FIELDS),
    });
    return created;
  });
  return { endpoint, secret };
}

export async function getWebhookEndpoint(db: Db, owner: Owner, endpointId: string): Promise<WebhookEndpoint> {
  return findOwned(db, owner, endpointId);
}

export async function listWebhookEndpoints(db: Db, owner: Owner, afterId: string | undefined, take: number): Promise<WebhookEndpoint[]> {
  return db.webhookEndpoint.findMany(keysetWindow(ownedBy(owner), afterId, take));
}

/**
 * PATCH: url (checked again), events, description, status. Enabling clears the failure record. With
 * `expectedUpdatedAt` (If-Match) the write is a compare-and-set: a change that landed since is 412.
 */
export async function updateWebhookEndpoint(
  deps: WebhookDeps,
  actor: Actor,
  owner: Owner,
  endpointId: string,
  fields: EndpointFields,
  options: { expectedUpdatedAt?: Date } = {},
): Promise<WebhookEndpoint> {
  if (Object.keys(fields).length === 0) throw emptyPatch();
  const data: Prisma.WebhookEndpointUpdateManyMutationInput = {};
  if (fields.url !== undefined) data.url = await checkUrl(deps, fields.url);
  if (fields.events !== undefined) data.events = normalizeEvents(fields.events);
  if (fields.description !== undefined) data.description = fields.description;
  if (fields.status === 'enabled') Object.assign(data, { status: 'enabled', disabledReason: null, failingSince: null });
  if (fields.status === 'disabled') Object.assign(data, { status: 'disabled', disabledReason: 'manual' });
  const version = options.expectedUpdatedAt ? { updatedAt: options.expectedUpdatedAt } : {};
  return deps.db.$transaction(async (tx) => {
    // Locked first, so "before" in the audit row is the state this update replaces.
    await tx.$queryRaw`SELECT id FROM webhook_endpoints WHERE id = ${endpointId} AND owner_type = ${owner.type} AND owner_id = ${owner.id} FOR UPDATE`;
    const before = await tx.webhookEndpoint.findFirst({ where: { id: endpointId, ...ownedBy(owner) } });
    const updated = await tx.webhookEndpoint.updateMany({ where: { id: endpointId, ...ownedBy(owner), ...version }, data });
    if (updated.count === 0) {
      if (options.expectedUpdatedAt && before) throw preconditionFailed();
      throw notFound('webhook endpoint', endpointId);
    }
    const after = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    const changes = before ? changedFields(auditedFields(before), auditedFields(after), AUDITED_FIELDS) : {};
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, { subject: owner, action: 'webhook_endpoint.updated', target: { type: 'webhook_endpoint', id: endpointId }, changes });
    }
    return after;
  });
}

/** DELETE: the endpoint and its delivery log; pending deliveries to it are dropped. */
export async function deleteWebhookEndpoint(db: Db, actor: Actor, owner: Owner, endpointId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findFirst({ where: { id: endpointId, ...ownedBy(owner) } });
    const deleted = await tx.webhookEndpoint.deleteMany({ where: { id: endpointId, ...ownedBy(owner) } });
    if (deleted.count === 0 || !before) throw notFound('webhook endpoint', endpointId);
    await recordAudit(tx, actor, {
      subject: owner,
      action: 'webhook_endpoint.deleted',
      target: { type: 'webhook_endpoint', id: endpointId },
      changes: createdFields(auditedFields(before), AUDITED_FIELDS, true),
    });
  });
}

/**
 * A new secret, shown once. The current one becomes the previous one and keeps signing for 24 h, so
 * a receiver can switch over without losing a delivery; rotating again within that window replaces
 * the previous secret with the one being retired.
 */
export async function rotateWebhookSecret(deps: WebhookDeps, actor: Actor, owner: Owner, endpointId: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const secret = newSigningSecret();
  const endpoint = await deps.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ secret_encrypted: string; previous_secret_expires_at: Date | null }[]>`
      SELECT secret_encrypted, previous_secret_expires_at FROM webhook_endpoints WHERE id = ${endpointId} AND owner_type = ${owner.type} AND owner_id = ${owner.id} FOR UPDATE`;
    if (!rows[0]) throw notFound('webhook endpoint', endpointId);
    const previousSecretExpiresAt = new Date(Date.now() + ROTATION_OVERLAP_MS);
    const rotated = await tx.webhookEndpoint.update({
      where: { id: endpointId },
      data: {
        secretEncrypted: deps.webhookSecrets.seal(secret),
        previousSecretEncrypted: rows[0].secret_encrypted,
        previousSecretExpiresAt,
      },
    });
    // Only when the old secret stops working is recorded; neither secret is.
    await recordAudit(tx, actor, {
      subject: owner,
      action: 'webhook_endpoint.secret_rotated',
      target: { type: 'webhook_endpoint', id: endpointId },
      changes: { previous_secret_expires_at: [null, previousSecretExpiresAt.toISOString()] },
    });
    return rotated;
  });
  return { endpoint, secret };
}

export const WITH_EVENT = { event: { select: { id: true, type: true, createdAt: true } } } as const;

export async function listWebhookDeliveries(
  db: Db,
  owner: Owner,
  endpointId: string,
  filter: { status?: DeliveryStatus },
  afterId: string | undefined,
  take: number,
): Promise<DeliveryWithEvent[]> {
  await findOwned(db, owner, endpointId);
  return db.webhookDelivery.findMany({ ...keysetWindow({ endpointId, ...(filter.status ? { status: filter.status } : {}) }, afterId, take), include: WITH_EVENT });
}

/** GET …/deliveries/{id}: the delivery with its last ATTEMPT_LOG_LIMIT attempts, newest first. */
export async function getWebhookDelivery(db: Db, owner: Owner, endpointId: string, deliveryId: string): Promise<DeliveryWithAttempts> {
  await findOwned(db, owner, endpointId);
  const row = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId },
    include: { ...WITH_EVENT, attemptLog: { orderBy: { id: 'desc' }, take: ATTEMPT_LOG_LIMIT } },
  });
  if (!row) throw notFound('webhook delivery', deliveryId);
  return row;
}

/** At most this many deliveries are queued by one replay; `has_more` says to call again. */
export const REPLAY_LIMIT = 1_000;

export interface ReplayResult {
  queued: number;
  has_more: boolean;
  since: string;
  until: string | null;
}

/**
 * POST …/replay: every `failed` delivery of the endpoint created in [since, until) is sent again —
 * one attempt each, with its `webhook-id`, oldest first — up to REPLAY_LIMIT per call. One statement
 * moves them to `pending` under their row locks and queues their jobs, so a replay running at the same
 * time (or again) finds them pending and queues nothing twice; once their attempts end, a delivery that
 * failed again is replayed by the next call.
 */
export async function replayWebhookDeliveries(
  deps: { db: Db; jobs: Pick<JobRunner, 'queue'> },
  owner: Owner,
  endpointId: string,
  window: { since: Date; until?: Date },
): Promise<ReplayResult> {
  const endpoint = await findOwned(deps.db, owner, endpointId);
  if (endpoint.status !== 'enabled') throw new ApiError('conflict', 'The endpoint is disabled; enable it (PATCH status: enabled) before replaying deliveries.');
  if (window.until && window.until <= window.since) throw fieldError('body.until', 'Must be later than `since`.', 'invalid_value');
  const rows = await deps.db.$transaction(async (tx) => {
    const counted = await tx.$queryRawUnsafe<{ queued: number; more: boolean }[]>(
      `WITH picked AS (
         SELECT d.id FROM webhook_deliveries d
          WHERE d.endpoint_id = $1 AND d.status = 'failed'
            AND d.created_at >= ($2::timestamptz AT TIME ZONE 'UTC') AND ($3::timestamptz IS NULL OR d.created_at < ($3::timestamptz AT TIME ZONE 'UTC'))
          ORDER BY d.id
          LIMIT $4
          FOR UPDATE
       ), updated AS (
         UPDATE webhook_deliveries d
            SET status = 'pending', manual = true, next_attempt_at = now() AT TIME ZONE 'UTC',
                job_token = md5(random()::text || clock_timestamp()::text || d.id), updated_at = now() AT TIME ZONE 'UTC'
           FROM picked p WHERE d.id = p.id AND d.status = 'failed'
         RETURNING d.id, d.job_token
       ), ordered AS (
         SELECT u.id, u.job_token, row_number() OVER (ORDER BY u.id) AS ord FROM updated u
       ), jobs AS (
         INSERT INTO jobs (id, queue, kind, lane, fair_key, account_type, account_id, payload, max_attempts, run_at)
         -- Ids in delivery order (the claim takes an endpoint's jobs by run_at, then id): the replay keeps event order.
         SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0') || lpad(to_hex(o.ord), 6, '0') || substr(o.job_token, 1, 10),
                $5, $6, $7, $1, $8, $9, jsonb_build_object('deliveryId', o.id, 'token', o.job_token), $10, now()
           FROM ordered o
         RETURNING id
       )
       SELECT (SELECT count(*) FROM jobs)::int AS queued,
              -- The statement's snapshot still shows the picked deliveries failed: one more than the limit means more are left.
              (SELECT count(*) FROM (
                 SELECT 1 FROM webhook_deliveries d
                  WHERE d.endpoint_id = $1 AND d.status = 'failed'
                    AND d.created_at >= ($2::timestamptz AT TIME ZONE 'UTC') AND ($3::timestamptz IS NULL OR d.created_at < ($3::timestamptz AT TIME ZONE 'UTC'))
                  LIMIT $4 + 1) AS candidates) > $4 AS more`,
      endpointId,
      window.since.toISOString(),
      window.until?.toISOString() ?? null,
      REPLAY_LIMIT,
      deps.jobs.queue,
      WEBHOOK_DELIVERY_JOB,
      laneOf(WEBHOOK_DELIVERY_JOB),
      owner.type,
      owner.id,
      DELIVERY_JOB_MAX_ATTEMPTS,
    );
    if ((counted[0]?.queued ?? 0) > 0) await tx.$executeRawUnsafe(`SELECT 1 FROM (SELECT pg_notify('${JOBS_CHANNEL}', $1)) AS sent`, deps.jobs.queue);
    return counted;
  });
  return { queued: rows[0]?.queued ?? 0, has_more: rows[0]?.more ?? false, since: window.since.toISOString(), until: window.until?.toISOString() ?? null };
}

/**
 * Sends a delivery again now, with the same `webhook-id` (receivers deduplicate on it). A pending one
 * just moves its next attempt to now; a finished one gets one more attempt, with no schedule after it.
 */
export async function retryWebhookDelivery(
  deps: { db: Db; jobs: Pick<JobRunner, 'enqueue'> },
  owner: Owner,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryWithEvent> {
  const endpoint = await findOwned(deps.db, owner, endpointId);
  if (endpoint.status !== 'enabled') throw new ApiError('conflict', 'The endpoint is disabled; enable it (PATCH status: enabled) before retrying deliveries.');
  return deps.db.$transaction(async (tx) => {
    const delivery = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId } });
    if (!delivery) throw notFound('webhook delivery', deliveryId);
    const token = newJobToken();
    const now = new Date();
    // A new token: the attempt scheduled before (if any) sees it is no longer current and does nothing.
    await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status: 'pending', manual: delivery.status !== 'pending', nextAttemptAt: now, jobToken: token },
    });
    await enqueueDeliveryJob(deps.jobs, tx, { id: deliveryId, endpointId, owner, token });
    return tx.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: WITH_EVENT });
  });
}

/** Queues a `webhook.test` event to this one endpoint (whatever it subscribes to) and returns its delivery. */
export async function sendTestEvent(app: EventApp, owner: Owner, endpointId: string): Promise<DeliveryWithEvent> {
  const { db } = app;
  const endpoint = await findOwned(db, owner, endpointId);
  if (endpoint.status !== 'enabled') throw new ApiError('conflict', 'The endpoint is disabled; enable it (PATCH status: enabled) to send a test event.');
  return db.$transaction(async (tx) => {
    const data = { endpoint_id: endpointId, message: 'A test event from creator-api: your endpoint received it and can verify its signature.' };
    const { eventIds } = await emitEvents(app.jobs, tx, owner, [{ type: 'webhook.test', data }], endpointId);
    const delivery = await tx.webhookDelivery.findFirst({ where: { endpointId, eventId: eventIds[0] }, include: WITH_EVENT });
    if (!delivery) throw new ApiError('conflict', 'The endpoint was disabled or deleted meanwhile; no test event was sent.');
    return delivery;
  });
}
