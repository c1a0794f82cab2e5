'use server';
/**
 * Creating things from the UI: the same input schemas and service functions as the API's POST
 * operations (so the same rules, limits and conflicts apply), then a redirect to the new item's
 * editor. Each action re-checks the session and the account type.
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { createCampaign } from '@/server/services/campaigns';
import { createCreatorImport, creatorImportView, getCreatorImport } from '@/server/services/creator-imports';
import { creatorInputSchema } from '@/server/services/creator-input';
import { addCreatorToRoster, resolveTargetCreator } from '@/server/services/creators';
import { createDeck } from '@/server/services/decks';
import { createLinkInBioPage } from '@/server/services/link-in-bio';
import { createMediaKit } from '@/server/services/media-kits';
import { createCampaignInput } from '@/server/services/campaign-input';
import { createDeckInput } from '@/server/services/deck-input';
import { createLinkInBioInput } from '@/server/services/link-in-bio-input';
import { createMediaKitInput } from '@/server/services/media-kit-input';
import { invalid, serviceResult } from '@/server/web/action-result';
import { patchFromForm } from '@/server/web/editor';
import { campaignCreateDefaults, campaignEditor } from '@/server/web/editors';
import { formText, type FormState } from '@/server/web/form-state';
import { currentAccount } from '@/server/web/session';

const SIGNED_OUT: FormState = { status: 'error', message: 'Your session has ended. Sign in again, then retry.' };
const WRONG_ACCOUNT: FormState = { status: 'error', message: 'This is not available to your account type.' };

async function signedIn(type?: 'agency' | 'creator') {
  const account = await currentAccount();
  if (!account?.subject) return null;
  if (type && account.subject.type !== type) return 'wrong' as const;
  return { app: account.app, db: account.app.services.db, subject: { type: account.subject.type, id: account.subject.id } };
}

const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A creator's link-in-bio page: username, link slug, bio and a theme, then the block editor. */
export async function createLinkInBioAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const o = await signedIn('creator');
  if (!o) return SIGNED_OUT;
  if (o === 'wrong') return WRONG_ACCOUNT;
  const values = { username: formText(formData, 'username'), slug: formText(formData, 'slug'), bio: formText(formData, 'bio') };
  const parsed = createLinkInBioInput.safeParse({
    username: values.username.trim().replace(/^@/, '').toLowerCase(),
    slug: values.slug.trim().toLowerCase(),
    ...(values.bio.trim() ? { bio: values.bio } : {}),
  });
  if (!parsed.success) return invalid(parsed.error.issues, values);
  const result = await serviceResult(() => createLinkInBioPage(o.db, o.subject.id, parsed.data), values);
  if (!result.ok) return result.state;
  redirect('/editor/link-in-bio?created=1');
}

/** A named media kit: for a creator, of themselves; for an agency, of a roster creator. */
export async function createMediaKitAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const o = await signedIn();
  if (!o) return SIGNED_OUT;
  if (o === 'wrong') return WRONG_ACCOUNT;
  const values = { name: formText(formData, 'name'), template: formText(formData, 'template'), creator_id: formText(formData, 'creator_id') };
  const parsed = createMediaKitInput.safeParse({
    name: values.name,
    template: values.template || undefined,
    ...(o.subject.type === 'agency' ? { creator_id: values.creator_id || undefined } : {}),
  });
  if (!parsed.success) return invalid(parsed.error.issues, values);
  const { creator_id: creatorId, ...content } = parsed.data;
  const result = await serviceResult(async () => {
    const creator = await resolveTargetCreator(o.db, o.subject, creatorId, 'creator_id');
    return createMediaKit(o.db, o.subject, creator.id, content);
  }, values);
  if (!result.ok) return result.state;
  redirect(`/editor/media-kits/${result.value.id}?created=1`);
}

/** Social rows of the add-creator form: `socials.N.platform` / `socials.N.handle_or_url`, empty rows skipped. */
function socialsFrom(formData: FormData) {
  const socials: { platform: string; handle_or_url: string }[] = [];
  for (let i = 0; i < 10; i += 1) {
    const handle = formText(formData, `socials.${i}.handle_or_url`).trim();
    if (handle) socials.push({ platform: formText(formData, `socials.${i}.platform`), handle_or_url: handle });
  }
  return socials;
}

export interface AddCreatorState extends FormState {
  added?: { id: string; name: string; created: boolean; mediaKitId: string };
}

/** An agency adds one creator (with socials) to its roster, as POST /creators does. */
export async function addCreatorAction(_previous: AddCreatorState, formData: FormData): Promise<AddCreatorState> {
  const o = await signedIn('agency');
  if (!o) return SIGNED_OUT;
  if (o === 'wrong') return WRONG_ACCOUNT;
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) if (typeof value === 'string' && !key.startsWith('$')) values[key] = value;
  const email = formText(formData, 'email').trim();
  const country = formText(formData, 'country').trim();
  const languages = listOf(formText(formData, 'languages'));
  const tags = listOf(formText(formData, 'tags'));
  const socials = socialsFrom(formData);
  const parsed = creatorInputSchema.safeParse({
    display_name: formText(formData, 'display_name'),
    ...(email ? { email } : {}),
    ...(country ? { country } : {}),
    ...(languages.length ? { languages } : {}),
    ...(tags.length ? { tags } : {}),
    ...(socials.length ? { socials } : {}),
  });
  if (!parsed.success) {
    // Social issues point at the submitted row index; map them back to the row the user typed in.
    const rows = [...Array(10).keys()].filter((i) => formText(formData, `socials.${i}.handle_or_url`).trim());
    const issues = parsed.error.issues.map((issue) =>
      issue.path[0] === 'socials' && typeof issue.path[1] === 'number' ? { ...issue, path: ['socials', rows[issue.path[1]] ?? issue.path[1], ...issue.path.slice(2)] } : issue,
    );
    return invalid(issues, values);
  }
  const result = await serviceResult(() => addCreatorToRoster(o.db, { agencyId: o.subject.id, input: parsed.data, source: 'ui' }), values);
  if (!result.ok) return result.state;
  const { creator, created, mediaKit } = result.value;
  revalidatePath('/editor/roster');
  return {
    status: 'saved',
    message: created ? `${creator.displayName} was added to your roster.` : `${creator.displayName} is already on your roster; new socials were attached.`,
    added: { id: creator.id, name: creator.displayName, created, mediaKitId: mediaKit.id },
  };
}

export type ImportView = ReturnType<typeof creatorImportView>;
export interface ImportState extends FormState {
  importId?: string;
}

/** Starts a CSV roster import (the file goes through the API's own parser and limits), queued on the job runner. */
export async function startRosterImportAction(_previous: ImportState, formData: FormData): Promise<ImportState> {
  const o = await signedIn('agency');
  if (!o) return SIGNED_OUT;
  if (o === 'wrong') return WRONG_ACCOUNT;
  const file = formData.get('file');
  if (!(file instanceof File) || file.size === 0) return { status: 'error', message: 'Choose a CSV file.', fieldErrors: { file: 'Choose a CSV file.' } };
  const result = await serviceResult(async () => {
    // The import and its job are written in one transaction (src/server/jobs).
    return createCreatorImport(o.app.services, o.subject.id, { name: file.name, type: file.type, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) });
  });
  if (!result.ok) return { ...result.state, fieldErrors: { file: result.state.message ?? 'This file cannot be imported.' } };
  return { status: 'saved', message: `Importing ${file.name}…`, importId: result.value.id };
}

/** Polled by the import panel: progress and per-row results of one of the agency's imports. */
export async function rosterImportStatusAction(importId: string): Promise<(ImportView & { names: Record<string, string> }) | null> {
  const o = await signedIn('agency');
  if (!o || o === 'wrong') return null;
  const result = await serviceResult(() => getCreatorImport(o.db, o.subject.id, importId));
  if (!result.ok) return null;
  const view = creatorImportView(result.value);
  // Row names as typed in the file, so results read "Row 3 · Ada Lovelace".
  const names: Record<string, string> = {};
  for (const row of result.value.rows) {
    const input = row.input as Record<string, string> | null;
    names[row.rowNumber] = input?.display_name ?? input?.name ?? '';
  }
  return { ...view, names };
}

/** An agency's pitch deck from roster creators picked in order; the plan allowance applies as in the API. */
export async function createDeckAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const o = await signedIn('agency');
  if (!o) return SIGNED_OUT;
  if (o === 'wrong') return WRONG_ACCOUNT;
  const creatorIds = formData.getAll('creator_ids').filter((v): v is string => typeof v === 'string');
  const values = { title: formText(formData, 'title'), bio: formText(formData, 'bio'), creator_ids: creatorIds.join(',') };
  const parsed = createDeckInput.safeParse({ title: values.title, creator_ids: creatorIds, ...(values.bio.trim() ? { bio: values.bio } : {}) });
  if (!parsed.success) return invalid(parsed.error.issues, values);
  const result = await serviceResult(() => createDeck(o.db, o.subject.id, parsed.data), values);
  if (!result.ok) return result.state;
  redirect(`/editor/decks/${result.value.id}?created=1`);
}

const nameRequired = z.object({ name: z.string({ error: 'Enter a name.' }).trim().min(1, 'Enter a name.') });

/** A campaign with the editor's fields; fields left at their defaults take the API's defaults. */
export async function createCampaignAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const o = await signedIn();
  if (!o) return SIGNED_OUT;
  if (o === 'wrong') return WRONG_ACCOUNT;
  const { patch, values } = patchFromForm(campaignEditor.fields, formData, campaignCreateDefaults);
  const named = nameRequired.safeParse(patch);
  if (!named.success) return invalid(named.error.issues, values);
  const parsed = createCampaignInput.safeParse(patch);
  if (!parsed.success) return invalid(parsed.error.issues, values);
  const result = await serviceResult(() => createCampaign(o.db, o.subject, parsed.data), values);
  if (!result.ok) return result.state;
  redirect(`/editor/campaigns/${result.value.id}?created=1`);
}
