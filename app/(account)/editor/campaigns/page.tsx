import type { Metadata } from 'next';
import { indexCampaigns } from '@/server/services/resource-index';
import { requireSubject } from '@/server/web/session';
import { IndexPage, IndexTable, lastChangedColumn, param } from '../../../_components/index-page';
import { formatCompact, formatMoney, formatNumber, REPORTING_CURRENCY } from '../../../_components/numbers';

export const metadata: Metadata = { title: 'Campaigns' };

const STATUS_LABELS: Record<string, string> = { active: 'Active', completed: 'Completed', archived: 'Archived' };

/** Every campaign of the signed-in agency or creator with its figures: search by name, page by page. */
export default async function CampaignsIndexPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { app, subject } = await requireSubject('/editor/campaigns');
  const params = await searchParams;
  const db = app.services.db;
  const owner = { type: subject.type, id: subject.id };
  const cursor = param(params.cursor);
  const [page, total] = await Promise.all([
    indexCampaigns(db, app.services.cursors, owner, { search: param(params.q), cursor }),
    db.campaign.count({ where: { ownerType: owner.type, ownerId: owner.id } }),
  ]);
  const base = app.services.config.publicBaseUrl;
  return (
    <IndexPage
      title="Campaigns"
      path="/editor/campaigns"
      intro="Posts, views and earned media value of each campaign, with a live report to share with the brand."
      searchWhat="campaign names"
      page={page}
      cursor={cursor}
      total={total}
      create={{ href: '/editor/campaigns/new', label: 'New campaign' }}
      empty={<p>Track a campaign’s posts and earned media value, and share a live report with the brand. Create your first campaign.</p>}
    >
      <IndexTable
        caption="Campaigns, newest first"
        items={page.items}
        columns={[
          { label: 'Name', cell: (campaign) => <a href={`/editor/campaigns/${campaign.id}`}>{campaign.name}</a> },
          { label: 'Status', cell: (campaign) => STATUS_LABELS[campaign.status] ?? campaign.status },
          { label: 'Posts', cell: (campaign) => formatNumber(campaign.summary.content) },
          { label: 'Views', cell: (campaign) => formatCompact(campaign.summary.views) },
          { label: `Earned media value (${REPORTING_CURRENCY})`, cell: (campaign) => formatMoney(campaign.summary.emv) },
          {
            label: 'Report',
            cell: (campaign) =>
              campaign.publicReportEnabled ? (
                <a href={`${base}/r/${campaign.publicReportSlug}`}>
                  View<span className="visually-hidden"> the report of {campaign.name}</span>
                </a>
              ) : (
                <span className="muted">Not published</span>
              ),
          },
          lastChangedColumn,
        ]}
      />
    </IndexPage>
  );
}
