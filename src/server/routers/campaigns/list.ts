import { campaignView, listOwnedCampaigns } from '../../services/campaigns';
import { anySubject, operation } from '../../trpc/operation';
import { ownedListPage } from '../../trpc/owned-list';
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
    return ownedListPage(ctx, input, {
      scope: ['campaigns', input.status ?? 'all'],
      fetch: (afterId, take) => listOwnedCampaigns(ctx.app.db, ctx.owner, { status: input.status }, afterId, take),
      view: (campaign) => campaignView(campaign, ctx.app.config.publicBaseUrl),
    });
  });
