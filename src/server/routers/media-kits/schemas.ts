import { z } from 'zod';
import {
  MEDIA_KIT_SECTIONS,
  MEDIA_KIT_TEMPLATE_IDS,
  MEDIA_KIT_THEMES,
  MEDIA_KIT_VISIBILITIES,
} from '../../services/media-kits';
import { objectId, timestamp } from '../shared/schemas';
import { emailAddress } from '../../lib/email';

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex color like #1A2B3C');
const httpsUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain })
  .max(2048)
  .meta({ description: 'An absolute https URL; uploads are not supported.' });

/** Profile and design fields a kit is created or patched with; null clears an optional field. */
export const mediaKitContentShape = {
  name: z.string().trim().min(1).max(100),
  visibility: z.enum(MEDIA_KIT_VISIBILITIES).meta({ description: '`link`: anyone with share_url can view it; `private`: only its owner.' }),
  template: z.enum(MEDIA_KIT_TEMPLATE_IDS).meta({ description: 'A template id from GET /media-kit-templates.' }),
  headline: z.string().trim().max(120).nullable(),
  bio: z.string().trim().max(2000).nullable(),
  contact_email: emailAddress().nullable(),
  sections: z
    .array(z.enum(MEDIA_KIT_SECTIONS))
    .max(MEDIA_KIT_SECTIONS.length)
    .refine((s) => new Set(s).size === s.length, 'must not list a section twice')
    .meta({ description: 'Sections shown, in display order, each at most once.', uniqueItems: true }),
  theme: z.enum(MEDIA_KIT_THEMES),
  accent_color: hexColor.nullable(),
  background_color: hexColor.nullable(),
  picture_url: httpsUrl.nullable(),
  cover_url: httpsUrl.nullable(),
};

export const mediaKitSchema = z
  .object({
    id: objectId,
    creator_id: objectId,
    owner_type: z.enum(['agency', 'creator']),
    owner_id: objectId,
    is_default: z.boolean().meta({ description: 'The one default kit per owner and creator (POST /media-kits).' }),
    name: z.string(),
    slug: z.string(),
    visibility: z.enum(MEDIA_KIT_VISIBILITIES),
    template: z.string(),
    headline: z.string().nullable(),
    bio: z.string().nullable(),
    contact_email: z.string().nullable(),
    sections: z.array(z.string()),
    theme: z.string(),
    accent_color: z.string().nullable(),
    background_color: z.string().nullable(),
    picture_url: z.string().nullable(),
    cover_url: z.string().nullable(),
    editor_url: z.string().meta({ format: 'uri' }),
    share_url: z.string().meta({ format: 'uri' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'MediaKit' });
