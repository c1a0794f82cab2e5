import { campaignView, getOwnedCampaign } from '../../services/campaigns';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getCampaignExamples, getCampaignInput, getCampaignOutput } from './get.schema';

export const getCampaign = apiProcedure
  .meta(operation('GET /campaigns/{campaign_id}', {
    tag: 'Campaigns',
    summary: 'Retrieve a campaign',
    description: 'A campaign owned by the key’s subject, with its computed summary; anyone else’s campaign is 404.',
    examples: getCampaignExamples,
    access: anySubject('campaigns:read'),
    errorStatuses: [400, 404],
  }))
  .input(getCampaignInput)
  .output(getCampaignOutput)
  .query(async ({ ctx, input }) => {
    return { data: campaignView(await getOwnedCampaign(ctx.app.db, ctx.owner, input.campaign_id), ctx.app.config.publicBaseUrl) };
  });
