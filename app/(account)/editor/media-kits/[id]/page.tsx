import type { Metadata } from 'next';
import { getOwnedMediaKit, MEDIA_KIT_TEMPLATES } from '@/server/services/media-kits';
import { mediaKitEditor } from '@/server/web/editors';
import { requireSubject } from '@/server/web/session';
import { saveMediaKitAction } from '../../../../_actions/editor';
import { CreatedNotice } from '../../../../_components/created-notice';
import { EditorForm } from '../../../../_components/editor-form';
import { EditorShell } from '../../../../_components/editor-shell';
import { ownedOr404 } from '../../../../_components/owned';

export const metadata: Metadata = { title: 'Edit media kit' };

export default async function MediaKitEditorPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const { created } = await searchParams;
  const { app, subject } = await requireSubject(`/editor/media-kits/${id}`);
  const db = app.services.db;
  const kit = await ownedOr404(() => getOwnedMediaKit(db, { type: subject.type, id: subject.id }, id));
  const creator = await db.creator.findUnique({ where: { id: kit.creatorId }, select: { displayName: true } });
  const template = MEDIA_KIT_TEMPLATES.find((t) => t.id === kit.templateId);
  return (
    <EditorShell
      kind="Media kit"
      title={kit.name}
      id={kit.id}
      publicUrl={kit.visibility === 'link' ? `${app.services.config.publicBaseUrl}/m/${kit.slug}` : null}
      createdAt={kit.createdAt}
      notice={created !== undefined ? <CreatedNotice what="Media kit" next="Add a headline, a bio and your colours below, then share the public link." /> : null}
      updatedAt={kit.updatedAt}
      facts={[
        { label: 'Creator', value: creator?.displayName ?? kit.creatorId },
        { label: 'Template', value: template?.name ?? kit.templateId },
        { label: 'Sections', value: kit.sectionsShown.join(', ') || 'None' },
        { label: 'Default kit', value: kit.defaultKey ? 'Yes' : 'No' },
      ]}
    >
      <EditorForm fields={mediaKitEditor.fields} initial={mediaKitEditor.values(kit)} action={saveMediaKitAction.bind(null, kit.id)} labelledBy="edit-heading" />
    </EditorShell>
  );
}
