import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { SUBJECT_TYPES } from '../../auth/scopes';
import { EVENT_TYPE_NAMES } from '../../services/webhook-events';

export const listEventTypesInput = z.void();
export const eventTypeSchema = z
  .object({
    type: z.enum(EVENT_TYPE_NAMES as [string, ...string[]]).meta({ description: 'The event type, as sent in the delivery body’s `type`.' }),
    description: z.string().meta({ description: 'When the event is sent.' }),
    subjects: z
      .array(z.enum(SUBJECT_TYPES))
      .meta({ description: 'The account types the event fires for: an endpoint of any other account type never receives it.', example: ['agency'] }),
    resource: z.string().meta({ description: 'The API resource `data` holds, as the API returns it.' }),
    payload_schema: z.record(z.string(), z.unknown()).meta({ description: 'JSON Schema (2020-12) of the delivery body `{ type, timestamp, data }`.' }),
  })
  .meta({ id: 'EventType' });
export const listEventTypesOutput = z.object({ data: z.array(eventTypeSchema).meta({ description: 'Every event type, in catalogue order.' }) });

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listEventTypesExamples: OperationExamples = {
  status: 200,
  response: {
    data: [
      {
        type: 'creator.created',
        description: 'A creator was added to a roster (API, settings UI, CSV import or tool interface).',
        subjects: ['agency'],
        resource: 'Creator',
        payload_schema: { type: 'object', required: ['type', 'timestamp', 'data'] },
      },
    ],
  },
};

export const listEventTypesContract = { input: listEventTypesInput, output: listEventTypesOutput, examples: listEventTypesExamples };
