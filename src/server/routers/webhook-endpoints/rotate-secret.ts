import { rotateWebhookSecret as rotateSecret, webhookEndpointView } from '../../services/webhook-endpoints';
import { callActor } from '../../trpc/context';
import { rotateWebhookSecretContract } from './rotate-secret.schema';
import { webhooksSection } from '../sections';

export const rotateWebhookSecret = webhooksSection.operation('POST /webhook-endpoints/{endpoint_id}/rotate-secret', rotateWebhookSecretContract, {
  summary: 'Rotate the signing secret',
  description:
    'Generates a new signing secret, shown only in this response. For the next 24 hours (`previous_secret_expires_at`) every delivery carries two signatures in `webhook-signature`, one per secret, so receivers can switch over without missing a delivery.',
}).mutation(async ({ ctx, input }) => {
  const { endpoint, secret } = await rotateSecret(ctx.app, callActor(ctx), ctx.owner, input.endpoint_id);
  return { data: { ...webhookEndpointView(endpoint), secret } };
});
