import { z } from 'zod';
import { EVENT_TYPE_NAMES, EVENT_TYPES } from '../../services/webhook-events';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { eventPayloadSchema, RETRY_SCHEDULE_DOC, SIGNATURE_DOC } from './catalogue';
import { listEventTypesExamples, listEventTypesInput, listEventTypesOutput } from './list.schema';

// The catalogue never changes while the process runs: build its JSON Schemas once.
let catalogue: z.infer<typeof listEventTypesOutput>['data'] | null = null;
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

export const listEventTypes = apiProcedure
  .meta(operation('GET /event-types', {
    tag: 'Webhooks',
    summary: 'List event types',
    description: ['Every event type a webhook endpoint can receive, with a description and the JSON Schema of its payload.', '', SIGNATURE_DOC, '', RETRY_SCHEDULE_DOC].join('\n'),
    examples: listEventTypesExamples,
    access: anySubject('webhooks:read'),
    errorStatuses: [400],
  }))
  .input(listEventTypesInput)
  .output(listEventTypesOutput)
  .query(() => ({ data: eventTypes() }));
