import { z } from 'zod';
import {
  MEDIA_KIT_SECTIONS,
  MEDIA_KIT_TEMPLATE_IDS,
  MEDIA_KIT_THEMES,
  MEDIA_KIT_VISIBILITIES,
} from '../../services/media-kits';
import { createdAt, objectId, updatedAt } from '../shared/schemas';
import { emailAddress } from '../../lib/email';

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex color like #1A2B3C');
const httpsUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain })
  .max(2048)
  .meta({ description: 'An absolute https URL; uploads are not supported.' });

/** Profile and design fields a kit is created or patched with; null clears an optional field. */
export const mediaKitContentShape = {
  name: z.string().trim().min(1).max(100).meta({ description: '1–100 characters; shown to you, not to viewers.' }),
  visibility: z.enum(MEDIA_KIT_VISIBILITIES).meta({ description: '`link`: anyone with share_url can view it; `private`: only its owner.' }),
  template: z.enum(MEDIA_KIT_TEMPLATE_IDS).meta({ description: 'A template id from GET /media-kit-templates.' }),
  headline: z.string().trim().max(120).nullable().meta({ description: 'Up to 120 characters under the name, e.g. "Travel & food creator".' }),
  bio: z.string().trim().max(2000).nullable().meta({ description: 'Up to 2000 characters.' }),
  contact_email: emailAddress().nullable().meta({ description: 'Where brands reach the creator; shown on the kit.' }),
  sections: z
    .array(z.enum(MEDIA_KIT_SECTIONS))
    .max(MEDIA_KIT_SECTIONS.length)
    .refine((s) => new Set(s).size === s.length, 'must not list a section twice')
    .meta({ description: 'Sections shown, in display order, each at most once.', uniqueItems: true }),
  theme: z.enum(MEDIA_KIT_THEMES).meta({ description: 'Color scheme of the share page.' }),
  accent_color: hexColor.nullable().meta({ description: '`#RRGGBB` for buttons and highlights.' }),
  background_color: hexColor.nullable().meta({ description: '`#RRGGBB` page background.' }),
  picture_url: httpsUrl.nullable().meta({ description: 'Profile picture: an absolute https URL of an image you host.' }),
  cover_url: httpsUrl.nullable().meta({ description: 'Cover image: an absolute https URL of an image you host.' }),
};

export const mediaKitSchema = z
  .object({
    id: objectId.meta({ description: 'The media kit’s id.' }),
    creator_id: objectId.meta({ description: 'The creator the kit presents.' }),
    owner_type: z.enum(['agency', 'creator']).meta({ description: 'Who owns and edits the kit: the agency or the creator.' }),
    owner_id: objectId.meta({ description: 'The owning agency’s or creator’s id.' }),
    is_default: z.boolean().meta({ description: 'The one default kit per owner and creator (POST /media-kits).' }),
    name: z.string().meta({ description: 'The kit’s name (for you; not shown to viewers).' }),
    slug: z.string().meta({ description: 'The share_url path segment, unique across kits.' }),
    visibility: z.enum(MEDIA_KIT_VISIBILITIES).meta({ description: '`link`: anyone with share_url can view it; `private`: only its owner.' }),
    template: z.enum(MEDIA_KIT_TEMPLATE_IDS).meta({ description: 'The template id (GET /media-kit-templates).' }),
    headline: z.string().nullable().meta({ description: 'Line under the name; null when none.' }),
    bio: z.string().nullable().meta({ description: 'Biography shown on the kit; null when none.' }),
    contact_email: z.string().nullable().meta({ description: 'Where brands reach the creator; null when none.' }),
    sections: z.array(z.enum(MEDIA_KIT_SECTIONS)).meta({ description: 'Sections shown, in display order.' }),
    theme: z.enum(MEDIA_KIT_THEMES).meta({ description: 'Color scheme of the share page.' }),
    accent_color: z.string().nullable().meta({ description: '`#RRGGBB`; null for the template’s.' }),
    background_color: z.string().nullable().meta({ description: '`#RRGGBB`; null for the template’s.' }),
    picture_url: z.string().nullable().meta({ description: 'Profile picture URL; null when none.' }),
    cover_url: z.string().nullable().meta({ description: 'Cover image URL; null when none.' }),
    editor_url: z.string().meta({ format: 'uri', description: 'Where the owner edits the kit in the web app (sign-in required).' }),
    share_url: z.string().meta({ format: 'uri', description: '`{PUBLIC_BASE_URL}/m/{slug}`: the public page (when visibility is `link`).' }),
    created_at: createdAt,
    updated_at: updatedAt,
  })
  .meta({ id: 'MediaKit' });
