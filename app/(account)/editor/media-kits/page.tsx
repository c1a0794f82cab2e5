import type { Metadata } from 'next';
import { indexMediaKits } from '@/server/services/resource-index';
import { requireSubject } from '@/server/web/session';
import { Timestamp } from '../../../_components/dates';
import { IndexPage, param } from '../../../_components/index-page';

export const metadata: Metadata = { title: 'Media kits' };

/** Every media kit of the signed-in agency or creator: search by name, page by page. */
export default async function MediaKitsIndexPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { app, subject } = await requireSubject('/editor/media-kits');
  const params = await searchParams;
  const db = app.services.db;
  const owner = { type: subject.type, id: subject.id };
  const cursor = param(params.cursor);
  const [page, total, rosterCount] = await Promise.all([
    indexMediaKits(db, app.services.cursors, owner, { search: param(params.q), cursor }),
    db.mediaKit.count({ where: { ownerType: owner.type, ownerId: owner.id } }),
    subject.type === 'agency' ? db.rosterMembership.count({ where: { agencyId: subject.id } }) : Promise.resolve(1),
  ]);
  const base = app.services.config.publicBaseUrl;
  return (
    <IndexPage
      title="Media kits"
      path="/editor/media-kits"
      intro={subject.type === 'agency' ? 'Each creator on your roster has a media kit; add more kits per creator for different brands.' : 'Your audience, content and rates on one page for brands.'}
      searchWhat="kit names"
      search={page.search}
      nextCursor={page.meta.next_cursor}
      paged={cursor !== undefined && !page.cursorRefused}
      cursorRefused={page.cursorRefused}
      shown={page.items.length}
      total={total}
      create={rosterCount > 0 ? { href: '/editor/media-kits/new', label: 'New media kit' } : null}
      empty={
        subject.type === 'agency' ? (
          <p>
            Every roster creator gets a media kit. <a href="/editor/roster">Add creators to your roster</a> to start.
          </p>
        ) : (
          <p>A media kit shows brands your audience, content and rates on one page. Create your first one.</p>
        )
      }
    >
      <table className="data-table">
        <caption className="visually-hidden">Media kits, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Creator</th>
            <th scope="col">Public page</th>
            <th scope="col">Last changed</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((kit) => (
            <tr key={kit.id}>
              <td data-label="Name">
                <a href={`/editor/media-kits/${kit.id}`}>{kit.name}</a>
              </td>
              <td data-label="Creator">{kit.creatorName}</td>
              <td data-label="Public page">{kit.visibility === 'link' ? <a href={`${base}/m/${kit.slug}`}>View<span className="visually-hidden"> {kit.name}</span></a> : <span className="muted">Not public</span>}</td>
              <td data-label="Last changed">
                <Timestamp iso={kit.updatedAt.toISOString()} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </IndexPage>
  );
}
