import { retryWebhookDelivery as retryDelivery, webhookDeliveryView } from '../../services/webhook-endpoints';
import { retryWebhookDeliveryContract } from './retry-delivery.schema';
import { webhooksSection } from '../sections';

export const retryWebhookDelivery = webhooksSection.operation('POST /webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/retry', retryWebhookDeliveryContract, {
  summary: 'Retry a delivery',
  description:
    'Sends the delivery again now, with the same `webhook-id`, and responds 202 with it (`pending`); the attempt runs in the background. A finished delivery gets one more attempt; a pending one has its next attempt moved to now. 409 while the endpoint is disabled.',
  successStatus: [202],
  errorStatuses: [409],
}).mutation(async ({ ctx, input }) => {
  const delivery = await retryDelivery(ctx.app, ctx.owner, input.endpoint_id, input.delivery_id);
  return { data: webhookDeliveryView(delivery) };
});
