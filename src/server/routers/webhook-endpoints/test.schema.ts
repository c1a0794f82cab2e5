import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { deliverySchema, endpointPath, queuedDeliveryExample } from './schemas';

export const testWebhookEndpointInput = z.strictObject(endpointPath);
export const testWebhookEndpointOutput = single(deliverySchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const testWebhookEndpointExamples: OperationExamples = {
  request: { endpoint_id: '6b0262a17c1e9a0d6a1f0e01' },
  status: 202,
  response: { data: { ...queuedDeliveryExample, event_type: 'webhook.test', next_attempt_at: '2026-11-23T14:21:00.000Z' } },
};

export const testWebhookEndpointContract = { input: testWebhookEndpointInput, output: testWebhookEndpointOutput, examples: testWebhookEndpointExamples };
