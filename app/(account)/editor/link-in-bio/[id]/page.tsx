import type { Metadata } from 'next';
import { LinkInBioEditor } from '../editor';

export const metadata: Metadata = { title: 'Edit link in bio' };

/** The editor_url the API returns for a page (`/editor/link-in-bio/{id}`). */
export default async function LinkInBioEditorByIdPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <LinkInBioEditor pageId={id} />;
}
