import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { endpointPath, endpointWithSecretSchema, webhookEndpointExample } from './schemas';

export const rotateWebhookSecretInput = z.strictObject(endpointPath);
export const rotateWebhookSecretOutput = single(endpointWithSecretSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const rotateWebhookSecretExamples: OperationExamples = {
  request: { endpoint_id: '6b0262a17c1e9a0d6a1f0e01' },
  status: 200,
  response: {
    data: {
      ...webhookEndpointExample,
      previous_secret_expires_at: '2026-11-24T15:00:00.000Z',
      updated_at: '2026-11-23T15:00:00.000Z',
      secret: 'whsec_2c3RvY2tzLWFuZC1mbG93cy1hcmUtbmljZQ==',
    },
  },
};

export const rotateWebhookSecretContract = { input: rotateWebhookSecretInput, output: rotateWebhookSecretOutput, examples: rotateWebhookSecretExamples };
