import { setCampaignPublicReport } from '../../services/campaign-report';
import { callActor } from '../../trpc/context';
import { panelWrite } from './panel-write';
import { setPublicReportInput } from './set-public-report.schema';

/** Publishes the campaign's report at its share URL, or takes it down. */
export const setCampaignPublicReportProcedure = panelWrite(setPublicReportInput, (ctx, input) =>
  setCampaignPublicReport(ctx.app.db, callActor(ctx), ctx.owner, input.campaign_id, input.enabled),
);
