import { updateCampaignContentMetrics } from '../../services/campaign-report';
import { panelWrite } from './panel-write';
import { updateContentInput } from './update-content.schema';

/** New metrics for a tracked post. */
export const updateCampaignContentProcedure = panelWrite(updateContentInput, (ctx, input) => {
  const { campaign_id: campaignId, content_id: contentId, ...metrics } = input;
  return updateCampaignContentMetrics(ctx.app.db, ctx.owner, campaignId, contentId, metrics);
});
