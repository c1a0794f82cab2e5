import { notFound } from 'next/navigation';
import { getLinkInBioPage } from '@/server/services/link-in-bio';
import { linkInBioEditor } from '@/server/web/editors';
import { requireSubject } from '@/server/web/session';
import { saveLinkInBioAction } from '../../../_actions/editor';
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
      facts={[
        {
          label: 'Blocks',
          value:
            page.blocks.length === 0 ? (
              'None yet'
            ) : (
              <ul className="resource-list">
                {page.blocks.map((block) => (
                  <li key={block.id}>
                    <span>
                      {block.title ?? block.url ?? block.type} <small className="muted">({block.type})</small>
                    </span>
                    <span className="muted">{block.visible ? 'Visible' : 'Hidden'}</span>
                  </li>
                ))}
              </ul>
            ),
        },
      ]}
    >
      <EditorForm fields={linkInBioEditor.fields} initial={linkInBioEditor.values(page)} action={saveLinkInBioAction.bind(null, page.id)} />
    </EditorShell>
  );
}
