import { webhookDeliveryView } from '../../services/webhook-endpoints';
import { sendSyntheticEvent } from '../../services/test-events';
import type { EventType } from '../../services/webhook-events';
import { sampleEventData } from '../event-types/samples';
import { sendTestEventContract } from './test-events.schema';
import { webhooksSection } from '../sections';

export const sendWebhookTestEvent = webhooksSection.operation('POST /webhook-endpoints/{endpoint_id}/test-events', sendTestEventContract, {
  summary: 'Send a test event of a type',
  description:
    'Queues a synthetic event of `type` to this endpoint only (whatever it subscribes to) and responds 202 with its delivery. The body is shaped like a real event of that type — `data` is a sample resource whose ids name nothing — and carries `"test": true`; nothing is created or changed. Events of a test-mode key go to its test-mode endpoints only. 409 while the endpoint is disabled.',
  successStatus: [202],
  errorStatuses: [409],
}).mutation(async ({ ctx, input }) => {
  const type = input.type as EventType;
  const delivery = await sendSyntheticEvent(ctx.app, ctx.owner, input.endpoint_id, type, sampleEventData(type, input.endpoint_id));
  return { data: webhookDeliveryView(delivery) };
});
