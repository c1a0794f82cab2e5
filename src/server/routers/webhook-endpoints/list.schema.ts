import { list, onlyPageExamples, pageQuery } from '../shared/schemas';
import { endpointSchema, webhookEndpointExample } from './schemas';

export const listWebhookEndpointsInput = pageQuery;
export const listWebhookEndpointsOutput = list(endpointSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listWebhookEndpointsExamples = onlyPageExamples({ limit: 25 }, webhookEndpointExample);

export const listWebhookEndpointsContract = { input: listWebhookEndpointsInput, output: listWebhookEndpointsOutput, examples: listWebhookEndpointsExamples };
