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
