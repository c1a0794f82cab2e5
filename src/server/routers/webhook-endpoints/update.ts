import { getWebhookEndpoint, updateWebhookEndpoint as updateEndpoint, webhookEndpointView } from '../../services/webhook-endpoints';
import { patchIfMatch } from '../../trpc/conditional';
import { callActor } from '../../trpc/context';
import { updateWebhookEndpointContract, updateWebhookEndpointOutput } from './update.schema';
import { webhooksSection } from '../sections';

export const updateWebhookEndpoint = webhooksSection.operation('PATCH /webhook-endpoints/{endpoint_id}', updateWebhookEndpointContract, {
  summary: 'Update a webhook endpoint',
  description:
    'Changes `url` (checked again like on create), `events`, `description` or `status` (`enabled`/`disabled`); at least one. Disabling stops new deliveries and ends pending ones as failed; enabling an endpoint disabled for failing resumes it.',
}).mutation(async ({ ctx, input }) => {
  const { endpoint_id: endpointId, ...fields } = input;
  return patchIfMatch(ctx, {
    load: () => getWebhookEndpoint(ctx.app.db, ctx.owner, endpointId),
    view: webhookEndpointView,
    output: updateWebhookEndpointOutput,
    write: (expectedUpdatedAt) => updateEndpoint(ctx.app, callActor(ctx), ctx.owner, endpointId, fields, { expectedUpdatedAt }),
  });
});
