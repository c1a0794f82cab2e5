import { keysetPage } from '../../domain/pagination';
import { listWebhookEndpoints as listEndpoints, webhookEndpointView } from '../../services/webhook-endpoints';
import { anySubject, operation } from '../../trpc/operation';
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
    const page = await keysetPage(ctx.app.cursors, `webhook-endpoints:${ctx.owner.type}:${ctx.owner.id}`, input, (afterId, take) =>
      listEndpoints(ctx.app.db, ctx.owner, afterId, take),
    );
    return { data: page.items.map((row) => webhookEndpointView(row)), meta: page.meta };
  });
