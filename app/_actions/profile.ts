'use server';
/**
 * The creator profile editor's save: the form → `creatorProfiles.update` (internal: the public API
 * keeps the profile read-only) through the gateway as the signed-in person. Agencies save creators on
 * their roster, a creator saves itself; the operation decides, as for every door.
 */
import { revalidatePath } from 'next/cache';
import { formText, type FormState } from '@/server/web/form-state';
import { callOperation } from '@/server/web/operation-call';
import { calendarDateIn, submittedTimeZone } from '@/server/web/viewer-time';

/** Comma- (or line-) separated text → the list, blanks dropped. */
function list(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** An optional number field: empty → null; anything else as typed (the operation says what is wrong with it). */
function numberOrNull(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(/[\s,]/g, ''));
  return Number.isFinite(value) ? value : trimmed;
}

/** Rows named `prefix.<index>.<field>`, in index order. */
function rows(formData: FormData, prefix: string): Map<number, Map<string, string>> {
  const found = new Map<number, Map<string, string>>();
  for (const [name, value] of formData) {
    const match = new RegExp(`^${prefix}\\.(\\d+)\\.([a-z_]+)$`).exec(name);
    if (!match || typeof value !== 'string') continue;
    const index = Number(match[1]);
    if (!found.has(index)) found.set(index, new Map());
    found.get(index)!.set(match[2]!, value);
  }
  return new Map([...found.entries()].sort(([a], [b]) => a - b));
}

export async function saveCreatorProfileAction(creatorId: string, path: string, _previous: FormState, formData: FormData): Promise<FormState> {
  // "Today when left empty": the viewer's today, not the server's UTC one.
  const today = calendarDateIn(submittedTimeZone(formData));
  const socials = [...rows(formData, 'socials').values()].map((row) => {
    const rate = numberOrNull(row.get('engagement_rate') ?? '');
    return {
      ...(row.get('id') ? { id: row.get('id') } : {}),
      platform: row.get('platform') ?? '',
      handle_or_url: row.get('handle_or_url') ?? '',
      followers: numberOrNull(row.get('followers') ?? ''),
      average_views: numberOrNull(row.get('average_views') ?? ''),
      average_engagements: numberOrNull(row.get('average_engagements') ?? ''),
      // Typed as a percentage; stored (and served by the API) as a fraction.
      engagement_rate: typeof rate === 'number' ? Math.round(rate * 100) / 10_000 : rate,
      metrics_as_of: (row.get('metrics_as_of') ?? '').trim() || today,
    };
  });
  const rates = [...rows(formData, 'rates').values()]
    .filter((row) => [...row.values()].some((v) => v.trim() !== '') && !(row.get('label')?.trim() === '' && row.get('amount')?.trim() === ''))
    .map((row) => ({ label: row.get('label') ?? '', amount: numberOrNull(row.get('amount') ?? ''), currency: row.get('currency') ?? '' }));
  const outcome = await callOperation('creatorProfiles.update', {
    creator_id: creatorId,
    display_name: formText(formData, 'display_name'),
    bio: formText(formData, 'bio').trim() || null,
    location: formText(formData, 'location').trim() || null,
    languages: list(formText(formData, 'languages')),
    tags: list(formText(formData, 'tags')),
    brands: list(formText(formData, 'brands')),
    socials,
    rates,
  });
  if (!outcome.ok) return outcome.state;
  revalidatePath(path);
  return { status: 'saved', message: 'Profile saved. Your media kits, decks and roster cards show it now.' };
}
