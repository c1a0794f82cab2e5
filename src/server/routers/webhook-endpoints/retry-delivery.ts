import { retryWebhookDelivery as retryDelivery, webhookDeliveryView } from '../../services/webhook-endpoints';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { retryWebhookDeliveryExamples, retryWebhookDeliveryInput, retryWebhookDeliveryOutput } from './retry-delivery.schema';

export const retryWebhookDelivery = apiProcedure
  .meta(operation('POST /webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/retry', {
    tag: 'Webhooks',
    summary: 'Retry a delivery',
    description:
      'Sends the delivery again now, with the same `webhook-id`, and responds 202 with it (`pending`); the attempt runs in the background. A finished delivery gets one more attempt; a pending one has its next attempt moved to now. 409 while the endpoint is disabled.',
    examples: retryWebhookDeliveryExamples,
    access: anySubject('webhooks:write'),
    successStatus: [202],
    errorStatuses: [400, 404, 409],
  }))
  .input(retryWebhookDeliveryInput)
  .output(retryWebhookDeliveryOutput)
  .mutation(async ({ ctx, input }) => {
    const delivery = await retryDelivery(ctx.app, ctx.owner, input.endpoint_id, input.delivery_id);
    return { data: webhookDeliveryView(delivery) };
  });
