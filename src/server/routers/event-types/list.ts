import { z } from 'zod';
import { EVENT_TYPE_NAMES, EVENT_TYPES } from '../../services/webhook-events';
import { eventPayloadSchema, RETRY_SCHEDULE_DOC, SIGNATURE_DOC } from './catalogue';
import { listEventTypesContract } from './list.schema';
import { webhooksSection } from '../sections';

// The catalogue never changes while the process runs: build its JSON Schemas once.
let catalogue: z.infer<typeof listEventTypesContract.output>['data'] | null = null;
function eventTypes() {
  catalogue ??= EVENT_TYPE_NAMES.map((type) => ({
    type,
    description: EVENT_TYPES[type].description,
    subjects: [...EVENT_TYPES[type].subjects],
    resource: EVENT_TYPES[type].resource,
    payload_schema: z.toJSONSchema(eventPayloadSchema(type), { target: 'draft-2020-12', unrepresentable: 'any', io: 'output' }),
  }));
  return catalogue;
}

export const listEventTypes = webhooksSection.operation('GET /event-types', listEventTypesContract, {
  summary: 'List event types',
  description: ['Every event type a webhook endpoint can receive, with a description and the JSON Schema of its payload.', '', SIGNATURE_DOC, '', RETRY_SCHEDULE_DOC].join('\n'),
}).query(() => ({ data: eventTypes() }));
