import { z } from 'zod';
import { ENDPOINT_STATUSES } from '../../services/webhook-endpoints';
import { patchExamples, single } from '../shared/schemas';
import { endpointFieldsShape, endpointPath, endpointSchema, webhookEndpointExample } from './schemas';

export const updateWebhookEndpointInput = z
  .strictObject({
    ...endpointFieldsShape,
    status: z.enum(ENDPOINT_STATUSES).meta({ description: '`disabled` stops deliveries; `enabled` resumes them and clears the failure record.' }),
  })
  .partial()
  .extend(endpointPath);
export const updateWebhookEndpointOutput = single(endpointSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const updateWebhookEndpointExamples = patchExamples({ endpoint_id: '6b0262a17c1e9a0d6a1f0e01' }, webhookEndpointExample, { events: ['*'] }, '2026-11-23T15:00:00.000Z');

export const updateWebhookEndpointContract = { input: updateWebhookEndpointInput, output: updateWebhookEndpointOutput, examples: updateWebhookEndpointExamples };
