import { sendTestEvent, webhookDeliveryView } from '../../services/webhook-endpoints';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { testWebhookEndpointExamples, testWebhookEndpointInput, testWebhookEndpointOutput } from './test.schema';

export const testWebhookEndpoint = apiProcedure
  .meta(operation('POST /webhook-endpoints/{endpoint_id}/test', {
    tag: 'Webhooks',
    summary: 'Send a test event',
    description:
      'Queues a `webhook.test` event to this endpoint (whatever it subscribes to) and responds 202 with its delivery; follow it in the delivery log. 409 while the endpoint is disabled.',
    examples: testWebhookEndpointExamples,
    access: anySubject('webhooks:write'),
    successStatus: [202],
    errorStatuses: [400, 404, 409],
  }))
  .input(testWebhookEndpointInput)
  .output(testWebhookEndpointOutput)
  .mutation(async ({ ctx, input }) => {
    const delivery = await sendTestEvent(ctx.app, ctx.owner, input.endpoint_id);
    return { data: webhookDeliveryView(delivery) };
  });
