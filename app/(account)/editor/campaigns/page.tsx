import type { Metadata } from 'next';
import { indexCampaigns } from '@/server/services/resource-index';
import { requireSubject } from '@/server/web/session';
import { Timestamp } from '../../../_components/dates';
import { IndexPage, param } from '../../../_components/index-page';
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
      search={page.search}
      nextCursor={page.meta.next_cursor}
      paged={cursor !== undefined && !page.cursorRefused}
      cursorRefused={page.cursorRefused}
      shown={page.items.length}
      total={total}
      create={{ href: '/editor/campaigns/new', label: 'New campaign' }}
      empty={<p>Track a campaign’s posts and earned media value, and share a live report with the brand. Create your first campaign.</p>}
    >
      <table className="data-table">
        <caption className="visually-hidden">Campaigns, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Posts</th>
            <th scope="col">Views</th>
            <th scope="col">Earned media value ({REPORTING_CURRENCY})</th>
            <th scope="col">Report</th>
            <th scope="col">Last changed</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((campaign) => (
            <tr key={campaign.id}>
              <td data-label="Name">
                <a href={`/editor/campaigns/${campaign.id}`}>{campaign.name}</a>
              </td>
              <td data-label="Status">{STATUS_LABELS[campaign.status] ?? campaign.status}</td>
              <td data-label="Posts">{formatNumber(campaign.summary.content)}</td>
              <td data-label="Views">{formatCompact(campaign.summary.views)}</td>
              <td data-label={`Earned media value (${REPORTING_CURRENCY})`}>{formatMoney(campaign.summary.emv)}</td>
              <td data-label="Report">
                {campaign.publicReportEnabled ? (
                  <a href={`${base}/r/${campaign.publicReportSlug}`}>
                    View<span className="visually-hidden"> the report of {campaign.name}</span>
                  </a>
                ) : (
                  <span className="muted">Not published</span>
                )}
              </td>
              <td data-label="Last changed">
                <Timestamp iso={campaign.updatedAt.toISOString()} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </IndexPage>
  );
}
