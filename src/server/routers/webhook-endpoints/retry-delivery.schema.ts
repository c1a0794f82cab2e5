import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { deliverySchema, endpointPath, webhookDeliveryExample } from './schemas';

export const retryWebhookDeliveryInput = z.strictObject({ ...endpointPath, delivery_id: objectId.meta({ description: 'A delivery of that endpoint (from GET …/deliveries).' }) });
export const retryWebhookDeliveryOutput = single(deliverySchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const retryWebhookDeliveryExamples: OperationExamples = {
  request: { endpoint_id: '6b0262a17c1e9a0d6a1f0e01', delivery_id: '6b0262b37c1e9a0d6a1f0e10' },
  status: 202,
  response: {
    data: {
      ...webhookDeliveryExample,
      status: 'pending',
      last_response_code: 500,
      last_error: 'HTTP 500',
      next_attempt_at: '2026-11-23T14:25:00.000Z',
    },
  },
};

export const retryWebhookDeliveryContract = { input: retryWebhookDeliveryInput, output: retryWebhookDeliveryOutput, examples: retryWebhookDeliveryExamples };
