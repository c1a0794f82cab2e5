import { getWebhookEndpoint as getEndpoint, webhookEndpointView } from '../../services/webhook-endpoints';
import { getWebhookEndpointContract } from './get.schema';
import { webhooksSection } from '../sections';

export const getWebhookEndpoint = webhooksSection.operation('GET /webhook-endpoints/{endpoint_id}', getWebhookEndpointContract, {
  summary: 'Retrieve a webhook endpoint',
  description: 'One of the account’s endpoints (without its secret); another account’s endpoint is 404.',
}).query(async ({ ctx, input }) => {
  return { data: webhookEndpointView(await getEndpoint(ctx.app.db, ctx.owner, input.endpoint_id)) };
});
