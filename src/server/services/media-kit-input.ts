import { z } from 'zod';
import { emailAddress } from '../lib/email';
import { objectIdSchema as objectId } from '../lib/object-id';
import { hexColor, httpsImageUrl } from '../lib/schema-atoms';
import { MEDIA_KIT_SECTIONS, MEDIA_KIT_TEMPLATE_IDS, MEDIA_KIT_THEMES, MEDIA_KIT_VISIBILITIES } from './media-kits';

/**
 * Media kit input shapes, shared by the API's schemas (src/server/routers/media-kits/) and the web
 * app's forms and editor, so both validate a kit the same way.
 */

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
  picture_url: httpsImageUrl.nullable().meta({ description: 'Profile picture: an absolute https URL of an image you host.' }),
  cover_url: httpsImageUrl.nullable().meta({ description: 'Cover image: an absolute https URL of an image you host.' }),
};

/** `name` is required; every other content field is optional and defaults from the template. */
export const createMediaKitInput = z
  .strictObject(mediaKitContentShape)
  .partial()
  .required({ name: true })
  .extend({
    creator_id: objectId.meta({ description: 'Required with an agency key (a roster creator); omit with a creator key.' }).optional(),
  });
