import { z } from 'zod';
import { RETRY_SCHEDULE_SECONDS } from '../../services/webhook-deliveries';
import { EVENT_TYPES, type EventType } from '../../services/webhook-events';
import { campaignSchema } from '../campaigns/schemas';
import { creatorImportSchema } from '../creator-imports/schemas';
import { creatorSchema } from '../creators/schemas';
import { deckSchema } from '../decks/schemas';
import { linkInBioImportSchema, linkInBioPageSchema } from '../link-in-bio/schemas';
import { mediaKitSchema } from '../media-kits/schemas';
import { objectId, timestamp } from '../shared/schemas';

/**
 * The event catalogue with each type's payload schema: `data` is the resource exactly as the API
 * returns it. Served by GET /event-types and as `webhooks` in the OpenAPI document.
 */
export const webhookTestSchema = z
  .object({ endpoint_id: objectId.meta({ description: 'The endpoint the test was sent to.' }), message: z.string().meta({ description: 'A fixed greeting, so a receiver can tell a test from real events.' }) })
  .meta({ description: 'The data of a `webhook.test` event.' });

const RESOURCE_SCHEMAS = {
  Creator: creatorSchema,
  CreatorImport: creatorImportSchema,
  MediaKit: mediaKitSchema,
  Deck: deckSchema,
  Campaign: campaignSchema,
  LinkInBioPage: linkInBioPageSchema,
  LinkInBioImport: linkInBioImportSchema,
  WebhookTest: webhookTestSchema,
} satisfies Record<(typeof EVENT_TYPES)[EventType]['resource'], z.ZodType>;

export function eventDataSchema(type: EventType): z.ZodType {
  return RESOURCE_SCHEMAS[EVENT_TYPES[type].resource];
}

/** The body of every delivery. */
export function eventPayloadSchema(type: EventType) {
  return z.object({
    type: z.literal(type),
    timestamp: timestamp.meta({ description: 'When the event happened (ISO 8601, UTC).' }),
    data: eventDataSchema(type),
  });
}

const humanize = (seconds: number) => (seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`);

export const RETRY_SCHEDULE_DOC = `A failed attempt (no 2xx within 10 s) is retried after ${RETRY_SCHEDULE_SECONDS.map(humanize).join(', ')} — ${RETRY_SCHEDULE_SECONDS.length + 1} attempts in all; an endpoint whose deliveries have all failed for 5 days is disabled.`;

export const SIGNATURE_DOC = [
  'Deliveries follow the Standard Webhooks specification: a POST with a JSON body `{ type, timestamp, data }` and the headers',
  '`webhook-id` (the event id: the same on every retry, so deduplicate on it), `webhook-timestamp` (Unix seconds) and',
  '`webhook-signature` (`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the base64-decoded part of',
  'the endpoint’s `whsec_` secret; two space-separated signatures for 24 h after a rotation). Verify with any Standard Webhooks library.',
  'Answer 2xx quickly; do the work afterwards.',
].join(' ');
