import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { indexDecks } from '@/server/services/resource-index';
import { requireSubject } from '@/server/web/session';
import { IndexPage, IndexTable, lastChangedColumn, param } from '../../../_components/index-page';
import { formatNumber } from '../../../_components/numbers';

export const metadata: Metadata = { title: 'Pitch decks' };

/** Every pitch deck of the signed-in agency: search by title, page by page. */
export default async function DecksIndexPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { app, subject } = await requireSubject('/editor/decks');
  // Decks belong to agencies.
  if (subject.type !== 'agency') notFound();
  const params = await searchParams;
  const db = app.services.db;
  const cursor = param(params.cursor);
  const [page, total, rosterCount] = await Promise.all([
    indexDecks(db, app.services.cursors, subject.id, { search: param(params.q), cursor }),
    db.deck.count({ where: { agencyId: subject.id } }),
    db.rosterMembership.count({ where: { agencyId: subject.id } }),
  ]);
  const base = app.services.config.publicBaseUrl;
  return (
    <IndexPage
      title="Pitch decks"
      path="/editor/decks"
      intro="A selection of your roster for one brand, behind one link and optionally a password."
      searchWhat="deck titles"
      page={page}
      cursor={cursor}
      total={total}
      create={rosterCount > 0 ? { href: '/editor/decks/new', label: 'New pitch deck' } : null}
      empty={
        rosterCount > 0 ? (
          <p>Pitch a selection of your roster to a brand with one link. Create your first deck.</p>
        ) : (
          <p>
            A deck pitches creators from your roster. <a href="/editor/roster">Add creators</a> first.
          </p>
        )
      }
    >
      <IndexTable
        caption="Pitch decks, newest first"
        items={page.items}
        columns={[
          { label: 'Title', cell: (deck) => <a href={`/editor/decks/${deck.id}`}>{deck.title}</a> },
          { label: 'Creators', cell: (deck) => formatNumber(deck.creatorCount) },
          {
            label: 'Public page',
            cell: (deck) =>
              deck.visibility === 'link' ? (
                <>
                  <a href={`${base}/d/${deck.slug}`}>
                    View<span className="visually-hidden"> {deck.title}</span>
                  </a>
                  {deck.hasPassword ? <span className="muted"> · password</span> : null}
                </>
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
