import { listWebhookEndpoints as listEndpoints, webhookEndpointView } from '../../services/webhook-endpoints';
import { ownedListPage } from '../../trpc/owned-list';
import { listWebhookEndpointsContract } from './list.schema';
import { webhooksSection } from '../sections';

export const listWebhookEndpoints = webhooksSection.operation('GET /webhook-endpoints', listWebhookEndpointsContract, {
  summary: 'List webhook endpoints',
  description: 'The account’s webhook endpoints, newest first. Secrets are never listed.',
}).query(async ({ ctx, input }) => {
  return ownedListPage(ctx, input, {
    scope: ['webhook-endpoints'],
    fetch: (afterId, take) => listEndpoints(ctx.app.db, ctx.owner, afterId, take),
    view: webhookEndpointView,
  });
});
