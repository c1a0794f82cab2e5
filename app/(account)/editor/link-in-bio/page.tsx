import type { Metadata } from 'next';
import { LinkInBioEditor } from './editor';

export const metadata: Metadata = { title: 'Edit link in bio' };

export default function LinkInBioEditorPage() {
  return <LinkInBioEditor />;
}
