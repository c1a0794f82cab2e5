import { list, onlyPageExamples, pageQuery } from '../shared/schemas';
import { DELIVERY_STATUS_FILTER, deliverySchema, endpointPath, webhookDeliveryExample } from './schemas';

export const listWebhookDeliveriesInput = pageQuery.extend({
  ...endpointPath,
  status: DELIVERY_STATUS_FILTER.meta({ description: 'Only deliveries in this status; all when omitted.' }).optional(),
});
export const listWebhookDeliveriesOutput = list(deliverySchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listWebhookDeliveriesExamples = onlyPageExamples({ endpoint_id: '6b0262a17c1e9a0d6a1f0e01', limit: 25 }, webhookDeliveryExample);

export const listWebhookDeliveriesContract = { input: listWebhookDeliveriesInput, output: listWebhookDeliveriesOutput, examples: listWebhookDeliveriesExamples };
