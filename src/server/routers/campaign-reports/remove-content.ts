import { removeCampaignContent } from '../../services/campaign-report';
import { panelWrite } from './panel-write';
import { removeContentInput } from './remove-content.schema';

export const removeCampaignContentProcedure = panelWrite(removeContentInput, (ctx, input) =>
  removeCampaignContent(ctx.app.db, ctx.owner, input.campaign_id, input.content_id),
);
