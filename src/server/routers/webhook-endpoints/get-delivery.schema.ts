import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { ATTEMPT_LOG_LIMIT } from '../../services/webhook-endpoints';
import { objectId, single } from '../shared/schemas';
import { deliveryAttemptSchema, deliverySchema, endpointPath, webhookAttemptExample, webhookDeliveryExample } from './schemas';

export const getWebhookDeliveryInput = z.strictObject({ ...endpointPath, delivery_id: objectId.meta({ description: 'One of its deliveries.' }) });
export const deliveryWithAttemptsSchema = deliverySchema
  .extend({
    attempt_log: z.array(deliveryAttemptSchema).meta({ description: `Its attempts, newest first (the last ${ATTEMPT_LOG_LIMIT}).` }),
  })
  .meta({ id: 'WebhookDeliveryWithAttempts' });
export const getWebhookDeliveryOutput = single(deliveryWithAttemptsSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getWebhookDeliveryExamples: OperationExamples = {
  request: { endpoint_id: webhookDeliveryExample.endpoint_id, delivery_id: webhookDeliveryExample.id },
  status: 200,
  response: {
    data: {
      ...webhookDeliveryExample,
      attempts: 2,
      attempt_log: [
        webhookAttemptExample,
        {
          ...webhookAttemptExample,
          id: '6b0262b37c1e9a0d6a1f0e12',
          attempted_at: '2026-11-23T14:20:55.120Z',
          response_status: 503,
          duration_ms: 12,
          response_body: 'upstream unavailable',
          error_class: 'http_status',
          error: 'HTTP 503',
        },
      ],
    },
  },
};

export const getWebhookDeliveryContract = { input: getWebhookDeliveryInput, output: getWebhookDeliveryOutput, examples: getWebhookDeliveryExamples };
