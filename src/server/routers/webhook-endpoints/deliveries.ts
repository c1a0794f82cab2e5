import { listWebhookDeliveries as listDeliveries, webhookDeliveryView } from '../../services/webhook-endpoints';
import { ownedListPage } from '../../trpc/owned-list';
import { listWebhookDeliveriesContract } from './deliveries.schema';
import { webhooksSection } from '../sections';

export const listWebhookDeliveries = webhooksSection.operation('GET /webhook-endpoints/{endpoint_id}/deliveries', listWebhookDeliveriesContract, {
  summary: 'List an endpoint’s deliveries',
  description: 'The delivery log, newest first: each event sent (or to be sent) to the endpoint, its status, attempts, last response code and time, and next attempt.',
}).query(async ({ ctx, input }) => {
  return ownedListPage(ctx, input, {
    scope: ['webhook-deliveries', input.endpoint_id, input.status ?? 'all'],
    fetch: (afterId, take) => listDeliveries(ctx.app.db, ctx.owner, input.endpoint_id, { status: input.status }, afterId, take),
    view: webhookDeliveryView,
  });
});
