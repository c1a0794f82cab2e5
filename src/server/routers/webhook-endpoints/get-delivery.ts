import { getWebhookDelivery as getDelivery, webhookDeliveryDetailView } from '../../services/webhook-endpoints';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getWebhookDeliveryExamples, getWebhookDeliveryInput, getWebhookDeliveryOutput } from './get-delivery.schema';

export const getWebhookDelivery = apiProcedure
  .meta(operation('GET /webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}', {
    tag: 'Webhooks',
    summary: 'Retrieve a delivery with its attempts',
    description:
      'Its last 50 attempts in `attempt_log`, newest first: time, status, duration, the first 2 KB of the answer, why it failed.',
    examples: getWebhookDeliveryExamples,
    access: anySubject('webhooks:read'),
    errorStatuses: [400, 404],
  }))
  .input(getWebhookDeliveryInput)
  .output(getWebhookDeliveryOutput)
  .query(async ({ ctx, input }) => ({ data: webhookDeliveryDetailView(await getDelivery(ctx.app.db, ctx.owner, input.endpoint_id, input.delivery_id)) }));
