import { sendTestEvent, webhookDeliveryView } from '../../services/webhook-endpoints';
import { testWebhookEndpointContract } from './test.schema';
import { webhooksSection } from '../sections';

export const testWebhookEndpoint = webhooksSection.operation('POST /webhook-endpoints/{endpoint_id}/test', testWebhookEndpointContract, {
  summary: 'Send a test event',
  description:
    'Queues a `webhook.test` event to this endpoint (whatever it subscribes to) and responds 202 with its delivery; follow it in the delivery log. 409 while the endpoint is disabled.',
  successStatus: [202],
  errorStatuses: [409],
}).mutation(async ({ ctx, input }) => {
  const delivery = await sendTestEvent(ctx.app, ctx.owner, input.endpoint_id);
  return { data: webhookDeliveryView(delivery) };
});
