import { campaignView, createCampaign as createOwnedCampaign } from '../../services/campaigns';
import { createCampaignContract } from './create.schema';
import { campaignsSection } from '../sections';

export const createCampaign = campaignsSection.operation('POST /campaigns', createCampaignContract, {
  summary: 'Create a campaign',
  description: [
    'Creates a campaign owned by the key’s subject (creator or agency) and responds 201 with it. Only `name` is required.',
    '',
    '- `status` starts `active`; `refresh_cadence` defaults to `daily`, `refresh_state` to `active`, every CPM to 0, `emv_override` to null.',
    '- `ends_at` may not be before `starts_at` (400 on `body.ends_at`).',
    '- The public report gets a random URL-safe slug and starts disabled; its settings are not managed through the API.',
    '- Participants and content are not managed through the API, so `summary` starts at zeros.',
  ].join('\n'),
  successStatus: [201],
}).mutation(async ({ ctx, input }) => {
  const campaign = await createOwnedCampaign(ctx.app, ctx.owner, input);
  return { data: campaignView(campaign, ctx.app.config.publicBaseUrl) };
});
