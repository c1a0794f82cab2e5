import { setCampaignPublicReport } from '../../services/campaign-report';
import { callActor } from '../../trpc/context';
import { apiProcedure } from '../../trpc/procedures';
import { CAMPAIGN_WRITE, done } from './schemas';
import { setPublicReportInput } from './set-public-report.schema';

/** Publishes the campaign's report at its share URL, or takes it down. */
export const setCampaignPublicReportProcedure = apiProcedure
  .meta({ access: CAMPAIGN_WRITE })
  .input(setPublicReportInput)
  .output(done)
  .mutation(async ({ ctx, input }) => {
    await setCampaignPublicReport(ctx.app.db, callActor(ctx), ctx.owner, input.campaign_id, input.enabled);
    return { data: { ok: true as const } };
  });
