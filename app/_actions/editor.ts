'use server';
/**
 * Editor saves. Each re-checks the session and ownership (a resource of someone else is "not
 * found"), then goes through the same service update as the API's PATCH.
 */
import { ApiError } from '@/server/http/problems';
import { getOwnedCampaign, updateCampaign } from '@/server/services/campaigns';
import { getAgencyDeck, updateDeck } from '@/server/services/decks';
import { getLinkInBioPage, updateLinkInBioPage } from '@/server/services/link-in-bio';
import { getOwnedMediaKit, updateMediaKit } from '@/server/services/media-kits';
import { saveEditorForm } from '@/server/web/editor';
import { campaignEditor, deckEditor, linkInBioEditor, mediaKitEditor } from '@/server/web/editors';
import type { FormState } from '@/server/web/form-state';
import { currentAccount } from '@/server/web/session';

const SIGNED_OUT: FormState = { status: 'error', message: 'Your session has ended. Sign in again, then retry.' };
const GONE: FormState = { status: 'error', message: 'This item was not found. It may belong to another account.' };

async function owner() {
  const account = await currentAccount();
  return account?.subject ? { db: account.app.services.db, subject: { type: account.subject.type, id: account.subject.id } } : null;
}

async function loaded<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function saveMediaKitAction(kitId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  const kit = await loaded(() => getOwnedMediaKit(o.db, o.subject, kitId));
  if (!kit) return GONE;
  return saveEditorForm({
    ...mediaKitEditor,
    formData,
    current: mediaKitEditor.values(kit),
    apply: (input) => updateMediaKit(o.db, o.subject, kitId, input),
    path: `/editor/media-kits/${kitId}`,
  });
}

export async function saveDeckAction(deckId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  if (o.subject.type !== 'agency') return GONE;
  const deck = await loaded(() => getAgencyDeck(o.db, o.subject.id, deckId));
  if (!deck) return GONE;
  return saveEditorForm({
    ...deckEditor,
    formData,
    current: deckEditor.values(deck),
    apply: (input) => updateDeck(o.db, o.subject.id, deckId, input),
    path: `/editor/decks/${deckId}`,
  });
}

export async function saveCampaignAction(campaignId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  const campaign = await loaded(() => getOwnedCampaign(o.db, o.subject, campaignId));
  if (!campaign) return GONE;
  return saveEditorForm({
    ...campaignEditor,
    formData,
    current: campaignEditor.values(campaign),
    apply: (input) => updateCampaign(o.db, o.subject, campaignId, input),
    path: `/editor/campaigns/${campaignId}`,
  });
}

export async function saveLinkInBioAction(pageId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  if (o.subject.type !== 'creator') return GONE;
  const page = await loaded(() => getLinkInBioPage(o.db, o.subject.id));
  if (!page || page.id !== pageId) return GONE;
  return saveEditorForm({
    ...linkInBioEditor,
    formData,
    current: linkInBioEditor.values(page),
    apply: (input) => updateLinkInBioPage(o.db, o.subject.id, input),
    path: '/editor/link-in-bio',
  });
}
