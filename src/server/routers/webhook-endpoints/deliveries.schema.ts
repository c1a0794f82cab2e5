import { list, pageQuery } from '../shared/schemas';
import { DELIVERY_STATUS_FILTER, deliverySchema, endpointPath } from './schemas';

export const listWebhookDeliveriesInput = pageQuery.extend({
  ...endpointPath,
  status: DELIVERY_STATUS_FILTER.meta({ description: 'Only deliveries in this status; all when omitted.' }).optional(),
});
export const listWebhookDeliveriesOutput = list(deliverySchema);
