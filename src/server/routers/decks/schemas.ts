import { z } from 'zod';
import { CTA_DOC, VISIBILITY_DOC } from '../../services/deck-input';
import { DECK_CTAS, DECK_THEMES, DECK_VISIBILITIES } from '../../services/decks';
import { createdAt, objectId, updatedAt } from '../shared/schemas';

export { deckFieldsShape } from '../../services/deck-input';

export const deckSchema = z
  .object({
    id: objectId.meta({ description: 'The deck’s id.' }),
    agency_id: objectId.meta({ description: 'The agency that owns the deck.' }),
    creator_ids: z.array(objectId).meta({ description: 'Roster creators in display order.' }),
    slug: z.string().meta({ description: 'The share_url path segment, unique across all decks.' }),
    title: z.string().meta({ description: 'The deck’s title.' }),
    bio: z.string().nullable().meta({ description: 'Introduction text; null when none.' }),
    contact_email: z.string().nullable().meta({ description: 'Where the call-to-action writes to; null when none.' }),
    tags: z.array(z.string()).meta({ description: 'Tags, deduplicated ignoring case.' }),
    picture_url: z.string().nullable().meta({ description: 'Agency logo or picture URL; null when none.' }),
    cover_url: z.string().nullable().meta({ description: 'Cover image URL; null when none.' }),
    theme: z.enum(DECK_THEMES).meta({ description: '`light` or `dark`.' }),
    accent_color: z.string().nullable().meta({ description: '`#RRGGBB`; null for the theme’s.' }),
    background_color: z.string().nullable().meta({ description: '`#RRGGBB`; null for the theme’s.' }),
    cta: z.enum(DECK_CTAS).meta({ description: CTA_DOC }),
    location: z.string().nullable().meta({ description: 'Free-text location; null when none.' }),
    visibility: z.enum(DECK_VISIBILITIES).meta({ description: VISIBILITY_DOC }),
    has_password: z.boolean().meta({ description: 'Whether viewers need a password; the password itself is never returned.' }),
    editor_url: z.string().meta({ format: 'uri', description: 'Where the agency edits the deck in the web app (sign-in required).' }),
    share_url: z.string().meta({ format: 'uri', description: '`{PUBLIC_BASE_URL}/d/{slug}`.' }),
    created_at: createdAt,
    updated_at: updatedAt,
  })
  .meta({ id: 'Deck' });

/** Example of a response's `data`, shared by the operations' examples (their *.schema.ts files). */
export const deckExample = {
  id: '6b0448251ba105ce15495140',
  agency_id: '6b04481c1ba105ce1549512c',
  creator_ids: ['6b04481e1ba105ce15495131'],
  slug: 'spring-roster-2026',
  title: 'Spring Roster 2026',
  bio: 'Food and travel creators for spring launches.',
  contact_email: 'bookings@northwind.example',
  tags: ['food', 'travel'],
  picture_url: null,
  cover_url: null,
  theme: 'light',
  accent_color: null,
  background_color: null,
  cta: 'bookACall',
  location: null,
  visibility: 'link',
  has_password: false,
  editor_url: 'https://app.creator-api.dev/editor/decks/6b0448251ba105ce15495140',
  share_url: 'https://app.creator-api.dev/d/spring-roster-2026',
  created_at: '2026-11-23T14:05:25.351Z',
  updated_at: '2026-11-23T14:05:25.351Z',
};
