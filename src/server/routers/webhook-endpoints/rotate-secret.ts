import { rotateWebhookSecret as rotateSecret, webhookEndpointView } from '../../services/webhook-endpoints';
import { callActor } from '../../trpc/context';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { rotateWebhookSecretExamples, rotateWebhookSecretInput, rotateWebhookSecretOutput } from './rotate-secret.schema';

export const rotateWebhookSecret = apiProcedure
  .meta(operation('POST /webhook-endpoints/{endpoint_id}/rotate-secret', {
    tag: 'Webhooks',
    summary: 'Rotate the signing secret',
    description:
      'Generates a new signing secret, shown only in this response. For the next 24 hours (`previous_secret_expires_at`) every delivery carries two signatures in `webhook-signature`, one per secret, so receivers can switch over without missing a delivery.',
    examples: rotateWebhookSecretExamples,
    access: anySubject('webhooks:write'),
    errorStatuses: [400, 404],
  }))
  .input(rotateWebhookSecretInput)
  .output(rotateWebhookSecretOutput)
  .mutation(async ({ ctx, input }) => {
    const { endpoint, secret } = await rotateSecret(ctx.app, callActor(ctx), ctx.owner, input.endpoint_id);
    return { data: { ...webhookEndpointView(endpoint), secret } };
  });
