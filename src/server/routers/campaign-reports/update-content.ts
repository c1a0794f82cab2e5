import { updateCampaignContentMetrics } from '../../services/campaign-report';
import { apiProcedure } from '../../trpc/procedures';
import { CAMPAIGN_WRITE, done } from './schemas';
import { updateContentInput } from './update-content.schema';

/** New metrics for a tracked post. */
export const updateCampaignContentProcedure = apiProcedure
  .meta({ access: CAMPAIGN_WRITE })
  .input(updateContentInput)
  .output(done)
  .mutation(async ({ ctx, input }) => {
    const { campaign_id: campaignId, content_id: contentId, ...metrics } = input;
    await updateCampaignContentMetrics(ctx.app.db, ctx.owner, campaignId, contentId, metrics);
    return { data: { ok: true as const } };
  });
