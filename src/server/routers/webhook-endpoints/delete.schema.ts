import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { endpointPath } from './schemas';

export const deleteWebhookEndpointInput = z.strictObject(endpointPath);
export const deleteWebhookEndpointOutput = z.void();

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const deleteWebhookEndpointExamples: OperationExamples = { request: { endpoint_id: '6b0262a17c1e9a0d6a1f0e01' }, status: 204 };

export const deleteWebhookEndpointContract = { input: deleteWebhookEndpointInput, output: deleteWebhookEndpointOutput, examples: deleteWebhookEndpointExamples };
