import { z } from 'zod';
import { LANGUAGE_CODES } from './iso-codes';

/**
 * Field shapes that several resources' input schemas share (media kits, decks, link-in-bio
 * pages), defined once so the rule, its message and its OpenAPI description agree everywhere.
 * Each schema adds its own `.meta({ description })` for what the field means on that resource.
 */

/** `#RRGGBB`, either case. */
export const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex color like #1A2B3C');

/**
 * A public host name: two or more dot-separated DNS labels (letters, digits, inner hyphens) ending in
 * a top-level domain of letters, or an internationalised one in its ASCII form (`xn--…`: a URL's host
 * `example.рф` reads `example.xn--p1ai` once parsed). No IP addresses, no single-label names such as
 * localhost. Every URL field that asks for a public host name uses this one rule.
 */
export const PUBLIC_HOST_NAME = /^(?=.{1,253}$)(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+(?:[a-zA-Z]{2,63}|xn--[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,57}[a-zA-Z0-9])?)$/;

/** How the rule reads in field descriptions. */
export const PUBLIC_HOST_NAME_DOC = 'on a public host name (a domain such as example.com, internationalised ones such as example.рф included; no IP addresses or localhost)';

/** Longest image URL we store: the common browser and CDN limit. */
export const IMAGE_URL_MAX_LENGTH = 2048;

/**
 * An absolute https URL of an image the owner hosts, on a public host name (PUBLIC_HOST_NAME). Uploads and remote ingestion are not supported, so the page links to it as given.
 */
export const httpsImageUrl = z
  .url({ protocol: /^https$/, hostname: PUBLIC_HOST_NAME })
  .max(IMAGE_URL_MAX_LENGTH)
  .meta({ description: `An absolute https URL of an image you host, ${PUBLIC_HOST_NAME_DOC}; uploads and remote ingestion are not supported.` });

/** Up to 10 ISO 639-1 language codes, stored lower-case (a creator's languages, on the roster and in the profile editor). */
export const languageCodes = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((code) => LANGUAGE_CODES.has(code), 'must be an ISO 639-1 language code such as en, es or pt'),
  )
  .max(10);
