import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { EVENT_TYPE_NAMES } from '../../services/webhook-events';
import { single } from '../shared/schemas';
import { deliverySchema, endpointPath, queuedDeliveryExample } from './schemas';

export const sendTestEventInput = z.strictObject({
  ...endpointPath,
  type: z.enum(EVENT_TYPE_NAMES as [string, ...string[]]).meta({
    description:
      'The event type to simulate (see GET /event-types; it must fire for your account type). The body has the type’s usual shape with a sample resource as `data`, plus `"test": true`.',
  }),
});
export const sendTestEventOutput = single(deliverySchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const sendTestEventExamples: OperationExamples = {
  request: { endpoint_id: '6b0262a17c1e9a0d6a1f0e01', type: 'creator.created' },
  status: 202,
  response: {
    data: { ...queuedDeliveryExample, id: '6b0262b37c1e9a0d6a1f0e12', event_id: '6b0262b37c1e9a0d6a1f0e11', next_attempt_at: '2026-11-26T09:12:00.000Z', created_at: '2026-11-26T09:12:00.000Z' },
  },
};

export const sendTestEventContract = { input: sendTestEventInput, output: sendTestEventOutput, examples: sendTestEventExamples };
