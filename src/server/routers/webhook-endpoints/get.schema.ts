import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { endpointPath, endpointSchema, webhookEndpointExample } from './schemas';

export const getWebhookEndpointInput = z.strictObject(endpointPath);
export const getWebhookEndpointOutput = single(endpointSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getWebhookEndpointExamples: OperationExamples = { request: { endpoint_id: '6b0262a17c1e9a0d6a1f0e01' }, status: 200, response: { data: webhookEndpointExample } };

export const getWebhookEndpointContract = { input: getWebhookEndpointInput, output: getWebhookEndpointOutput, examples: getWebhookEndpointExamples };
