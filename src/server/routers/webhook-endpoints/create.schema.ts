import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { endpointFieldsShape, endpointWithSecretSchema, webhookEndpointExample } from './schemas';

export const createWebhookEndpointInput = z.strictObject(endpointFieldsShape).partial({ description: true });
export const createWebhookEndpointOutput = single(endpointWithSecretSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const createWebhookEndpointExamples: OperationExamples = {
  request: {
    url: 'https://hooks.example.com/creator-api',
    events: ['creator.created', 'creator_import.completed'],
    description: 'CRM sync',
  },
  status: 201,
  response: { data: { ...webhookEndpointExample, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } },
};

export const createWebhookEndpointContract = { input: createWebhookEndpointInput, output: createWebhookEndpointOutput, examples: createWebhookEndpointExamples };
