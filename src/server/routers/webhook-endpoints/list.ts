import { listWebhookEndpoints as listEndpoints, webhookEndpointView } from '../../services/webhook-endpoints';
import { anySubject, operation } from '../../trpc/operation';
import { ownedListPage } from '../../trpc/owned-list';
import { apiProcedure } from '../../trpc/procedures';
import { listWebhookEndpointsExamples, listWebhookEndpointsInput, listWebhookEndpointsOutput } from './list.schema';

export const listWebhookEndpoints = apiProcedure
  .meta(operation('GET /webhook-endpoints', {
    tag: 'Webhooks',
    summary: 'List webhook endpoints',
    description: 'The account’s webhook endpoints, newest first. Secrets are never listed.',
    examples: listWebhookEndpointsExamples,
    access: anySubject('webhooks:read'),
    errorStatuses: [400],
  }))
  .input(listWebhookEndpointsInput)
  .output(listWebhookEndpointsOutput)
  .query(async ({ ctx, input }) => {
    return ownedListPage(ctx, input, {
      scope: ['webhook-endpoints'],
      fetch: (afterId, take) => listEndpoints(ctx.app.db, ctx.owner, afterId, take),
      view: webhookEndpointView,
    });
  });
