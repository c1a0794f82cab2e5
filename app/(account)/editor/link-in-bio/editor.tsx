import { notFound } from 'next/navigation';
import { getLinkInBioPage } from '@/server/services/link-in-bio';
import { linkInBioEditor } from '@/server/web/editors';
import { requireSubject } from '@/server/web/session';
import { randomUUID } from 'node:crypto';
import { saveLinkInBioAction, saveLinkInBioBlockAction } from '../../../_actions/editor';
import { LinkInBioBlocks, type EditableBlock } from '../../../_components/link-in-bio-blocks';
import { EditorForm } from '../../../_components/editor-form';
import { EditorShell } from '../../../_components/editor-shell';
import { ownedOr404 } from '../../../_components/owned';

/** The signed-in creator's link-in-bio page; with `pageId`, only if that id is theirs. */
export async function LinkInBioEditor({ pageId }: { pageId?: string }) {
  const { app, subject } = await requireSubject(pageId ? `/editor/link-in-bio/${pageId}` : '/editor/link-in-bio');
  // Link-in-bio pages belong to creators; for an agency account there is none.
  if (subject.type !== 'creator') notFound();
  const page = await ownedOr404(() => getLinkInBioPage(app.services.db, subject.id));
  if (pageId && page.id !== pageId) notFound();
  return (
    <EditorShell
      kind="Link in bio"
      title={`@${page.username}`}
      id={page.id}
      publicUrl={`${app.services.config.publicBaseUrl}/l/${page.slug}`}
      createdAt={page.createdAt}
      updatedAt={page.updatedAt}
      after={
        <LinkInBioBlocks
          blocks={page.blocks.map((b) => ({ id: b.id, type: b.type as EditableBlock['type'], title: b.title, url: b.url, mediaUrl: b.mediaUrl, visible: b.visible, order: b.position }))}
          clientId={`editor-${randomUUID()}`}
          action={saveLinkInBioBlockAction.bind(null, page.id)}
        />
      }
    >
      <EditorForm fields={linkInBioEditor.fields} initial={linkInBioEditor.values(page)} action={saveLinkInBioAction.bind(null, page.id)} />
    </EditorShell>
  );
}
