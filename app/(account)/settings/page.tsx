import type { Metadata } from 'next';
import { listApiKeys } from '@/server/services/api-keys';
import { listOwnedCampaigns } from '@/server/services/campaigns';
import { listAgencyDecks } from '@/server/services/decks';
import { listOwnedMediaKits } from '@/server/services/media-kits';
import { requireAccount } from '@/server/web/session';
import { SetupForm } from './setup-form';
import { settingsTotals } from '@/server/services/settings-totals';

export const metadata: Metadata = { title: 'Settings' };

/** How many of each resource the overview links to; the API lists them all. */
const SHOWN = 10;

interface PageLink {
  id: string;
  label: string;
  editUrl: string;
  /** null when not public. */
  publicUrl: string | null;
}

export default async function SettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { app, user, subject } = await requireAccount('/settings');
  const params = await searchParams;
  if (!subject) {
    return (
      <>
        <h1>Finish setting up</h1>
        <p>Your sign-in has no agency or creator account yet. Choose one to start issuing API keys.</p>
        <SetupForm />
      </>
    );
  }
  const db = app.services.db;
  const owner = { type: subject.type, id: subject.id };
  const [keys, kits, campaigns, decks, linkInBio, rosterCount, totals] = await Promise.all([
    listApiKeys(db, { subject: owner }),
    listOwnedMediaKits(db, owner, {}, undefined, SHOWN),
    listOwnedCampaigns(db, owner, {}, undefined, SHOWN),
    subject.type === 'agency' ? listAgencyDecks(db, subject.id, undefined, SHOWN) : Promise.resolve([]),
    subject.type === 'creator' ? db.linkInBioPage.findUnique({ where: { creatorId: subject.id }, select: { id: true, slug: true, username: true } }) : null,
    subject.type === 'agency' ? db.rosterMembership.count({ where: { agencyId: subject.id } }) : Promise.resolve(0),
    settingsTotals(db, owner),
  ]);
  const base = app.services.config.publicBaseUrl;
  const groups: { title: string; empty: string; links: PageLink[]; create: { href: string; label: string } | null; seeAll?: { href: string; total: number } }[] = [
    ...(subject.type === 'creator'
      ? [
          {
            title: 'Link in bio',
            empty: 'One page for every link in your bio, in your colours. Create it in a minute.',
            create: linkInBio ? null : { href: '/editor/link-in-bio', label: 'Create your page' },
            links: linkInBio
              ? [{ id: linkInBio.id, label: `@${linkInBio.username}`, editUrl: '/editor/link-in-bio', publicUrl: `${base}/l/${linkInBio.slug}` }]
              : [],
          },
        ]
      : [
          {
            title: 'Roster',
            empty: 'Add the creators you represent, one by one or from a CSV file; each gets a media kit.',
            create: { href: '/editor/roster', label: rosterCount === 0 ? 'Add creators' : 'Manage roster' },
            links: [],
          },
        ]),
    {
      title: 'Media kits',
      empty: subject.type === 'agency' ? 'Every roster creator gets a media kit. Add creators to your roster to start.' : 'A media kit shows brands your audience, content and rates on one page.',
      create: subject.type === 'agency' && rosterCount === 0 ? null : { href: '/editor/media-kits/new', label: 'New media kit' },
      seeAll: { href: '/editor/media-kits', total: totals.mediaKits },
      links: kits.map((kit) => ({ id: kit.id, label: kit.name, editUrl: `/editor/media-kits/${kit.id}`, publicUrl: kit.visibility === 'link' ? `${base}/m/${kit.slug}` : null })),
    },
    ...(subject.type === 'agency'
      ? [
          {
            title: 'Pitch decks',
            empty: 'Pitch a selection of your roster to a brand with one link, optionally behind a password.',
            create: rosterCount === 0 ? null : { href: '/editor/decks/new', label: 'New pitch deck' },
            seeAll: { href: '/editor/decks', total: totals.decks },
            links: decks.map((deck) => ({ id: deck.id, label: deck.title, editUrl: `/editor/decks/${deck.id}`, publicUrl: deck.visibility === 'link' ? `${base}/d/${deck.slug}` : null })),
          },
        ]
      : []),
    {
      title: 'Campaigns',
      empty: 'Track a campaign’s posts and earned media value, and share a live report with the brand.',
      create: { href: '/editor/campaigns/new', label: 'New campaign' },
      seeAll: { href: '/editor/campaigns', total: totals.campaigns },
      links: campaigns.map((c) => ({
        id: c.id,
        label: c.name,
        editUrl: `/editor/campaigns/${c.id}`,
        publicUrl: c.publicReportEnabled ? `${base}/r/${c.publicReportSlug}` : null,
      })),
    },
  ];
  const activeKeys = keys.filter((k) => k.status === 'active').length;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Settings</h1>
          <p>
            {subject.type === 'agency' ? 'Agency' : 'Creator'} account <strong>{subject.name}</strong>
          </p>
        </div>
      </div>
      {params.password_reset !== undefined && (
        <div className="alert alert-success" role="status">
          Your new password is saved, and every other session was signed out.
        </div>
      )}

      <section className="panel" aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        <dl className="facts">
          <dt>Signed in as</dt>
          <dd>{user.email}</dd>
          <dt>Account type</dt>
          <dd>{subject.type === 'agency' ? 'Agency' : 'Creator'}</dd>
          <dt>{subject.type === 'agency' ? 'Agency' : 'Display name'}</dt>
          <dd>{subject.name}</dd>
          <dt>{subject.type === 'agency' ? 'Agency id' : 'Creator id'}</dt>
          <dd>
            <code>{subject.id}</code>
          </dd>
          <dt>Plan</dt>
          <dd>{subject.planCode}</dd>
          <dt>Status</dt>
          <dd>{subject.entitlement === 'active' ? 'Active' : 'Suspended: nothing can be changed, here or over the API, until it is reactivated'}</dd>
        </dl>
      </section>

      <section className="panel" aria-labelledby="keys-heading">
        <h2 id="keys-heading">API keys</h2>
        <p>
          {activeKeys === 0 ? 'No active keys.' : `${activeKeys} active ${activeKeys === 1 ? 'key' : 'keys'}.`} Keys authenticate your servers’ requests to{' '}
          <code>/public/v1</code>.
        </p>
        <a className="button" href="/settings/api-keys">
          Manage API keys
        </a>
      </section>

      {groups.map((group) => (
        <section className="panel" key={group.title} aria-labelledby={`group-${group.title.replace(/\s+/g, '-')}`}>
          <div className="panel-head">
            <h2 id={`group-${group.title.replace(/\s+/g, '-')}`}>{group.title}</h2>
            {group.create && group.links.length > 0 && (
              <a className="button button-small" href={group.create.href}>
                {group.create.label}
              </a>
            )}
          </div>
          {group.links.length === 0 ? (
            <div className="empty-state">
              <p>{group.title === 'Roster' && rosterCount > 0 ? `${rosterCount} ${rosterCount === 1 ? 'creator' : 'creators'} on your roster.` : group.empty}</p>
              {group.create && (
                <a className="button button-primary" href={group.create.href}>
                  {group.create.label}
                </a>
              )}
            </div>
          ) : (
            <ul className="resource-list">
              {group.links.map((link) => (
                <li key={link.id}>
                  <a href={link.editUrl}>{link.label}</a>
                  {link.publicUrl ? (
                    <a href={link.publicUrl} className="muted">
                      Public page
                    </a>
                  ) : (
                    <span className="muted">Not public</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {group.seeAll && group.links.length > 0 && (
            <p className="see-all">
              <a href={group.seeAll.href}>{group.seeAll.total > group.links.length ? `See all ${group.seeAll.total} ${group.title.toLowerCase()}` : `Open ${group.title.toLowerCase()}`}</a>
              {group.seeAll.total > group.links.length && <span className="muted"> ({group.links.length} newest shown here)</span>}
            </p>
          )}
        </section>
      ))}
    </>
  );
}
