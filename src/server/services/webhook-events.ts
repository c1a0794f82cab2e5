import type { SubjectType } from '../auth/scopes';
import type { Owner } from '../domain/owner';
import type { AppServices } from '../domain/app-services';
import { JOBS_CHANNEL, laneOf, type JobRunner } from '../domain/jobs';
import { newObjectId } from '../lib/object-id';
import type { Prisma } from '../../generated/prisma/client';

/**
 * Events (issue 15): what happened to an account's resources, delivered to its webhook endpoints.
 * Services call `emitEvents` inside the transaction that makes the change, so the outbox rows — the
 * event, its deliveries and one job per delivery — exist if and only if the change committed; the job
 * runner then makes the attempts (services/webhook-deliveries.ts).
 */
export const EVENT_TYPES = {
  // `subjects`: the account types whose changes emit the event (the only `owner.type` its emitEvents
  // calls pass); an endpoint of any other account type never receives it.
  'creator.created': { subjects: ['agency'], resource: 'Creator', description: 'A creator was added to the agency roster (POST /creators, a CSV import row, the settings UI).' },
  'creator_import.completed': { subjects: ['agency'], resource: 'CreatorImport', description: 'A CSV roster import finished; `data.rows` holds every row’s result.' },
  'creator_import.failed': { subjects: ['agency'], resource: 'CreatorImport', description: 'A CSV roster import stopped before its end; unprocessed rows are `failed` with the reason.' },
  'media_kit.created': { subjects: ['agency', 'creator'], resource: 'MediaKit', description: 'A media kit was created (a named kit, or the default kit made with a roster creator).' },
  'media_kit.updated': { subjects: ['agency', 'creator'], resource: 'MediaKit', description: 'A media kit’s content or settings changed (API or editor).' },
  'deck.created': { subjects: ['agency'], resource: 'Deck', description: 'A pitch deck was created.' },
  'deck.updated': { subjects: ['agency'], resource: 'Deck', description: 'A pitch deck changed (API or editor).' },
  'campaign.created': { subjects: ['agency', 'creator'], resource: 'Campaign', description: 'A campaign was created.' },
  'campaign.updated': { subjects: ['agency', 'creator'], resource: 'Campaign', description: 'A campaign changed (API or editor).' },
  'link_in_bio.created': { subjects: ['creator'], resource: 'LinkInBioPage', description: 'The creator’s link-in-bio page was created.' },
  'link_in_bio.updated': { subjects: ['creator'], resource: 'LinkInBioPage', description: 'The link-in-bio page or its blocks changed (API, editor or an import that added blocks).' },
  'link_in_bio_import.completed': { subjects: ['creator'], resource: 'LinkInBioImport', description: 'A link-in-bio import read its source page and added what was new.' },
  'link_in_bio_import.failed': { subjects: ['creator'], resource: 'LinkInBioImport', description: 'A link-in-bio import could not read its source page; nothing was added.' },
  'webhook.test': { subjects: ['agency', 'creator'], resource: 'WebhookTest', description: 'Sent on request to one endpoint (POST /webhook-endpoints/{id}/test); never subscribed to.' },
} as const satisfies Record<string, { subjects: readonly SubjectType[]; resource: string; description: string }>;

export type EventType = keyof typeof EVENT_TYPES;
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];
/** What an endpoint may subscribe to: every type but the test event, which goes only where it is asked for. */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPE_NAMES.filter((type) => type !== 'webhook.test');
export const ALL_EVENTS = '*';
/** Whether `type` can ever fire for an account of `subject`'s type (what the settings page offers). */
export const firesFor = (type: EventType, subject: SubjectType): boolean => (EVENT_TYPES[type].subjects as readonly SubjectType[]).includes(subject);

export interface NewEvent {
  type: EventType;
  /** The resource as the API returns it, with URLs built on EVENT_BASE_URL. */
  data: unknown;
  /** A synthetic event sent on request (POST /webhook-endpoints/{id}/test-events): the body carries `"test": true`. */
  test?: true;
}

/**
 * Stands for PUBLIC_BASE_URL in stored payloads: views are rendered inside services, which do not know
 * the configured origin; the delivery puts the origin in place (see `renderPayload`).
 */
export const EVENT_BASE_URL = '{{public_base_url}}';

/** Replaces EVENT_BASE_URL at the start of every string in a stored payload. */
export function renderPayload(value: unknown, baseUrl: string): unknown {
  if (typeof value === 'string') return value.startsWith(EVENT_BASE_URL) ? baseUrl + value.slice(EVENT_BASE_URL.length) : value;
  if (Array.isArray(value)) return value.map((item) => renderPayload(item, baseUrl));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderPayload(v, baseUrl)]));
  return value;
}

/** The job kind of one delivery attempt (registered in jobs/handlers.ts). */
export const WEBHOOK_DELIVERY_JOB = 'webhooks/delivery.attempt';
/** Job-level retries cover infrastructure errors only; failed deliveries are rescheduled as new jobs. */
export const DELIVERY_JOB_MAX_ATTEMPTS = 3;

/**
 * What a service that emits events needs: its database, and the job port whose queue the delivery
 * jobs go to (each app's own runner, so two apps in one process keep their queues apart).
 */
export type EventApp = Pick<AppServices, 'db'> & { jobs: Pick<JobRunner, 'queue'> };

type Executor = Pick<Prisma.TransactionClient, '$queryRawUnsafe'>;

/**
 * The outbox's part of a statement: CTEs named `outbox_input`, `outbox_targets`, `outbox_events`,
 * `outbox_deliveries` and `outbox_jobs`, their parameters numbered from `$<firstParam>`, and the
 * select-list expressions that report what they wrote and wake the job runners (pg_notify, delivered
 * on commit, only when a delivery was queued). `when`: an SQL condition on the rest of the statement
 * (e.g. that the change's own row was inserted); without it nothing is written. A writer that makes
 * its change in one statement puts its events in the same one, so a write costs one round trip.
 */
export function outboxStatementPart(
  jobs: Pick<JobRunner, 'queue'>,
  owner: Owner,
  events: NewEvent[],
  firstParam: number,
  options: { when?: string; onlyEndpointId?: string } = {},
): { ctes: string; select: string; params: unknown[]; eventIds: string[] } {
  const timestamp = new Date().toISOString();
  const input = events.map((event) => ({ id: newObjectId(), type: event.type, payload: { type: event.type, timestamp, data: event.data, ...(event.test ? { test: true } : {}) } }));
  const p = (n: number) => `$${firstParam + n - 1}`;
  const ctes = `outbox_input AS (
       SELECT * FROM ROWS FROM (jsonb_to_recordset(${p(1)}::jsonb) AS (id text, type text, payload jsonb)) WITH ORDINALITY AS v(id, type, payload, ord)
        WHERE ${options.when ?? 'true'}
     ), outbox_targets AS (
       SELECT e.id AS endpoint_id, i.id AS event_id, i.ord,
              lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0')
                || substr(md5(random()::text || e.id || i.id), 1, 16) AS delivery_id,
              md5(random()::text || clock_timestamp()::text || e.id || i.id) AS job_token
         FROM webhook_endpoints e JOIN outbox_input i ON (${p(4)}::text IS NOT NULL OR i.type = ANY(e.events) OR '*' = ANY(e.events))
        WHERE e.owner_type = ${p(2)}::"SubjectType" AND e.owner_id = ${p(3)}::text AND e.status = 'enabled' AND (${p(4)}::text IS NULL OR e.id = ${p(4)}::text)
     ), outbox_events AS (
       INSERT INTO webhook_events (id, owner_type, owner_id, type, payload, created_at)
       SELECT i.id, ${p(2)}::"SubjectType", ${p(3)}::text, i.type, i.payload, now() AT TIME ZONE 'UTC'
         FROM outbox_input i
       RETURNING id
     ), outbox_deliveries AS (
       INSERT INTO webhook_deliveries (id, endpoint_id, event_id, status, next_attempt_at, job_token, created_at, updated_at)
       SELECT t.delivery_id, t.endpoint_id, t.event_id, 'pending', now() AT TIME ZONE 'UTC', t.job_token, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
         FROM outbox_targets t
       RETURNING id
     ), outbox_jobs AS (
       INSERT INTO jobs (id, queue, kind, lane, fair_key, account_type, account_id, payload, max_attempts, run_at)
       -- Ids in event order (the claim takes an endpoint's jobs by run_at, then id): an endpoint gets its events in order.
       SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0') || lpad(to_hex(t.ord), 6, '0') || substr(t.job_token, 1, 10),
              ${p(5)}::text, ${p(6)}::text, ${p(8)}::text, t.endpoint_id, ${p(2)}::"SubjectType", ${p(3)}::text,
              jsonb_build_object('deliveryId', t.delivery_id, 'token', t.job_token, 'endpointId', t.endpoint_id), ${p(7)}::int, now()
         FROM outbox_targets t
       RETURNING id
     )`;
  // The NOTIFY rides in the same statement: delivered on commit, it wakes the job runners of this queue (jobs/queue.ts).
  const select = `(SELECT count(*) FROM outbox_deliveries)::int AS deliveries, (SELECT count(*) FROM outbox_events)::int AS events, (SELECT count(*) FROM outbox_jobs)::int AS jobs,
       (SELECT count(*) FROM (SELECT pg_notify('${JOBS_CHANNEL}', ${p(5)}::text) WHERE EXISTS (SELECT 1 FROM outbox_deliveries)) AS woken)::int AS woken`;
  const params = [JSON.stringify(input), owner.type, owner.id, options.onlyEndpointId ?? null, jobs.queue, WEBHOOK_DELIVERY_JOB, DELIVERY_JOB_MAX_ATTEMPTS, laneOf(WEBHOOK_DELIVERY_JOB)];
  return { ctes, select, params, eventIds: input.map((event) => event.id) };
}

/**
 * Writes the outbox: for each event, the event row (always: events are a resource of their own, GET
 * /events, whether or not the account has an endpoint), one pending delivery per enabled endpoint of
 * `owner` subscribed to its type and the job of its first attempt — in one statement. Call it with the
 * transaction client of the change and the app's job port; a NOTIFY, delivered on commit, wakes the job
 * runners at once. `onlyEndpointId` targets one endpoint whatever it subscribes to (the test event).
 * Pass a function instead of the events to build them inside the call (bulk writers: a CSV import chunk).
 */
export async function emitEvents(
  jobs: Pick<JobRunner, 'queue'>,
  tx: Executor,
  owner: Owner,
  eventsOrBuild: NewEvent[] | (() => Promise<NewEvent[]>),
  onlyEndpointId?: string,
): Promise<{ eventIds: string[]; deliveries: number }> {
  const events = typeof eventsOrBuild === 'function' ? await eventsOrBuild() : eventsOrBuild;
  if (events.length === 0) return { eventIds: [], deliveries: 0 };
  const outbox = outboxStatementPart(jobs, owner, events, 1, onlyEndpointId === undefined ? {} : { onlyEndpointId });
  const rows = await tx.$queryRawUnsafe<{ deliveries: number }[]>(`WITH ${outbox.ctes} SELECT ${outbox.select}`, ...outbox.params);
  return { eventIds: outbox.eventIds, deliveries: rows[0]?.deliveries ?? 0 };
}
