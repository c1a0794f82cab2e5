import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listRosterCreators } from '@/server/services/creators';
import { requireSubject } from '@/server/web/session';
import { addCreatorAction, rosterImportStatusAction, startRosterImportAction } from '../../../_actions/create';
import { AddCreatorForm } from '../../../_components/create-forms';
import { RosterImport } from '../../../_components/roster-import';
import { RosterPagePanel } from '../../../_components/roster-page-panel';
import { setRosterPublishedAction } from '../../../_actions/roster-page';
import { formatCompact } from '../../../_components/numbers';
import { Breadcrumbs, DASHBOARD_CRUMB } from '../../../_components/breadcrumbs';

export const metadata: Metadata = { title: 'Roster' };

const SHOWN = 200;

/** An agency's roster: add creators one by one or from a CSV file, and reach each one's media kit. */
export default async function RosterPage() {
  const { app, subject } = await requireSubject('/editor/roster');
  if (subject.type !== 'agency') notFound();
  const db = app.services.db;
  const [creators, total, agency, kits] = await Promise.all([
    listRosterCreators(app.services.sql, subject.id, undefined, SHOWN),
    db.rosterMembership.count({ where: { agencyId: subject.id } }),
    db.agency.findUnique({ where: { id: subject.id }, select: { slug: true, rosterPublished: true } }),
    db.mediaKit.findMany({ where: { ownerType: 'agency', ownerId: subject.id, defaultKey: { not: null } }, select: { id: true, creatorId: true } }),
  ]);
  const kitOf = new Map(kits.map((k) => [k.creatorId, k.id]));
  const publicRoster = agency ? `${app.services.config.publicBaseUrl}/roster/${agency.slug}` : null;
  return (
    <>
      <Breadcrumbs steps={[DASHBOARD_CRUMB, { label: 'Roster' }]} />
      <div className="page-head">
        <div>
          <h1>Roster</h1>
          <p>
            {total === 0 ? 'No creators yet.' : `${total} ${total === 1 ? 'creator' : 'creators'}.`} Each one gets a media kit you can edit and share.
          </p>
        </div>
        {publicRoster && agency?.rosterPublished && total > 0 && (
          <a className="button" href={publicRoster}>
            View public roster
          </a>
        )}
      </div>
      <div className="two-columns">
        <section className="panel">
          <AddCreatorForm action={addCreatorAction} />
        </section>
        <RosterImport start={startRosterImportAction} status={rosterImportStatusAction} />
      </div>
      {publicRoster && agency && <RosterPagePanel published={agency.rosterPublished} url={publicRoster} action={setRosterPublishedAction} />}
      <section className="panel" aria-labelledby="roster-heading">
        <h2 id="roster-heading">Creators</h2>
        {creators.length === 0 ? (
          <p className="muted">Add your first creator with the form above, or import a CSV file of your roster.</p>
        ) : (
          <ul className="resource-list">
            {creators.map((c) => {
              const followers = c.socials.reduce((sum, s) => sum + (s.followers ?? 0), 0);
              return (
                <li key={c.id}>
                  <span>
                    <strong>{c.displayName}</strong>
                    <span className="muted">
                      {' '}
                      · {c.socials.length === 0 ? 'no socials' : c.socials.map((s) => `${s.platform} @${s.username}`).join(', ')}
                      {followers > 0 ? ` · ${formatCompact(followers)} followers` : ''}
                    </span>
                  </span>
                  <a href={`/editor/roster/${c.id}`} aria-label={`Edit profile of ${c.displayName}`}>
                    Edit profile
                  </a>
                  {kitOf.get(c.id) ? <a href={`/editor/media-kits/${kitOf.get(c.id)}`}>Media kit</a> : <span className="muted">No media kit</span>}
                </li>
              );
            })}
          </ul>
        )}
        {total > SHOWN && <p className="muted">Showing the newest {SHOWN}; your servers can list them all through the API.</p>}
      </section>
    </>
  );
}
