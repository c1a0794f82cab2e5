import { getWebhookEndpoint as getEndpoint, webhookEndpointView } from '../../services/webhook-endpoints';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getWebhookEndpointExamples, getWebhookEndpointInput, getWebhookEndpointOutput } from './get.schema';

export const getWebhookEndpoint = apiProcedure
  .meta(operation('GET /webhook-endpoints/{endpoint_id}', {
    tag: 'Webhooks',
    summary: 'Retrieve a webhook endpoint',
    description: 'One of the account’s endpoints (without its secret); another account’s endpoint is 404.',
    examples: getWebhookEndpointExamples,
    access: anySubject('webhooks:read'),
    errorStatuses: [400, 404],
  }))
  .input(getWebhookEndpointInput)
  .output(getWebhookEndpointOutput)
  .query(async ({ ctx, input }) => {
    return { data: webhookEndpointView(await getEndpoint(ctx.app.db, ctx.owner, input.endpoint_id)) };
  });
