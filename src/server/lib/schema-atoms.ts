import { z } from 'zod';

/**
 * Field shapes that several resources' input schemas share (media kits, decks, link-in-bio
 * pages), defined once so the rule, its message and its OpenAPI description agree everywhere.
 * Each schema adds its own `.meta({ description })` for what the field means on that resource.
 */

/** `#RRGGBB`, either case. */
export const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex color like #1A2B3C');

/** Longest image URL we store: the common browser and CDN limit. */
export const IMAGE_URL_MAX_LENGTH = 2048;

/**
 * An absolute https URL of an image the owner hosts, on a domain name (no IP literals, no
 * localhost). Uploads and remote ingestion are not supported, so the page links to it as given.
 */
export const httpsImageUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain })
  .max(IMAGE_URL_MAX_LENGTH)
  .meta({ description: 'An absolute https URL of an image you host; uploads and remote ingestion are not supported.' });
