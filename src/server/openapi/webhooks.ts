import { z } from 'zod';
import { eventDataSchema, RETRY_SCHEDULE_DOC, SIGNATURE_DOC } from '../routers/event-types/catalogue';
import { RETRY_SCHEDULE_SECONDS } from '../services/webhook-deliveries';
import { EVENT_TYPE_NAMES, EVENT_TYPES } from '../services/webhook-events';

type JsonObject = Record<string, unknown>;

/** The "Events" section of the reference (/docs renders the document's description as its introduction). */
export const EVENTS_GUIDE = [
  '## Events',
  '',
  'Register an https endpoint with `POST /webhook-endpoints` and we POST an event to it whenever something changes — from the API, the settings UI, a CSV import or a link-in-bio import. The body is `{ type, timestamp, data }`, where `data` is the resource exactly as the API returns it; the event types and their payloads are listed by `GET /event-types` and under **Webhooks** below.',
  '',
  'Every delivery is signed per [Standard Webhooks](https://www.standardwebhooks.com): verify it with the endpoint’s `whsec_…` secret before trusting it. In TypeScript, with the `standardwebhooks` package:',
  '',
  '```ts',
  "import { Webhook } from 'standardwebhooks';",
  '',
  'const webhook = new Webhook(process.env.CREATOR_API_WEBHOOK_SECRET!); // whsec_…',
  '',
  '// Pass the raw body, exactly as received (not re-serialized JSON).',
  'export async function POST(request: Request) {',
  '  const body = await request.text();',
  '  let event: { type: string; timestamp: string; data: unknown };',
  '  try {',
  '    event = webhook.verify(body, Object.fromEntries(request.headers)) as typeof event;',
  '  } catch {',
  "    return new Response('bad signature', { status: 400 });",
  '  }',
  "  const id = request.headers.get('webhook-id')!; // the same on every retry: skip ids you have seen",
  '  await queueForProcessing(id, event); // answer fast, work later',
  '  return new Response(null, { status: 204 });',
  '}',
  '```',
  '',
  '`verify` checks the HMAC and rejects a `webhook-timestamp` more than 5 minutes off. Deliveries are at least once: deduplicate on `webhook-id`. Any 2xx within 10 s is success; anything else — redirects included — is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (8 attempts in about 28 hours). An endpoint whose deliveries have all failed for 5 days is disabled (`disabled_reason: failing`) until you enable it again. After `POST /webhook-endpoints/{id}/rotate-secret` both the new and the previous secret sign every delivery for 24 hours.',
].join('\n');

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The event id; the same on every attempt. Deduplicate on it.', example: '6922f0c2a1b2c3d4e5f60718' },
  { name: 'webhook-timestamp', description: 'Unix time (seconds) of this attempt; reject values far from your clock (5 minutes) to stop replays.', example: '1763900000' },
  {
    name: 'webhook-signature',
    description: 'Space-separated `v1,<base64>` signatures (two during the 24 h after a secret rotation); accept the delivery if any one verifies.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

/**
 * The OpenAPI 3.1 `webhooks` map: one entry per event type, describing the POST a receiver gets. `data`
 * refers to the resource's component schema (the same one the API responses use) when there is one.
 */
export function buildWebhooksSection(componentSchemas: JsonObject): { webhooks: JsonObject; 'x-webhook-retry-schedule-seconds': readonly number[] } {
  const webhooks: JsonObject = {};
  for (const type of EVENT_TYPE_NAMES) {
    const resource = EVENT_TYPES[type].resource;
    if (!componentSchemas[resource]) {
      // A resource no operation returns (the test event's data): add it to the components once.
      const { $schema: _dialect, ...schema } = z.toJSONSchema(eventDataSchema(type), { target: 'draft-2020-12', unrepresentable: 'any', io: 'output' });
      componentSchemas[resource] = schema;
    }
    const data = { $ref: `#/components/schemas/${resource}` };
    webhooks[type] = {
      post: {
        operationId: `event_${type.replace(/\W/g, '_')}`,
        summary: type,
        description: [EVENT_TYPES[type].description, '', SIGNATURE_DOC, '', RETRY_SCHEDULE_DOC].join('\n'),
        tags: ['Webhooks'],
        parameters: SIGNATURE_HEADERS.map((h) => ({ name: h.name, in: 'header', required: true, description: h.description, schema: { type: 'string' }, example: h.example })),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'timestamp', 'data'],
                properties: {
                  type: { type: 'string', const: type },
                  timestamp: { type: 'string', format: 'date-time', description: 'When the event happened (UTC).' },
                  data,
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Any 2xx answer within 10 s acknowledges the delivery; anything else (redirects included) is retried.' },
        },
        security: [],
      },
    };
  }
  return { webhooks, 'x-webhook-retry-schedule-seconds': RETRY_SCHEDULE_SECONDS };
}
