import { getWebhookDelivery as getDelivery, webhookDeliveryDetailView } from '../../services/webhook-endpoints';
import { getWebhookDeliveryContract } from './get-delivery.schema';
import { webhooksSection } from '../sections';

export const getWebhookDelivery = webhooksSection.operation('GET /webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}', getWebhookDeliveryContract, {
  summary: 'Retrieve a delivery with its attempts',
  description:
    'Its last 50 attempts in `attempt_log`, newest first: time, status, duration, the first 2 KB of the answer, why it failed.',
}).query(async ({ ctx, input }) => ({ data: webhookDeliveryDetailView(await getDelivery(ctx.app.db, ctx.owner, input.endpoint_id, input.delivery_id)) }));
