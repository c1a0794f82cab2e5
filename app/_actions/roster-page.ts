'use server';
/** The roster editor's switch for the public roster page, through the gateway (rosterPage.setPublished). */
import { revalidatePath } from 'next/cache';
import { formText, type FormState } from '@/server/web/form-state';
import { callOperation } from '@/server/web/operation-call';

export async function setRosterPublishedAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const published = formText(formData, 'published') === 'true';
  const outcome = await callOperation('rosterPage.setPublished', { published });
  if (!outcome.ok) return outcome.state;
  revalidatePath('/editor/roster');
  return { status: 'saved', message: published ? 'Your roster page is public: anyone with the link can see it.' : 'Your roster page is no longer public.' };
}
