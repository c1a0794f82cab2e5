import { randomInt } from 'node:crypto';
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

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `base-<10 random [a-z0-9]>` (≈ 51 bits): for share links that must not be guessed from a title
 * (a deck sent to one brand). Owners who want a readable address choose the slug themselves.
 */
export function unguessableSlug(base: string): string {
  let suffix = '';
  for (let i = 0; i < 10; i += 1) suffix += SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)];
  return `${base.slice(0, 53)}-${suffix}`;
}
