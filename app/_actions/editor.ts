'use server';
/**
 * Editor saves: the changed fields → the same update operation as the API's PATCH, through the
 * gateway as the signed-in person. The current values the form is compared with are read for the
 * session's own agency or creator (someone else's item is "not found").
 */
import { revalidatePath } from 'next/cache';
import { ApiError } from '@/server/domain/errors';
import { getOwnedCampaign } from '@/server/services/campaigns';
import { getAgencyDeck } from '@/server/services/decks';
import { BLOCK_FIELD_RULES, BLOCK_TYPES, type BlockType } from '@/server/services/link-in-bio-rules';
import { getLinkInBioPage } from '@/server/services/link-in-bio';
import { getOwnedMediaKit } from '@/server/services/media-kits';
import { saveEditorForm } from '@/server/web/editor';
import { campaignEditor, deckEditor, linkInBioEditor, mediaKitEditor } from '@/server/web/editors';
import { formText, type FormState } from '@/server/web/form-state';
import { SIGNED_OUT, uiCaller, type UiCaller } from '@/server/web/operation-call';
import { normalizeWebUrl } from '@/server/web/web-url';
import { submittedTimeZone } from '@/server/web/viewer-time';

const GONE: FormState = { status: 'error', message: 'This item was not found. It may belong to another account.' };

/** The item as its editor showed it, or null when it is not (or no longer) the signed-in account's. */
async function loaded<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.slug === 'not-found') return null;
    throw error;
  }
}

/** Runs `save` for the signed-in person; signed out → the "sign in again" state. */
async function asSignedIn(save: (caller: UiCaller) => Promise<FormState>): Promise<FormState> {
  const caller = await uiCaller();
  return caller ? save(caller) : SIGNED_OUT;
}

export async function saveMediaKitAction(kitId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  return asSignedIn(async (caller) => {
    const kit = await loaded(() => getOwnedMediaKit(caller.app.services.db, caller.owner, kitId));
    if (!kit) return GONE;
    return saveEditorForm({
      fields: mediaKitEditor.fields,
      formData,
      current: mediaKitEditor.values(kit),
      save: (patch, values) => caller.call('mediaKits.update', { media_kit_id: kitId, ...patch }, values),
      path: `/editor/media-kits/${kitId}`,
    });
  });
}

async function ownDeck(caller: UiCaller, deckId: string) {
  return caller.owner.type === 'agency' ? loaded(() => getAgencyDeck(caller.app.services.db, caller.owner.id, deckId)) : null;
}

export async function saveDeckAction(deckId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  return asSignedIn(async (caller) => {
    const deck = await ownDeck(caller, deckId);
    if (!deck) return GONE;
    return saveEditorForm({
      fields: deckEditor.fields,
      formData,
      current: deckEditor.values(deck),
      save: (patch, values) => caller.call('decks.update', { deck_id: deckId, ...patch }, values),
      path: `/editor/decks/${deckId}`,
    });
  });
}

/**
 * Sets (`intent=set`) or removes (`intent=remove`) a deck's viewer password, validated like the
 * API's `password` field. The password is never echoed back into the form.
 */
export async function setDeckPasswordAction(deckId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const remove = formText(formData, 'intent') === 'remove';
  return asSignedIn(async (caller) => {
    const outcome = await caller.call('decks.update', { deck_id: deckId, password: remove ? null : formText(formData, 'password') });
    if (!outcome.ok) return outcome.problem?.slug === 'not-found' ? GONE : outcome.state;
    revalidatePath(`/editor/decks/${deckId}`);
    return { status: 'saved', message: remove ? 'Password removed: anyone with the link can open the deck.' : 'Password set: viewers must enter it.' };
  });
}

export async function saveCampaignAction(campaignId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  return asSignedIn(async (caller) => {
    const campaign = await loaded(() => getOwnedCampaign(caller.app.services.db, caller.owner, campaignId));
    if (!campaign) return GONE;
    return saveEditorForm({
      fields: campaignEditor.fields,
      formData,
      current: campaignEditor.values(campaign, submittedTimeZone(formData)),
      save: (patch, values) => caller.call('campaigns.update', { campaign_id: campaignId, ...patch }, values),
      path: `/editor/campaigns/${campaignId}`,
    });
  });
}

/** The signed-in creator's page if it is `pageId`. */
async function ownLinkInBioPage(caller: UiCaller, pageId: string) {
  if (caller.owner.type !== 'creator') return null;
  const page = await loaded(() => getLinkInBioPage(caller.app.services.db, caller.owner.id));
  return page?.id === pageId ? page : null;
}

function linkInBioSaved(pageId: string, message: string): FormState {
  revalidatePath('/editor/link-in-bio');
  revalidatePath(`/editor/link-in-bio/${pageId}`);
  return { status: 'saved', message };
}

export async function saveLinkInBioAction(pageId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  return asSignedIn(async (caller) => {
    const page = await ownLinkInBioPage(caller, pageId);
    if (!page) return GONE;
    return saveEditorForm({
      fields: linkInBioEditor.fields,
      formData,
      current: linkInBioEditor.values(page),
      save: (patch, values) => caller.call('linkInBio.update', patch, values),
      path: '/editor/link-in-bio',
    });
  });
}

/**
 * Edits one block (`block_id`) or adds one (`client_id`, minted when the form was rendered, so a
 * resubmitted form finds the block it already added instead of adding a second), as the API's PATCH
 * with one block change.
 */
export async function saveLinkInBioBlockAction(pageId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  return asSignedIn(async (caller) => {
    const page = await ownLinkInBioPage(caller, pageId);
    if (!page) return GONE;
    const blockId = formText(formData, 'block_id');
    const existing = blockId ? page.blocks.find((b) => b.id === blockId) : undefined;
    if (blockId && !existing) return GONE;
    const typeText = existing?.type ?? formText(formData, 'type');
    if (!(BLOCK_TYPES as readonly string[]).includes(typeText)) return { status: 'error', message: 'Choose a block type.', fieldErrors: { type: 'Choose a block type.' } };
    const rules = BLOCK_FIELD_RULES[typeText as BlockType];
    const title = formText(formData, 'title').trim();
    // `etsy.com/shop/x` → `https://etsy.com/shop/x`: what people type in a link field.
    const url = normalizeWebUrl(formText(formData, 'url'));
    const order = formText(formData, 'order').trim();
    const change: Record<string, unknown> = existing ? { id: existing.id } : { client_id: formText(formData, 'client_id'), type: typeText };
    // Empty optional fields clear on an edit and are left out on an add; forbidden ones are never sent.
    if (title || rules.title !== 'forbidden') change.title = title || (existing ? null : undefined);
    if (rules.url !== 'forbidden') change.url = url || (existing ? null : undefined);
    // Visibility has its own one-click button (setLinkInBioBlockVisibilityAction); a form without the box leaves it.
    if (existing && formData.has('visible')) change.visible = formText(formData, 'visible') === 'on';
    if (existing && order) change.order = /^-?\d+$/.test(order) ? Number(order) : order;
    const outcome = await caller.call('linkInBio.update', { blocks: [change] }, { title, url, order });
    if (!outcome.ok) {
      // The block's fields are named `blocks.0.title`: the form's inputs are `title`, `url`, `order`.
      const fieldErrors = Object.fromEntries(Object.entries(outcome.state.fieldErrors ?? {}).map(([name, message]) => [name.replace(/^blocks\.0\.?/, '') || 'title', message]));
      return { ...outcome.state, fieldErrors };
    }
    return linkInBioSaved(pageId, existing ? 'Block saved.' : 'Block added.');
  });
}

/** Shows or hides one block at once (the block list's Show / Hide button), as PATCH with `visible`. */
export async function setLinkInBioBlockVisibilityAction(pageId: string, blockId: string, visible: boolean): Promise<FormState> {
  return asSignedIn(async (caller) => {
    const page = await ownLinkInBioPage(caller, pageId);
    const block = page?.blocks.find((b) => b.id === blockId);
    if (!page || !block) return GONE;
    const outcome = await caller.call('linkInBio.update', { blocks: [{ id: blockId, visible }] });
    if (!outcome.ok) return outcome.state;
    const name = block.title ?? block.url ?? 'The block';
    return linkInBioSaved(pageId, visible ? `“${name}” is shown on your page.` : `“${name}” is hidden from your page.`);
  });
}

/**
 * Saves a new block order (drag and drop or the move buttons): every block gets `order` = its index
 * × 10 through the same PATCH operation as the API, so hidden blocks keep their places too.
 */
export async function reorderLinkInBioBlocksAction(pageId: string, orderedIds: string[]): Promise<FormState> {
  return asSignedIn(async (caller) => {
    const page = await ownLinkInBioPage(caller, pageId);
    if (!page) return GONE;
    const known = new Set(page.blocks.map((b) => b.id));
    if (orderedIds.length !== known.size || orderedIds.some((id) => !known.has(id))) {
      return { status: 'error', message: 'The page changed in the meantime. Reload it and try again.' };
    }
    const current = new Map(page.blocks.map((b) => [b.id, b.position]));
    const changes = orderedIds.map((id, index) => ({ id, order: index * 10 })).filter((c) => current.get(c.id) !== c.order);
    if (changes.length === 0) return { status: 'saved', message: 'Order unchanged.' };
    const outcome = await caller.call('linkInBio.update', { blocks: changes });
    if (!outcome.ok) return outcome.state;
    return linkInBioSaved(pageId, 'Order saved.');
  });
}

/** Replaces a deck's creators (in the order given), as PATCH creator_ids does. */
export async function setDeckCreatorsAction(deckId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const ids = formData.getAll('creator_ids').filter((v): v is string => typeof v === 'string');
  return asSignedIn(async (caller) => {
    const outcome = await caller.call('decks.update', { deck_id: deckId, creator_ids: ids });
    if (!outcome.ok) {
      if (outcome.problem?.slug === 'not-found') return GONE;
      const message = outcome.state.fieldErrors ? Object.values(outcome.state.fieldErrors)[0] : undefined;
      return { status: 'error', message: outcome.state.message ?? 'Invalid selection.', fieldErrors: { creator_ids: message ?? outcome.state.message ?? 'Invalid selection.' } };
    }
    revalidatePath(`/editor/decks/${deckId}`);
    return { status: 'saved', message: ids.length === 0 ? 'The deck has no creators now.' : `Saved: ${ids.length} ${ids.length === 1 ? 'creator' : 'creators'}.` };
  });
}
