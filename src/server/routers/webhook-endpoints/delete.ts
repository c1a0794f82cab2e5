import { deleteWebhookEndpoint as deleteEndpoint } from '../../services/webhook-endpoints';
import { callActor } from '../../trpc/context';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { deleteWebhookEndpointExamples, deleteWebhookEndpointInput, deleteWebhookEndpointOutput } from './delete.schema';

export const deleteWebhookEndpoint = apiProcedure
  .meta(operation('DELETE /webhook-endpoints/{endpoint_id}', {
    tag: 'Webhooks',
    summary: 'Delete a webhook endpoint',
    description: 'Deletes the endpoint and its delivery log; pending deliveries to it are dropped. Responds 204 with no body.',
    examples: deleteWebhookEndpointExamples,
    access: anySubject('webhooks:write'),
    successStatus: [204],
    errorStatuses: [400, 404],
  }))
  .input(deleteWebhookEndpointInput)
  .output(deleteWebhookEndpointOutput)
  .mutation(async ({ ctx, input }) => {
    await deleteEndpoint(ctx.app.db, callActor(ctx), ctx.owner, input.endpoint_id);
  });
