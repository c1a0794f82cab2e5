import { keysetPage } from '../../domain/pagination';
import { campaignView, listOwnedCampaigns } from '../../services/campaigns';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { listCampaignsExamples, listCampaignsInput, listCampaignsOutput } from './list.schema';

export const listCampaigns = apiProcedure
  .meta(operation('GET /campaigns', {
    tag: 'Campaigns',
    summary: 'List campaigns',
    description: 'Campaigns owned by the key’s subject, newest first, optionally filtered by `status`. A cursor is bound to its status filter.',
    examples: listCampaignsExamples,
    access: anySubject('campaigns:read'),
    errorStatuses: [400],
  }))
  .input(listCampaignsInput)
  .output(listCampaignsOutput)
  .query(async ({ ctx, input }) => {
    const listKey = `campaigns:${ctx.owner.type}:${ctx.owner.id}:${input.status ?? 'all'}`;
    const page = await keysetPage(ctx.app.cursors, listKey, input, (afterId, take) =>
      listOwnedCampaigns(ctx.app.db, ctx.owner, { status: input.status }, afterId, take),
    );
    return { data: page.items.map((c) => campaignView(c, ctx.app.config.publicBaseUrl)), meta: page.meta };
  });
