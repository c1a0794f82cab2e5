import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAgencyDeck } from '@/server/services/decks';
import { deckEditor } from '@/server/web/editors';
import { requireSubject } from '@/server/web/session';
import { saveDeckAction, setDeckCreatorsAction, setDeckPasswordAction } from '../../../../_actions/editor';
import { DeckCreatorsForm } from '../../../../_components/create-forms';
import { DeckPasswordForm } from '../../../../_components/deck-password-form';
import { CreatedNotice } from '../../../../_components/created-notice';
import { EditorForm } from '../../../../_components/editor-form';
import { EditorShell } from '../../../../_components/editor-shell';
import { ownedOr404 } from '../../../../_components/owned';

export const metadata: Metadata = { title: 'Edit pitch deck' };

export default async function DeckEditorPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const { created } = await searchParams;
  const { app, subject } = await requireSubject(`/editor/decks/${id}`);
  // Decks belong to agencies; for a creator account no deck id exists.
  if (subject.type !== 'agency') notFound();
  const db = app.services.db;
  const deck = await ownedOr404(() => getAgencyDeck(db, subject.id, id));
  const creators = await db.creator.findMany({ where: { id: { in: deck.creators.map((c) => c.creatorId) } }, select: { id: true, displayName: true } });
  const names = new Map(creators.map((c) => [c.id, c.displayName]));
  const roster = (
    await db.rosterMembership.findMany({ where: { agencyId: subject.id }, select: { creator: { select: { id: true, displayName: true } } }, orderBy: { id: 'asc' }, take: 500 })
  ).map((m) => ({ value: m.creator.id, label: m.creator.displayName }));
  return (
    <EditorShell
      kind="Pitch deck"
      title={deck.title}
      id={deck.id}
      publicUrl={deck.visibility === 'link' ? `${app.services.config.publicBaseUrl}/d/${deck.slug}` : null}
      createdAt={deck.createdAt}
      notice={created !== undefined ? <CreatedNotice what="Deck" next="Set a password or change its design below, then share the public link." /> : null}
      updatedAt={deck.updatedAt}
      editHeading="Deck details"
      facts={[
        { label: 'Creators', value: deck.creators.map((c) => names.get(c.creatorId) ?? c.creatorId).join(', ') || 'None yet' },
        { label: 'Password', value: deck.passwordHash ? 'Set (viewers must enter it)' : 'None' },
      ]}
      after={
        <>
          <DeckCreatorsForm action={setDeckCreatorsAction.bind(null, deck.id)} creators={roster} selected={deck.creators.map((c) => c.creatorId)} />
          <DeckPasswordForm hasPassword={deck.passwordHash !== null} action={setDeckPasswordAction.bind(null, deck.id)} />
        </>
      }
    >
      <EditorForm fields={deckEditor.fields} initial={deckEditor.values(deck)} action={saveDeckAction.bind(null, deck.id)} labelledBy="edit-heading" />
    </EditorShell>
  );
}
