import { campaignView, listOwnedCampaigns } from '../../services/campaigns';
import { ownedListPage } from '../../trpc/owned-list';
import { listCampaignsContract } from './list.schema';
import { campaignsSection } from '../sections';

export const listCampaigns = campaignsSection.operation('GET /campaigns', listCampaignsContract, {
  summary: 'List campaigns',
  description: 'Campaigns owned by the key’s subject, newest first, optionally filtered by `status`. A cursor is bound to its status filter.',
}).query(async ({ ctx, input }) => {
  return ownedListPage(ctx, input, {
    scope: ['campaigns', input.status ?? 'all'],
    fetch: (afterId, take) => listOwnedCampaigns(ctx.app.db, ctx.owner, { status: input.status }, afterId, take),
    view: (campaign) => campaignView(campaign, ctx.app.config.publicBaseUrl),
  });
});
