import { z } from 'zod';
// CSV rows are validated here outside any request: the same rule-stating messages.
import '../lib/validation-messages';
import { COUNTRY_CODES } from '../lib/iso-codes';
import { languageCodes } from '../lib/schema-atoms';
import { normalizeSocial, SOCIAL_PLATFORMS } from '../lib/social-identity';
import { emailAddress } from '../lib/email';

/**
 * Creator input rules (the contract leaves bounds "not shown"; these are ours, documented in
 * OpenAPI): display_name required, 1–100 characters after trimming; email optional; country an
 * ISO 3166-1 alpha-2 code (case-insensitive, stored upper-case); up to 10 ISO 639-1 languages
 * (stored lower-case); up to 20 tags of 1–40 characters (deduplicated case-insensitively); up to 10
 * socials. CSV import rows are validated with this same schema.
 */
export const socialInputSchema = z
  .strictObject({
    platform: z.enum(SOCIAL_PLATFORMS).meta({ description: '`twitter` and `x` are the same platform; both are stored as `x`.' }),
    handle_or_url: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .meta({ description: 'A handle (with or without @) or a profile URL, e.g. `@natgeo` or `https://www.instagram.com/natgeo/`.' }),
  })
  .transform((social, ctx) => {
    const result = normalizeSocial(social.platform, social.handle_or_url);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message, path: ['handle_or_url'] });
      return z.NEVER;
    }
    return result.value;
  });

/** One rule for every list of social accounts (roster socials, link-in-bio social links), as the schemas describe it. */
export const SAME_ACCOUNT_ONCE = 'The same account given twice (as a handle and as a profile URL, say) counts once, where it first appears; it is never refused.';

/** The list with each account (normalized identity) once, at its first position. */
export function firstOfEachAccount<T extends { identity: string }>(socials: readonly T[]): T[] {
  const seen = new Set<string>();
  return socials.filter((social) => !seen.has(social.identity) && Boolean(seen.add(social.identity)));
}

export const creatorInputSchema = z
  .strictObject({
    display_name: z.string().trim().min(1).max(100).meta({ description: 'Required: 1–100 characters after trimming.' }),
    email: emailAddress().meta({ description: 'Contact email, up to 254 characters.' }).optional(),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => COUNTRY_CODES.has(code), 'must be an ISO 3166-1 alpha-2 country code such as US, GB or BR')
      .optional()
      .meta({ description: 'ISO 3166-1 alpha-2, e.g. `US`.' }),
    languages: languageCodes
      .optional()
      .meta({ description: 'ISO 639-1 codes, e.g. `["en", "pt"]`.' }),
    tags: z
      .array(z.string().trim().min(1).max(40))
      .max(20)
      .meta({ description: 'Up to 20 tags of 1–40 characters; duplicates (ignoring case) are dropped.' })
      .optional(),
    socials: z
      .array(socialInputSchema)
      .max(10)
      .transform(firstOfEachAccount)
      .meta({ description: `Up to 10 social accounts. ${SAME_ACCOUNT_ONCE} An identity already on your roster makes this call return that creator (200) instead of a new one.` })
      .optional(),
  })
  .meta({ id: 'CreatorInput' });
