import { listWebhookDeliveries as listDeliveries, webhookDeliveryView } from '../../services/webhook-endpoints';
import { anySubject, operation } from '../../trpc/operation';
import { ownedListPage } from '../../trpc/owned-list';
import { apiProcedure } from '../../trpc/procedures';
import { listWebhookDeliveriesExamples, listWebhookDeliveriesInput, listWebhookDeliveriesOutput } from './deliveries.schema';

export const listWebhookDeliveries = apiProcedure
  .meta(operation('GET /webhook-endpoints/{endpoint_id}/deliveries', {
    tag: 'Webhooks',
    summary: 'List an endpoint’s deliveries',
    description: 'The delivery log, newest first: each event sent (or to be sent) to the endpoint, its status, attempts, last response code and time, and next attempt.',
    examples: listWebhookDeliveriesExamples,
    access: anySubject('webhooks:read'),
    errorStatuses: [400, 404],
  }))
  .input(listWebhookDeliveriesInput)
  .output(listWebhookDeliveriesOutput)
  .query(async ({ ctx, input }) => {
    return ownedListPage(ctx, input, {
      scope: ['webhook-deliveries', input.endpoint_id, input.status ?? 'all'],
      fetch: (afterId, take) => listDeliveries(ctx.app.db, ctx.owner, input.endpoint_id, { status: input.status }, afterId, take),
      view: webhookDeliveryView,
    });
  });
