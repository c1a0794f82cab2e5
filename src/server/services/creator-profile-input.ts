import { z } from 'zod';
import '../lib/validation-messages';
import { languageCodes } from '../lib/schema-atoms';
import { normalizeSocial, SOCIAL_PLATFORMS } from '../lib/social-identity';

/**
 * The creator profile as the profile editor saves it (one form, one save): the fields the media kit,
 * deck and roster templates render. Over the public API these fields stay read-only (GET
 * /creators/{id}); only the settings UI writes them, through the internal `creatorProfiles.update`.
 * Lists are replaced whole: a social account left out is removed, a rate or brand left out is gone.
 */

export const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export const rateSchema = z.strictObject({
  label: z.string().trim().min(1).max(60).meta({ description: 'What the rate buys, e.g. "Instagram Reel" or "YouTube integration".' }),
  amount: z.number().nonnegative().max(10_000_000).meta({ description: 'The price, in `currency`.' }),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => CURRENCY_CODES.has(code), 'must be an ISO 4217 currency code such as USD, EUR or GBP')
    .meta({ description: 'ISO 4217 code, e.g. `USD`.' }),
});
export type Rate = z.output<typeof rateSchema>;

const count = z.number().int().nonnegative().max(2_000_000_000).nullable();

export const profileSocialSchema = z
  .strictObject({
    id: z.string().regex(/^[0-9a-f]{24}$/, 'must be the id of one of this creator’s social accounts').optional(),
    platform: z.enum(SOCIAL_PLATFORMS),
    handle_or_url: z.string().trim().min(1).max(300),
    followers: count.optional(),
    average_views: count.optional(),
    average_engagements: count.optional(),
    /** A fraction: 0.034 is 3.4 %. */
    engagement_rate: z.number().nonnegative().max(1).nullable().optional(),
    /** The day the figures were read (YYYY-MM-DD); today when figures are given without one. */
    metrics_as_of: z.iso.date().nullable().optional(),
  })
  .transform((social, ctx) => {
    const result = normalizeSocial(social.platform, social.handle_or_url);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message, path: ['handle_or_url'] });
      return z.NEVER;
    }
    return { ...social, normalized: result.value };
  });
export type ProfileSocialInput = z.output<typeof profileSocialSchema>;

export const creatorProfileInputSchema = z.strictObject({
  display_name: z.string().trim().min(1).max(100),
  bio: z.string().trim().max(1000).nullable(),
  location: z.string().trim().max(100).nullable(),
  languages: languageCodes,
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
  brands: z.array(z.string().trim().min(1).max(60)).max(30),
  rates: z.array(rateSchema).max(20),
  socials: z
    .array(profileSocialSchema)
    .max(10)
    .superRefine((socials, ctx) => {
      const seen = new Set<string>();
      socials.forEach((social, index) => {
        // With another issue in the list, zod still runs this on the rows as given: skip untransformed ones.
        if (!(social as Partial<typeof social> | undefined)?.normalized) return;
        if (seen.has(social.normalized.identity)) {
          ctx.addIssue({ code: 'custom', message: 'is the same account as one above', path: [index, 'handle_or_url'], params: { code: 'duplicate' } });
        }
        seen.add(social.normalized.identity);
      });
    }),
});
export type CreatorProfileInput = z.output<typeof creatorProfileInputSchema>;
