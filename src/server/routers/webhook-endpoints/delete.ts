import { deleteWebhookEndpoint as deleteEndpoint } from '../../services/webhook-endpoints';
import { callActor } from '../../trpc/context';
import { deleteWebhookEndpointContract } from './delete.schema';
import { webhooksSection } from '../sections';

export const deleteWebhookEndpoint = webhooksSection.operation('DELETE /webhook-endpoints/{endpoint_id}', deleteWebhookEndpointContract, {
  summary: 'Delete a webhook endpoint',
  description: 'Deletes the endpoint and its delivery log; pending deliveries to it are dropped. Responds 204 with no body.',
  successStatus: [204],
}).mutation(async ({ ctx, input }) => {
  await deleteEndpoint(ctx.app.db, callActor(ctx), ctx.owner, input.endpoint_id);
});
