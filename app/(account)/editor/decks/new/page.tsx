import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireSubject } from '@/server/web/session';
import { createDeckAction } from '../../../../_actions/create';
import { DeckCreateForm } from '../../../../_components/create-forms';
import { NewItemPage } from '../../../../_components/new-page';

export const metadata: Metadata = { title: 'New pitch deck' };

export default async function NewDeckPage() {
  const { app, subject } = await requireSubject('/editor/decks/new');
  if (subject.type !== 'agency') notFound();
  const creators = (
    await app.services.db.rosterMembership.findMany({ where: { agencyId: subject.id }, select: { creator: { select: { id: true, displayName: true } } }, orderBy: { id: 'asc' }, take: 500 })
  ).map((m) => ({ value: m.creator.id, label: m.creator.displayName }));
  return (
    <NewItemPage kind="Pitch decks" title="New pitch deck" intro="Present a selection of your roster to a brand with one link; add a password or change the design afterwards.">
      {creators.length === 0 ? (
        <p>
          A deck presents creators from your roster. <a href="/editor/roster">Add a creator</a> first.
        </p>
      ) : (
        <DeckCreateForm action={createDeckAction} creators={creators} />
      )}
    </NewItemPage>
  );
}
