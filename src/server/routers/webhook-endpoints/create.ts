import { createWebhookEndpoint as createEndpoint, webhookEndpointView } from '../../services/webhook-endpoints';
import { callActor } from '../../trpc/context';
import { createWebhookEndpointContract } from './create.schema';
import { webhooksSection } from '../sections';

export const createWebhookEndpoint = webhooksSection.operation('POST /webhook-endpoints', createWebhookEndpointContract, {
  summary: 'Create a webhook endpoint',
  description: [
    'Registers a URL to receive the listed event types (or `["*"]` for all) and responds 201 with the endpoint and its signing `secret` — shown only here; rotate it if it is lost.',
    '',
    '- `url` must be https on the default port, and its host must resolve to public addresses (400 on `body.url` otherwise); deliveries re-check it and never follow redirects.',
    '- At most 20 endpoints per account (409).',
    '- Deliveries are signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`); see the `webhooks` section of this document.',
  ].join('\n'),
  successStatus: [201],
  errorStatuses: [409],
}).mutation(async ({ ctx, input }) => {
  const { endpoint, secret } = await createEndpoint(ctx.app, callActor(ctx), ctx.owner, input);
  return { data: { ...webhookEndpointView(endpoint), secret } };
});
