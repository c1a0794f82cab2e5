import { removeCampaignContent } from '../../services/campaign-report';
import { apiProcedure } from '../../trpc/procedures';
import { removeContentInput } from './remove-content.schema';
import { CAMPAIGN_WRITE, done } from './schemas';

export const removeCampaignContentProcedure = apiProcedure
  .meta({ access: CAMPAIGN_WRITE })
  .input(removeContentInput)
  .output(done)
  .mutation(async ({ ctx, input }) => {
    await removeCampaignContent(ctx.app.db, ctx.owner, input.campaign_id, input.content_id);
    return { data: { ok: true as const } };
  });
