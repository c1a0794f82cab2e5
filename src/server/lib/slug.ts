import { newObjectId } from './object-id';

/** Lowercase, URL-safe slug from free text; never empty. */
export function slugify(text: string, fallback = 'item'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** `base`, or `base-<6 hex>` — unique constraints decide; callers retry on a clash. */
export function slugCandidate(base: string, attempt: number): string {
  return attempt === 0 ? base : `${base}-${newObjectId().slice(-6)}`;
}
