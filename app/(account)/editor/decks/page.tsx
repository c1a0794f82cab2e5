import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { indexDecks } from '@/server/services/resource-index';
import { requireSubject } from '@/server/web/session';
import { Timestamp } from '../../../_components/dates';
import { IndexPage, param } from '../../../_components/index-page';
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
      search={page.search}
      nextCursor={page.meta.next_cursor}
      paged={cursor !== undefined && !page.cursorRefused}
      cursorRefused={page.cursorRefused}
      shown={page.items.length}
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
      <table className="data-table">
        <caption className="visually-hidden">Pitch decks, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Creators</th>
            <th scope="col">Public page</th>
            <th scope="col">Last changed</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((deck) => (
            <tr key={deck.id}>
              <td data-label="Title">
                <a href={`/editor/decks/${deck.id}`}>{deck.title}</a>
              </td>
              <td data-label="Creators">{formatNumber(deck.creatorCount)}</td>
              <td data-label="Public page">
                {deck.visibility === 'link' ? (
                  <>
                    <a href={`${base}/d/${deck.slug}`}>
                      View<span className="visually-hidden"> {deck.title}</span>
                    </a>
                    {deck.hasPassword ? <span className="muted"> · password</span> : null}
                  </>
                ) : (
                  <span className="muted">Not public</span>
                )}
              </td>
              <td data-label="Last changed">
                <Timestamp iso={deck.updatedAt.toISOString()} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </IndexPage>
  );
}
