import { replayWebhookDeliveries as replayDeliveries } from '../../services/webhook-endpoints';
import { replayWebhookDeliveriesContract } from './replay.schema';
import { webhooksSection } from '../sections';

export const replayWebhookDeliveries = webhooksSection.operation('POST /webhook-endpoints/{endpoint_id}/replay', replayWebhookDeliveriesContract, {
  summary: 'Replay failed deliveries',
  description: [
    'Sends the endpoint’s `failed` deliveries created in [`since`, `until`) again, one attempt each; at most 1,000 per call.',
    'Oldest first, each with its `webhook-id`. Responds 202 with how many were queued; `has_more`: call again for the rest. Safe to repeat: a delivery already queued is `pending` and never queued twice. 409 while the endpoint is disabled.',
  ].join('\n\n'),
  successStatus: [202],
  errorStatuses: [409],
  etag: false,
  toolHints: { idempotent: true },
}).mutation(async ({ ctx, input }) => {
  const result = await replayDeliveries(ctx.app, ctx.owner, input.endpoint_id, {
    since: new Date(input.since),
    until: input.until ? new Date(input.until) : undefined,
  });
  return { data: result };
});
