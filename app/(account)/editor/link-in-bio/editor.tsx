import { notFound } from 'next/navigation';
import { getLinkInBioPage } from '@/server/services/link-in-bio';
import { linkInBioEditor } from '@/server/web/editors';
import { requireSubject } from '@/server/web/session';
import { randomUUID } from 'node:crypto';
import { ApiError } from '@/server/domain/errors';
import { createLinkInBioAction } from '../../../_actions/create';
import { reorderLinkInBioBlocksAction, saveLinkInBioAction, saveLinkInBioBlockAction, setLinkInBioBlockVisibilityAction } from '../../../_actions/editor';
import { LinkInBioCreateForm } from '../../../_components/create-forms';
import { CreatedNotice } from '../../../_components/created-notice';
import { NewItemPage } from '../../../_components/new-page';
import { LinkInBioBlocks } from '../../../_components/link-in-bio-blocks';
import { EditorForm } from '../../../_components/editor-form';
import { EditorShell } from '../../../_components/editor-shell';
import { ownedOr404 } from '../../../_components/owned';
import { LinkInBioWorkspace } from '../../../_components/link-in-bio-preview';
import { readStoredJson } from '@/server/db/json';

/** The signed-in creator's link-in-bio page; with `pageId`, only if that id is theirs. */
/** A handle-like suggestion from the creator's name: "Cleo Creator" → "cleo-creator". */
function suggestedHandle(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 30)
    .replace(/^-|-$/g, '');
  return base.length >= 3 ? base : `${base || 'me'}-page`;
}

export async function LinkInBioEditor({ pageId, created = false }: { pageId?: string; created?: boolean }) {
  const { app, subject } = await requireSubject(pageId ? `/editor/link-in-bio/${pageId}` : '/editor/link-in-bio');
  // Link-in-bio pages belong to creators; for an agency account there is none.
  if (subject.type !== 'creator') notFound();
  if (!pageId) {
    // No page yet: the editor starts by creating it (POST /link-in-bio's rules).
    const existing = await getLinkInBioPage(app.services.db, subject.id).catch((error: unknown) => {
      if (error instanceof ApiError && error.slug === 'not-found') return null;
      throw error;
    });
    if (!existing) {
      return (
        <NewItemPage kind="Link in bio" title="Create your link-in-bio page" intro="One page for every link in your bio: pick its address now, then add links, choose a theme and share it.">
          <LinkInBioCreateForm action={createLinkInBioAction} suggested={suggestedHandle(subject.name)} baseUrl={app.services.config.publicBaseUrl} />
        </NewItemPage>
      );
    }
  }
  const page = await ownedOr404(() => getLinkInBioPage(app.services.db, subject.id));
  if (pageId && page.id !== pageId) notFound();
  const values = linkInBioEditor.values(page);
  const socialLinks = Array.isArray(page.socialLinks) ? readStoredJson<{ platform: string; username: string }[]>(page.socialLinks) : [];
  return (
    <LinkInBioWorkspace
      page={{
        displayName: subject.name,
        username: page.username,
        bio: String(values.bio ?? ''),
        theme: page.theme,
        button_style: page.buttonStyle,
        accent_color: page.accentColor ?? '',
        background_color: page.backgroundColor ?? '',
        picture_url: page.pictureUrl ?? '',
        socialLinks: socialLinks.map((l) => ({ platform: l.platform, username: l.username })),
      }}
      blocks={page.blocks.map((b) => ({ id: b.id, type: b.type, title: b.title, url: b.url, visible: b.visible }))}
    >
    <EditorShell
      kind="Link in bio"
      title={`@${page.username}`}
      id={page.id}
      publicUrl={`${app.services.config.publicBaseUrl}/l/${page.slug}`}
      createdAt={page.createdAt}
      updatedAt={page.updatedAt}
      notice={created ? <CreatedNotice what="Page" next="Add your links below, pick a theme, then share your link." /> : null}
      after={
        <LinkInBioBlocks
          blocks={page.blocks.map((b) => ({ id: b.id, type: b.type, title: b.title, url: b.url, mediaUrl: b.mediaUrl, visible: b.visible, order: b.position, clicks: b.clicks }))}
          clientId={`editor-${randomUUID()}`}
          action={saveLinkInBioBlockAction.bind(null, page.id)}
          reorderAction={reorderLinkInBioBlocksAction.bind(null, page.id)}
          visibilityAction={setLinkInBioBlockVisibilityAction.bind(null, page.id)}
        />
      }
    >
      <EditorForm fields={linkInBioEditor.fields} initial={values} action={saveLinkInBioAction.bind(null, page.id)} labelledBy="edit-heading" />
    </EditorShell>
    </LinkInBioWorkspace>
  );
}
