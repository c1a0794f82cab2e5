import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { dashboardSummary, type DashboardSummary } from '@/server/services/dashboard';
import type { ViewResourceType } from '@/server/services/page-view-rules';
import { requireAccount } from '@/server/web/session';
import { viewerTimeZone } from '@/server/web/viewer-time';
import { Timestamp } from '../../_components/dates';
import { formatCompact, formatNumber } from '../../_components/numbers';
import { editHref, KIND_LABELS } from '../../_components/resource-links';

export const metadata: Metadata = { title: 'Dashboard' };

const VIEW_TYPE_LABELS: Record<ViewResourceType, string> = {
  media_kit: 'Media kits',
  deck: 'Pitch decks',
  campaign: 'Campaign reports',
  link_in_bio: 'Link in bio',
  roster: 'Public roster',
};

interface Stat {
  label: string;
  value: number;
  note: string;
  href: string;
}

function statsFor(type: 'agency' | 'creator', summary: DashboardSummary): Stat[] {
  const { counts, linkInBio } = summary;
  const kits: Stat = { label: type === 'agency' ? 'Media kits' : 'My media kits', value: counts.mediaKits, note: `${formatNumber(counts.publicMediaKits)} public`, href: '/editor/media-kits' };
  const campaigns: Stat = {
    label: type === 'agency' ? 'Campaigns' : 'My campaigns',
    value: counts.campaigns,
    note: `${formatNumber(counts.activeCampaigns)} active`,
    href: '/editor/campaigns',
  };
  if (type === 'agency') {
    return [
      { label: 'Roster', value: counts.rosterCreators, note: counts.rosterCreators === 1 ? 'creator' : 'creators', href: '/editor/roster' },
      { label: 'Pitch decks', value: counts.decks, note: 'shared with brands', href: '/editor/decks' },
      campaigns,
      kits,
    ];
  }
  return [
    { label: 'My page', value: linkInBio?.blocks ?? 0, note: linkInBio ? `links and blocks on @${linkInBio.username}` : 'not created yet', href: '/editor/link-in-bio' },
    kits,
    campaigns,
  ];
}

/** "Mon", "Tue"… for a day bucket's start ("2026-11-23T00:00:00+01:00"), read as a calendar date. */
function dayName(start: string): string {
  const [y, m, d] = start.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, d)));
}

/** Home of a signed-in agency or creator: figures, last week's views, what changed lately, what to do next. */
export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { app, subject } = await requireAccount('/dashboard');
  // A sign-in without an agency or creator finishes setting up on the settings overview.
  if (!subject) redirect('/settings');
  const params = await searchParams;
  const zone = await viewerTimeZone();
  const owner = { type: subject.type, id: subject.id };
  const summary = await dashboardSummary(app.services.db, owner, { timezone: zone ?? 'UTC' });
  const stats = statsFor(subject.type, summary);
  const { views } = summary;
  const peak = Math.max(1, ...views.days.map((d) => d.pageViews));
  const actions =
    subject.type === 'agency'
      ? [
          { href: '/editor/roster', label: summary.counts.rosterCreators === 0 ? 'Add creators' : 'Add a creator' },
          ...(summary.counts.rosterCreators > 0 ? [{ href: '/editor/decks/new', label: 'New pitch deck' }] : []),
          { href: '/editor/campaigns/new', label: 'New campaign' },
        ]
      : [
          { href: '/editor/link-in-bio', label: summary.linkInBio ? 'Edit my page' : 'Create my page' },
          { href: '/editor/media-kits/new', label: 'New media kit' },
          { href: '/editor/campaigns/new', label: 'New campaign' },
        ];
  const publicPage = summary.linkInBio ? `${app.services.config.publicBaseUrl}/l/${summary.linkInBio.slug}` : null;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Dashboard</h1>
          <p>
            {subject.type === 'agency' ? 'Agency' : 'Creator'} <strong>{subject.name}</strong>
          </p>
        </div>
        <div className="button-row">
          {actions.map((action, i) => (
            <a key={action.href} className={i === 0 ? 'button button-primary' : 'button'} href={action.href}>
              {action.label}
            </a>
          ))}
        </div>
      </div>
      {params.welcome !== undefined && (
        <div className="alert alert-success" role="status">
          Your {subject.type} account is ready.{' '}
          {subject.type === 'creator' ? <>Start with your link-in-bio page.</> : <>Start by adding the creators you represent.</>}
        </div>
      )}
      {params.joined !== undefined && (
        <div className="alert alert-success" role="status">
          You joined {subject.name}.
        </div>
      )}

      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="visually-hidden">
          At a glance
        </h2>
        <ul className="stat-grid">
          {stats.map((stat) => (
            <li key={stat.label}>
              <a className="stat" href={stat.href}>
                <span className="stat-label">{stat.label}</span>{' '}
                <span className="stat-value">{formatCompact(stat.value)}</span>{' '}
                <span className="stat-note">{stat.note}</span>
              </a>
            </li>
          ))}
          <li>
            <a className="stat" href="#analytics-heading">
              <span className="stat-label">Page views, 7 days</span>{' '}
              <span className="stat-value">{formatCompact(views.pageViews)}</span>{' '}
              <span className="stat-note">on your public pages</span>
            </a>
          </li>
        </ul>
      </section>

      <div className="dashboard-columns">
        <section className="panel" aria-labelledby="analytics-heading">
          <h2 id="analytics-heading">Analytics</h2>
          <p className="muted">
            Page views of your public pages over the last 7 days ({views.timezone === 'UTC' ? 'days in UTC' : `days in ${views.timezone.replace(/_/g, ' ')}`}).
          </p>
          <ol className="view-bars" aria-label="Page views per day">
            {views.days.map((day) => (
              <li key={day.start}>
                <span className="view-bar" style={{ height: `${Math.round((day.pageViews / peak) * 100)}%` }} aria-hidden="true" />
                <span className="view-count">{formatCompact(day.pageViews)}</span>
                <span className="view-day">
                  <abbr title={day.start.slice(0, 10)}>{dayName(day.start)}</abbr>
                </span>
              </li>
            ))}
          </ol>
          <dl className="facts view-types">
            {views.byType.map((entry) => (
              <div key={entry.type}>
                <dt>{VIEW_TYPE_LABELS[entry.type]}</dt>
                <dd>
                  {formatNumber(entry.pageViews)} {entry.pageViews === 1 ? 'view' : 'views'}
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="panel" aria-labelledby="recent-heading">
          <h2 id="recent-heading">Recently changed</h2>
          {summary.recent.length === 0 ? (
            <p className="muted">
              Nothing yet. {subject.type === 'agency' ? 'Add creators to your roster: each one gets a media kit.' : 'Create your link-in-bio page or a media kit to start.'}
            </p>
          ) : (
            <ul className="resource-list recent-list">
              {summary.recent.map((item) => (
                <li key={`${item.kind}-${item.id}`}>
                  <span>
                    <a href={editHref(item.kind, item.id)}>{item.label}</a>
                    <span className="muted">{KIND_LABELS[item.kind].one}</span>
                  </span>
                  <span className="muted">
                    <Timestamp iso={item.updatedAt.toISOString()} />
                  </span>
                </li>
              ))}
            </ul>
          )}
          {publicPage && (
            <p className="see-all">
              Your page: <a href={publicPage}>{publicPage.replace(/^https?:\/\//, '')}</a>
            </p>
          )}
        </section>
      </div>
    </>
  );
}
