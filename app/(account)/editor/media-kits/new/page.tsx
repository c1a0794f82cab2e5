import type { Metadata } from 'next';
import { MEDIA_KIT_TEMPLATES } from '@/server/services/media-kits';
import { requireSubject } from '@/server/web/session';
import { createMediaKitAction } from '../../../../_actions/create';
import { MediaKitCreateForm } from '../../../../_components/create-forms';
import { NewItemPage } from '../../../../_components/new-page';

export const metadata: Metadata = { title: 'New media kit' };

export default async function NewMediaKitPage() {
  const { app, subject } = await requireSubject('/editor/media-kits/new');
  const creators =
    subject.type === 'agency'
      ? (
          await app.services.db.rosterMembership.findMany({ where: { agencyId: subject.id }, select: { creator: { select: { id: true, displayName: true } } }, orderBy: { id: 'asc' }, take: 500 })
        ).map((m) => ({ value: m.creator.id, label: m.creator.displayName }))
      : null;
  return (
    <NewItemPage kind="Media kits" title="New media kit" intro="A shareable page with a creator’s profile, audience and rates. Pick a template; everything is editable afterwards.">
      {creators && creators.length === 0 ? (
        <p>
          A media kit presents a creator on your roster. <a href="/editor/roster">Add a creator</a> first.
        </p>
      ) : (
        <MediaKitCreateForm action={createMediaKitAction} templates={MEDIA_KIT_TEMPLATES.map((t) => ({ value: t.id, label: `${t.name} — ${t.description}` }))} creators={creators} />
      )}
    </NewItemPage>
  );
}
