'use server';
/**
 * Creating things from the UI: each form → the public POST operation through the gateway (the same
 * schemas, rules, plan allowances, entitlement and rate limits as over REST and MCP), then a redirect
 * to the new item's editor.
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { creatorImportView, getCreatorImport } from '@/server/services/creator-imports';
import { patchFromForm } from '@/server/web/editor';
import { campaignCreateDefaults, campaignEditor } from '@/server/web/editors';
import { formText, type FormState } from '@/server/web/form-state';
import { callOperation, uiCaller } from '@/server/web/operation-call';

const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A creator's link-in-bio page: username, link slug, bio and a theme, then the block editor. */
export async function createLinkInBioAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = { username: formText(formData, 'username'), slug: formText(formData, 'slug'), bio: formText(formData, 'bio') };
  const outcome = await callOperation(
    'linkInBio.create',
    { username: values.username.trim().replace(/^@/, '').toLowerCase(), slug: values.slug.trim().toLowerCase(), ...(values.bio.trim() ? { bio: values.bio } : {}) },
    values,
  );
  if (!outcome.ok) return outcome.state;
  redirect('/editor/link-in-bio?created=1');
}

/** A named media kit: for a creator, of themselves; for an agency, of a roster creator. */
export async function createMediaKitAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = { name: formText(formData, 'name'), template: formText(formData, 'template'), creator_id: formText(formData, 'creator_id') };
  const outcome = await callOperation<{ id: string }>(
    'mediaKits.create',
    { name: values.name, ...(values.template ? { template: values.template } : {}), ...(values.creator_id ? { creator_id: values.creator_id } : {}) },
    values,
  );
  if (!outcome.ok) return outcome.state;
  redirect(`/editor/media-kits/${outcome.data.id}?created=1`);
}

/** Social rows of the add-creator form: `socials.N.platform` / `socials.N.handle_or_url`, empty rows skipped. */
function socialsFrom(formData: FormData) {
  const rows: number[] = [];
  const socials: { platform: string; handle_or_url: string }[] = [];
  for (let i = 0; i < 10; i += 1) {
    const handle = formText(formData, `socials.${i}.handle_or_url`).trim();
    if (!handle) continue;
    rows.push(i);
    socials.push({ platform: formText(formData, `socials.${i}.platform`), handle_or_url: handle });
  }
  return { socials, rows };
}

export interface AddCreatorState extends FormState {
  added?: { id: string; name: string; created: boolean; mediaKitId: string };
}

/** An agency adds one creator (with socials) to its roster, as POST /creators does. */
export async function addCreatorAction(_previous: AddCreatorState, formData: FormData): Promise<AddCreatorState> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) if (typeof value === 'string' && !key.startsWith('$')) values[key] = value;
  const email = formText(formData, 'email').trim();
  const country = formText(formData, 'country').trim();
  const languages = listOf(formText(formData, 'languages'));
  const tags = listOf(formText(formData, 'tags'));
  const { socials, rows } = socialsFrom(formData);
  const outcome = await callOperation<{ created: boolean; creator: { id: string; display_name: string }; media_kit: { id: string } }>(
    'creators.create',
    {
      display_name: formText(formData, 'display_name'),
      ...(email ? { email } : {}),
      ...(country ? { country } : {}),
      ...(languages.length ? { languages } : {}),
      ...(tags.length ? { tags } : {}),
      ...(socials.length ? { socials } : {}),
    },
    values,
  );
  if (!outcome.ok) {
    // Social errors name the submitted row; point them at the row the person typed in.
    const fieldErrors = Object.fromEntries(
      Object.entries(outcome.state.fieldErrors ?? {}).map(([name, message]) => [name.replace(/^socials\.(\d+)/, (_, i: string) => `socials.${rows[Number(i)] ?? i}`), message]),
    );
    return { ...outcome.state, fieldErrors };
  }
  const { creator, created, media_kit: mediaKit } = outcome.data;
  revalidatePath('/editor/roster');
  return {
    status: 'saved',
    message: created ? `${creator.display_name} was added to your roster.` : `${creator.display_name} is already on your roster; new socials were attached.`,
    added: { id: creator.id, name: creator.display_name, created, mediaKitId: mediaKit.id },
  };
}

export type ImportView = ReturnType<typeof creatorImportView>;
export interface ImportState extends FormState {
  importId?: string;
}

/** Starts a CSV roster import: the same operation as the API's upload (its parser, limits and `imports` rate-limit bucket). */
export async function startRosterImportAction(_previous: ImportState, formData: FormData): Promise<ImportState> {
  const file = formData.get('file');
  if (!(file instanceof File) || file.size === 0) return { status: 'error', message: 'Choose a CSV file.', fieldErrors: { file: 'Choose a CSV file.' } };
  const outcome = await callOperation<{ id: string }>('creatorImports.create', { file });
  if (!outcome.ok) return { ...outcome.state, fieldErrors: { file: outcome.state.fieldErrors?.file ?? outcome.state.message ?? 'This file cannot be imported.' } };
  return { status: 'saved', message: `Importing ${file.name}…`, importId: outcome.data.id };
}

/**
 * Polled by the import panel: progress and per-row results of one of the agency's imports, with the
 * row names as typed in the file. A read of the signed-in agency's own import, not an operation: a
 * poll every second must not use up the agency's API quota.
 */
export async function rosterImportStatusAction(importId: string): Promise<(ImportView & { names: Record<string, string> }) | null> {
  const caller = await uiCaller();
  if (caller?.owner.type !== 'agency') return null;
  const row = await getCreatorImport(caller.app.services.db, caller.owner.id, importId).catch(() => null);
  if (!row) return null;
  const names: Record<string, string> = {};
  for (const r of row.rows) {
    const input = r.input as Record<string, string> | null;
    names[r.rowNumber] = input?.display_name ?? input?.name ?? '';
  }
  return { ...creatorImportView(row), names };
}

/** An agency's pitch deck from roster creators picked in order; the plan allowance applies as in the API. */
export async function createDeckAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const creatorIds = formData.getAll('creator_ids').filter((v): v is string => typeof v === 'string');
  const values = { title: formText(formData, 'title'), bio: formText(formData, 'bio'), creator_ids: creatorIds.join(',') };
  const outcome = await callOperation<{ id: string }>('decks.create', { title: values.title, creator_ids: creatorIds, ...(values.bio.trim() ? { bio: values.bio } : {}) }, values);
  if (!outcome.ok) return outcome.state;
  redirect(`/editor/decks/${outcome.data.id}?created=1`);
}

/** A campaign with the editor's fields; fields left at their defaults take the API's defaults. */
export async function createCampaignAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { patch, values } = patchFromForm(campaignEditor.fields, formData, campaignCreateDefaults);
  if (typeof patch.name !== 'string' || patch.name.trim() === '') return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { name: 'Enter a name.' }, values };
  const outcome = await callOperation<{ id: string }>('campaigns.create', patch, values);
  if (!outcome.ok) return outcome.state;
  redirect(`/editor/campaigns/${outcome.data.id}?created=1`);
}
