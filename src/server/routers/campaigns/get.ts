import { campaignView, getOwnedCampaign } from '../../services/campaigns';
import { getCampaignContract } from './get.schema';
import { campaignsSection } from '../sections';

export const getCampaign = campaignsSection.operation('GET /campaigns/{campaign_id}', getCampaignContract, {
  summary: 'Retrieve a campaign',
  description: 'A campaign owned by the key’s subject, with its computed summary; anyone else’s campaign is 404.',
}).query(async ({ ctx, input }) => {
  return { data: campaignView(await getOwnedCampaign(ctx.app.db, ctx.owner, input.campaign_id), ctx.app.config.publicBaseUrl) };
});
