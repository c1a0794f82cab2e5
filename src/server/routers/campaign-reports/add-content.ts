import { addCampaignContent } from '../../services/campaign-report';
import { apiProcedure } from '../../trpc/procedures';
import { addContentInput, addContentOutput } from './add-content.schema';
import { CAMPAIGN_WRITE } from './schemas';

/** Tracks one post of a participant, with its metrics. */
export const addCampaignContentProcedure = apiProcedure
  .meta({ access: CAMPAIGN_WRITE })
  .input(addContentInput)
  .output(addContentOutput)
  .mutation(async ({ ctx, input }) => {
    const { campaign_id: campaignId, ...content } = input;
    const added = await addCampaignContent(ctx.app.db, ctx.owner, campaignId, content);
    return { data: { id: added.id } };
  });
