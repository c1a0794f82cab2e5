'use server';
/**
 * Editor saves. Each re-checks the session and ownership (a resource of someone else is "not
 * found"), then goes through the same service update as the API's PATCH.
 */
import { revalidatePath } from 'next/cache';
import { ApiError } from '@/server/domain/errors';
import { getOwnedCampaign, updateCampaign } from '@/server/services/campaigns';
import { getAgencyDeck, updateDeck } from '@/server/services/decks';
import { deckFieldsShape } from '@/server/services/deck-input';
import { BLOCK_FIELD_RULES, BLOCK_TYPES, type BlockType } from '@/server/services/link-in-bio-rules';
import { getLinkInBioPage, updateLinkInBioPage } from '@/server/services/link-in-bio';
import { pageBlockChangeSchema, pageBlocksOnUpdate } from '@/server/services/link-in-bio-input';
import { getOwnedMediaKit, updateMediaKit } from '@/server/services/media-kits';
import { saveEditorForm } from '@/server/web/editor';
import { campaignEditor, deckEditor, linkInBioEditor, mediaKitEditor } from '@/server/web/editors';
import { formText, type FormState } from '@/server/web/form-state';
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
    if (error instanceof ApiError && error.slug === 'not-found') return null;
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

/**
 * Sets (`intent=set`) or removes (`intent=remove`) a deck's viewer password, validated like the
 * API's `password` field. The password is never echoed back into the form.
 */
export async function setDeckPasswordAction(deckId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  if (o.subject.type !== 'agency') return GONE;
  if (!(await loaded(() => getAgencyDeck(o.db, o.subject.id, deckId)))) return GONE;
  const remove = formText(formData, 'intent') === 'remove';
  const parsed = deckFieldsShape.password.safeParse(remove ? null : formText(formData, 'password'));
  if (!parsed.success) {
    return { status: 'error', message: 'Check the highlighted field.', fieldErrors: { password: 'Use 8 to 128 characters.' } };
  }
  await updateDeck(o.db, o.subject.id, deckId, { password: parsed.data });
  revalidatePath(`/editor/decks/${deckId}`);
  return { status: 'saved', message: remove ? 'Password removed: anyone with the link can open the deck.' : 'Password set: viewers must enter it.' };
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

/** The signed-in creator's page if it is `pageId`; otherwise the form state to answer with. */
async function ownLinkInBioPage(pageId: string) {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  if (o.subject.type !== 'creator') return GONE;
  const page = await loaded(() => getLinkInBioPage(o.db, o.subject.id));
  if (!page || page.id !== pageId) return GONE;
  return { o, page };
}

export async function saveLinkInBioAction(pageId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const found = await ownLinkInBioPage(pageId);
  if ('status' in found) return found;
  const { o, page } = found;
  return saveEditorForm({
    ...linkInBioEditor,
    formData,
    current: linkInBioEditor.values(page),
    apply: (input) => updateLinkInBioPage(o.db, o.subject.id, input),
    path: '/editor/link-in-bio',
  });
}

/**
 * Edits one block (`block_id`) or adds one (`client_id`, minted when the form was rendered, so a
 * resubmitted form finds the block it already added instead of adding a second). Validated by the
 * API's PATCH block schema and applied through the same service, under the page lock.
 */
export async function saveLinkInBioBlockAction(pageId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const found = await ownLinkInBioPage(pageId);
  if ('status' in found) return found;
  const { o, page } = found;
  const blockId = formText(formData, 'block_id');
  const existing = blockId ? page.blocks.find((b) => b.id === blockId) : undefined;
  if (blockId && !existing) return GONE;
  const typeText = existing?.type ?? formText(formData, 'type');
  if (!(BLOCK_TYPES as readonly string[]).includes(typeText)) return { status: 'error', message: 'Choose a block type.', fieldErrors: { type: 'Choose a block type.' } };
  const type = typeText as BlockType;
  const rules = BLOCK_FIELD_RULES[type];
  const title = formText(formData, 'title').trim();
  const url = formText(formData, 'url').trim();
  const order = formText(formData, 'order').trim();
  const change: Record<string, unknown> = existing ? { id: existing.id } : { client_id: formText(formData, 'client_id'), type };
  // Empty optional fields clear on an edit and are left out on an add; forbidden ones are never sent.
  if (title || rules.title !== 'forbidden') change.title = title || (existing ? null : undefined);
  if (rules.url !== 'forbidden') change.url = url || (existing ? null : undefined);
  if (existing) change.visible = formData.get('visible') === 'on';
  if (existing && order) change.order = Number(order);
  const values = { title, url, order };
  const parsed = pageBlockChangeSchema.safeParse(change);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'title')] ??= issue.message;
    return { status: 'error', message: 'Check the highlighted fields.', fieldErrors, values };
  }
  try {
    await updateLinkInBioPage(o.db, o.subject.id, { blocks: [parsed.data] });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const e of error.options.errors ?? []) fieldErrors[e.path.replace(/^body\.blocks\[0\]\.?/, '') || 'title'] ??= e.message;
    return { status: 'error', message: error.detail, fieldErrors, values };
  }
  revalidatePath('/editor/link-in-bio');
  revalidatePath(`/editor/link-in-bio/${pageId}`);
  return { status: 'saved', message: existing ? 'Block saved.' : 'Block added.' };
}

/**
 * Saves a new block order (drag and drop or the move buttons): every block gets `order` = its index
 * × 10 through the same PATCH service and schema as the API, so hidden blocks keep their places too.
 */
export async function reorderLinkInBioBlocksAction(pageId: string, orderedIds: string[]): Promise<FormState> {
  const found = await ownLinkInBioPage(pageId);
  if ('status' in found) return found;
  const { o, page } = found;
  const known = new Set(page.blocks.map((b) => b.id));
  if (orderedIds.length !== known.size || orderedIds.some((id) => !known.has(id))) {
    return { status: 'error', message: 'The page changed in the meantime. Reload it and try again.' };
  }
  const current = new Map(page.blocks.map((b) => [b.id, b.position]));
  const changes = orderedIds.map((id, index) => ({ id, order: index * 10 })).filter((c) => current.get(c.id) !== c.order);
  if (changes.length === 0) return { status: 'saved', message: 'Order unchanged.' };
  const parsed = pageBlocksOnUpdate.safeParse(changes);
  if (!parsed.success) return { status: 'error', message: 'This order could not be saved.' };
  await updateLinkInBioPage(o.db, o.subject.id, { blocks: parsed.data });
  revalidatePath('/editor/link-in-bio');
  revalidatePath(`/editor/link-in-bio/${pageId}`);
  return { status: 'saved', message: 'Order saved.' };
}

/** Replaces a deck's creators (in the order given) through the same service and schema as PATCH creator_ids. */
export async function setDeckCreatorsAction(deckId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const o = await owner();
  if (!o) return SIGNED_OUT;
  if (o.subject.type !== 'agency') return GONE;
  if (!(await loaded(() => getAgencyDeck(o.db, o.subject.id, deckId)))) return GONE;
  const ids = formData.getAll('creator_ids').filter((v): v is string => typeof v === 'string');
  const parsed = deckFieldsShape.creator_ids.safeParse(ids);
  if (!parsed.success) return { status: 'error', message: 'Choose at most 100 roster creators.', fieldErrors: { creator_ids: parsed.error.issues[0]?.message ?? 'Invalid selection.' } };
  try {
    await updateDeck(o.db, o.subject.id, deckId, { creator_ids: parsed.data });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: 'error', message: error.detail };
  }
  revalidatePath(`/editor/decks/${deckId}`);
  return { status: 'saved', message: ids.length === 0 ? 'The deck has no creators now.' : `Saved: ${ids.length} ${ids.length === 1 ? 'creator' : 'creators'}.` };
}
