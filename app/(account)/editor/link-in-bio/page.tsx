import type { Metadata } from 'next';
import { LinkInBioEditor } from './editor';

export const metadata: Metadata = { title: 'Edit link in bio' };

export default async function LinkInBioEditorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { created } = await searchParams;
  return <LinkInBioEditor created={created !== undefined} />;
}
