import { z } from 'zod';
import { emailAddress } from '../lib/email';
import { objectIdSchema as objectId } from '../lib/object-id';
import { hexColor, httpsImageUrl } from '../lib/schema-atoms';
import { DECK_CTAS, DECK_MAX_CREATORS, DECK_SLUG_PATTERN, DECK_THEMES, DECK_VISIBILITIES } from './decks';

/**
 * Deck input shapes, shared by the API's schemas (src/server/routers/decks/) and the web app's
 * forms and editor, so both validate a deck the same way.
 */

export const VISIBILITY_DOC = '`link` (default): anyone with share_url can open the deck (after the password, when one is set). `private`: only the agency, in the editor.';
export const CTA_DOC =
  'The call-to-action button on the share page, which writes to contact_email: `partnerWithMe` (default, “Partner with me”), `contactUs` (“Contact us”), `requestRates` (“Request rates”), `bookACall` (“Book a call”), or `none` (no button).';

const creatorIds = z
  .array(objectId)
  .max(DECK_MAX_CREATORS)
  .superRefine((ids, ctx) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [index], message: `Duplicate creator id ${id}: list each creator once.`, params: { code: 'duplicate' } });
      seen.add(id);
    });
  })
  .meta({
    description: `Roster creators shown in the deck, in display order (0–${DECK_MAX_CREATORS}, no duplicates). Each must be on your roster, otherwise 404 naming it and nothing is changed.`,
    override: { uniqueItems: true },
  });

/** Fields a deck is created or patched with; null clears an optional field. */
export const deckFieldsShape = {
  title: z.string().trim().min(1).max(120).meta({ description: '1–120 characters.' }),
  slug: z
    .string()
    .min(1)
    .max(64)
    .regex(DECK_SLUG_PATTERN, 'must be lowercase letters, digits and single hyphens, like "spring-roster-2026"')
    .meta({
      description:
        'The share_url path segment: 1–64 lowercase letters, digits and single hyphens, unique across all decks (409 when taken). Generated from the title when omitted on create. Changing it breaks links already shared.',
    }),
  bio: z.string().trim().max(2000).nullable().meta({ description: 'Up to 2000 characters.' }),
  contact_email: emailAddress().nullable().meta({ description: 'Where the call-to-action button writes to; `null` for none.' }),
  creator_ids: creatorIds,
  tags: z
    .array(z.string().trim().min(1).max(40))
    .max(20)
    .meta({ description: 'Up to 20 tags of 1–40 characters; duplicates (ignoring case) are dropped, the first spelling kept.' }),
  picture_url: httpsImageUrl.nullable().meta({ description: 'Agency logo or picture: an absolute https URL of an image you host; `null` for none.' }),
  cover_url: httpsImageUrl.nullable().meta({ description: 'Cover image: an absolute https URL of an image you host; `null` for none.' }),
  theme: z.enum(DECK_THEMES).meta({ description: '`light` (default) or `dark`.' }),
  accent_color: hexColor.nullable().meta({ description: '`#RRGGBB`.' }),
  background_color: hexColor.nullable().meta({ description: '`#RRGGBB`.' }),
  cta: z.enum(DECK_CTAS).meta({ description: CTA_DOC }),
  location: z.string().trim().max(100).nullable().meta({ description: 'Up to 100 characters, e.g. "Berlin, Germany".' }),
  visibility: z.enum(DECK_VISIBILITIES).meta({ description: VISIBILITY_DOC }),
  password: z
    .string()
    .min(8)
    .max(128)
    .nullable()
    .meta({
      description:
        'Write-only: 8–128 characters that viewers of share_url must enter. Stored as an argon2id hash, never returned or logged; `has_password` tells whether one is set. `null` removes it.',
    }),
};

/** `title` is required; everything else is optional (the contract's create names plus the design fields and password). */
export const createDeckInput = z.strictObject(deckFieldsShape).partial().required({ title: true });
