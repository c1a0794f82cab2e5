import { replayWebhookDeliveries as replayDeliveries } from '../../services/webhook-endpoints';
import { apiProcedure } from '../../trpc/procedures';
import { replayWebhookDeliveriesExamples, replayWebhookDeliveriesInput, replayWebhookDeliveriesOutput } from './replay.schema';

export const replayWebhookDeliveries = apiProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/webhook-endpoints/{endpoint_id}/replay',
      tags: ['Webhooks'],
      summary: 'Replay failed deliveries',
      description: [
        'Sends every `failed` delivery of the endpoint created in [`since`, `until`) again, oldest first, one attempt each with its `webhook-id`, and responds 202 with how many were queued (at most 1,000 per call; `has_more` says to call again).',
        'Safe to repeat: deliveries already queued are `pending` and not queued twice. 409 while the endpoint is disabled.',
      ].join('\n\n'),
    },
    examples: replayWebhookDeliveriesExamples,
    access: { agency: 'webhooks:write', creator: 'webhooks:write' },
    successStatus: [202],
    errorStatuses: [400, 404, 409],
    etag: false,
    toolHints: { idempotent: true },
  })
  .input(replayWebhookDeliveriesInput)
  .output(replayWebhookDeliveriesOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await replayDeliveries(ctx.app, ctx.owner, input.endpoint_id, {
      since: new Date(input.since),
      until: input.until ? new Date(input.until) : undefined,
    });
    ctx.response.status = 202;
    return { data: result };
  });
