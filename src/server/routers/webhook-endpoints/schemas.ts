import { z } from 'zod';
import { DELIVERY_STATUSES, ENDPOINT_STATUSES } from '../../services/webhook-endpoints';
import { ALL_EVENTS, SUBSCRIBABLE_EVENT_TYPES } from '../../services/webhook-events';
import { RETRY_SCHEDULE_DOC } from '../event-types/catalogue';
import { objectId, remoteUrl, timestamp } from '../shared/schemas';

const EVENTS_DOC = 'Event types to receive (see GET /event-types), or `["*"]` alone for every type, including types added later (`*` next to other types is 400).';

const eventName = z.enum([ALL_EVENTS, ...SUBSCRIBABLE_EVENT_TYPES] as [string, ...string[]]);

export const endpointFieldsShape = {
  url: remoteUrl(
    'Where events are POSTed: an https URL on the default port whose host resolves to public addresses only (checked now and at every delivery). Redirects are not followed.',
  ),
  events: z
    .array(eventName)
    .min(1)
    .max(SUBSCRIBABLE_EVENT_TYPES.length)
    .meta({ description: EVENTS_DOC }),
  description: z.string().trim().max(500).nullable().meta({ description: 'Up to 500 characters, for your own reference; `null` clears it.' }),
};

export const endpointSchema = z
  .object({
    id: objectId.meta({ description: 'The endpoint’s id.' }),
    url: z.string().meta({ format: 'uri', description: 'Where events are POSTed (https, public addresses only).' }),
    description: z.string().nullable().meta({ description: 'Your own note about the endpoint; null when none.' }),
    events: z.array(eventName).meta({ description: EVENTS_DOC }),
    status: z.enum(ENDPOINT_STATUSES).meta({ description: '`enabled` receives events; `disabled` receives none (new events are not queued for it).' }),
    disabled_reason: z
      .enum(['manual', 'failing'])
      .nullable()
      .meta({ description: '`manual`: disabled by you. `failing`: every delivery failed for 5 days, so we stopped; PATCH `status: enabled` to resume. Null while enabled.' }),
    failing_since: timestamp.nullable().meta({ description: 'First failed attempt since the last success; null while deliveries succeed.' }),
    previous_secret_expires_at: timestamp
      .nullable()
      .meta({ description: 'After a rotation: until then deliveries carry a signature with the previous secret too. Null otherwise.' }),
    created_at: timestamp.meta({ description: 'When the endpoint was added.' }),
    updated_at: timestamp.meta({ description: 'When the endpoint last changed (status, URL, events, secret).' }),
  })
  .meta({ id: 'WebhookEndpoint' });

const secretField = z.string().meta({
  description: 'The signing secret, `whsec_` + base64: shown only in this response. Verify deliveries with it (any Standard Webhooks library).',
  example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
});

export const endpointWithSecretSchema = endpointSchema.extend({ secret: secretField }).meta({ id: 'WebhookEndpointWithSecret' });

export const deliverySchema = z
  .object({
    id: objectId.meta({ description: 'The delivery’s id (one per event and endpoint).' }),
    endpoint_id: objectId.meta({ description: 'The endpoint it is delivered to.' }),
    event_id: objectId.meta({ description: 'Sent as the `webhook-id` header: the same on every attempt, so receivers can deduplicate on it.' }),
    event_type: z.string().meta({ description: 'The event’s type, e.g. `creator.created` (see GET /event-types).' }),
    status: z.enum(DELIVERY_STATUSES).meta({ description: `\`pending\`: an attempt is scheduled (\`next_attempt_at\`). \`succeeded\`: a 2xx answer. \`failed\`: no attempt left. ${RETRY_SCHEDULE_DOC}` }),
    attempts: z.number().int().meta({ description: 'Attempts made so far.' }),
    last_attempt_at: timestamp.nullable().meta({ description: 'When the last attempt was made; null before the first.' }),
    last_response_code: z.number().int().nullable().meta({ description: 'HTTP status of the last answer; null when there was none (timeout, refused, network error).' }),
    last_error: z.string().nullable().meta({ description: 'Why the last attempt failed (or the start of a non-2xx answer’s body); null after a success.' }),
    last_duration_ms: z.number().int().nullable().meta({ description: 'How long the last attempt took, in milliseconds; null before the first.' }),
    next_attempt_at: timestamp.nullable().meta({ description: 'When the next attempt is due; null unless `pending`.' }),
    created_at: timestamp.meta({ description: 'When the event was recorded for this endpoint.' }),
  })
  .meta({ id: 'WebhookDelivery' });

export const endpointPath = { endpoint_id: objectId.meta({ description: 'A webhook endpoint of the key’s agency or creator (anyone else’s is 404).' }) };
export const DELIVERY_STATUS_FILTER = z.enum(DELIVERY_STATUSES);

/** Example of a response's `data`, shared by the operations' examples (their *.schema.ts files). */
export const webhookEndpointExample = {
  id: '6b0262a17c1e9a0d6a1f0e01',
  url: 'https://hooks.example.com/creator-api',
  description: 'CRM sync',
  events: ['creator.created', 'creator_import.completed'],
  status: 'enabled',
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-23T14:20:00.000Z',
  updated_at: '2026-11-23T14:20:00.000Z',
};

/** Example of a response's `data`, shared by the operations' examples (their *.schema.ts files). */
export const webhookDeliveryExample = {
  id: '6b0262b37c1e9a0d6a1f0e10',
  endpoint_id: '6b0262a17c1e9a0d6a1f0e01',
  event_id: '6b0262b37c1e9a0d6a1f0e0f',
  event_type: 'creator.created',
  status: 'succeeded',
  attempts: 1,
  last_attempt_at: '2026-11-23T14:21:00.180Z',
  last_response_code: 200,
  last_error: null,
  last_duration_ms: 41,
  next_attempt_at: null,
  created_at: '2026-11-23T14:21:00.000Z',
};

/** A delivery just queued (a test event): pending and not attempted yet. */
export const queuedDeliveryExample = {
  ...webhookDeliveryExample,
  status: 'pending',
  attempts: 0,
  last_attempt_at: null,
  last_response_code: null,
  last_error: null,
  last_duration_ms: null,
};

export const deliveryAttemptSchema = z
  .object({
    id: objectId.meta({ description: 'The attempt’s id.' }),
    attempted_at: timestamp.meta({ description: 'When the request was sent.' }),
    trigger: z.enum(['scheduled', 'manual']).meta({ description: '`scheduled` (the first attempt and the retry schedule) or `manual` (retry, replay).' }),
    response_status: z.number().int().nullable().meta({ description: 'HTTP status of the answer; null when there was none.' }),
    duration_ms: z.number().int().meta({ description: 'How long the attempt took, in milliseconds.' }),
    response_body: z.string().nullable().meta({ description: 'The first 2 KB of the answer’s body; null when empty or none.' }),
    error_class: z
      .enum(['timeout', 'network', 'http_status', 'refused_address'])
      .nullable()
      .meta({ description: 'Why it failed: no answer in 10 s, a network error, a non-2xx status, or an address we do not send to. Null after a 2xx.' }),
    error: z.string().nullable().meta({ description: 'The failure in words; null after a 2xx.' }),
  })
  .meta({ id: 'WebhookDeliveryAttempt' });

/** Example of an attempt in `attempt_log`. */
export const webhookAttemptExample = {
  id: '6b0262b47c1e9a0d6a1f0e11',
  attempted_at: '2026-11-23T14:21:00.180Z',
  trigger: 'scheduled',
  response_status: 200,
  duration_ms: 41,
  response_body: 'ok',
  error_class: null,
  error: null,
};
