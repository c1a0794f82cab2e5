import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { REPLAY_LIMIT } from '../../services/webhook-endpoints';
import { timestamp } from '../shared/schemas';
import { endpointPath } from './schemas';

export const replayWebhookDeliveriesInput = z.strictObject({
  ...endpointPath,
  since: z.iso.datetime({ offset: true }).meta({ description: 'From this time (inclusive).' }),
  until: z.iso.datetime({ offset: true }).meta({ description: 'To this time (exclusive); default now.' }).optional(),
});
export const replayResultSchema = z
  .object({
    queued: z.number().int().meta({ description: `Failed deliveries queued for one more attempt (at most ${REPLAY_LIMIT}).` }),
    has_more: z.boolean().meta({ description: 'More failed deliveries are left in the window: call again.' }),
    since: timestamp.meta({ description: 'The window’s start.' }),
    until: timestamp.nullable().meta({ description: 'The window’s end; null for now.' }),
  })
  .meta({ id: 'WebhookReplay' });
export const replayWebhookDeliveriesOutput = z.object({ data: replayResultSchema.meta({ description: 'What the replay queued.' }) });

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const replayWebhookDeliveriesExamples: OperationExamples = {
  request: { endpoint_id: '6b0262a17c1e9a0d6a1f0e01', since: '2026-11-23T00:00:00Z' },
  status: 202,
  response: { data: { queued: 12, has_more: false, since: '2026-11-23T00:00:00.000Z', until: null } },
};

export const replayWebhookDeliveriesContract = { input: replayWebhookDeliveriesInput, output: replayWebhookDeliveriesOutput, examples: replayWebhookDeliveriesExamples };
