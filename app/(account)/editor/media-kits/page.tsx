import type { Metadata } from 'next';
import { indexMediaKits } from '@/server/services/resource-index';
import { requireSubject } from '@/server/web/session';
import { IndexPage, IndexTable, lastChangedColumn, param } from '../../../_components/index-page';

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
      page={page}
      cursor={cursor}
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
      <IndexTable
        caption="Media kits, newest first"
        items={page.items}
        columns={[
          { label: 'Name', cell: (kit) => <a href={`/editor/media-kits/${kit.id}`}>{kit.name}</a> },
          { label: 'Creator', cell: (kit) => kit.creatorName },
          {
            label: 'Public page',
            cell: (kit) =>
              kit.visibility === 'link' ? (
                <a href={`${base}/m/${kit.slug}`}>
                  View<span className="visually-hidden"> {kit.name}</span>
                </a>
              ) : (
                <span className="muted">Not public</span>
              ),
          },
          lastChangedColumn,
        ]}
      />
    </IndexPage>
  );
}
