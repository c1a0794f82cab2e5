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

type Executor = Pick<Prisma.TransactionClient, '$queryRawUnsafe' | '$executeRawUnsafe'>;

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
  const timestamp = new Date().toISOString();
  const input = events.map((event) => ({ id: newObjectId(), type: event.type, payload: { type: event.type, timestamp, data: event.data, ...(event.test ? { test: true } : {}) } }));
  const rows = await tx.$queryRawUnsafe<{ deliveries: number }[]>(
    `WITH input AS (
       SELECT * FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (id text, type text, payload jsonb)) WITH ORDINALITY AS v(id, type, payload, ord)
     ), targets AS (
       SELECT e.id AS endpoint_id, i.id AS event_id, i.ord,
              lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0')
                || substr(md5(random()::text || e.id || i.id), 1, 16) AS delivery_id,
              md5(random()::text || clock_timestamp()::text || e.id || i.id) AS job_token
         FROM webhook_endpoints e JOIN input i ON ($4::text IS NOT NULL OR i.type = ANY(e.events) OR '*' = ANY(e.events))
        WHERE e.owner_type = $2 AND e.owner_id = $3 AND e.status = 'enabled' AND ($4::text IS NULL OR e.id = $4::text)
     ), events AS (
       INSERT INTO webhook_events (id, owner_type, owner_id, type, payload, created_at)
       SELECT i.id, $2, $3, i.type, i.payload, now() AT TIME ZONE 'UTC'
         FROM input i
       RETURNING id
     ), deliveries AS (
       INSERT INTO webhook_deliveries (id, endpoint_id, event_id, status, next_attempt_at, job_token, created_at, updated_at)
       SELECT t.delivery_id, t.endpoint_id, t.event_id, 'pending', now() AT TIME ZONE 'UTC', t.job_token, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
         FROM targets t
       RETURNING id
     ), jobs AS (
       INSERT INTO jobs (id, queue, kind, lane, fair_key, account_type, account_id, payload, max_attempts, run_at)
       -- Ids in event order (the claim takes an endpoint's jobs by run_at, then id): an endpoint gets its events in order.
       SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0') || lpad(to_hex(t.ord), 6, '0') || substr(t.job_token, 1, 10),
              $5, $6, $8, t.endpoint_id, $2, $3, jsonb_build_object('deliveryId', t.delivery_id, 'token', t.job_token, 'endpointId', t.endpoint_id), $7, now()
         FROM targets t
       RETURNING id
     )
     SELECT (SELECT count(*) FROM deliveries)::int AS deliveries, (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM jobs)::int AS jobs`,
    JSON.stringify(input),
    owner.type,
    owner.id,
    onlyEndpointId ?? null,
    jobs.queue,
    WEBHOOK_DELIVERY_JOB,
    DELIVERY_JOB_MAX_ATTEMPTS,
    laneOf(WEBHOOK_DELIVERY_JOB),
  );
  const deliveries = rows[0]?.deliveries ?? 0;
  // Delivered on commit: wakes the job runners of this queue (see jobs/queue.ts).
  if (deliveries > 0) await tx.$executeRawUnsafe(`SELECT 1 FROM (SELECT pg_notify('${JOBS_CHANNEL}', $1)) AS sent`, jobs.queue);
  return { eventIds: input.map((event) => event.id), deliveries };
}
