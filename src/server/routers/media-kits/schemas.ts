import { z } from 'zod';
import {
  MEDIA_KIT_SECTIONS,
  MEDIA_KIT_TEMPLATE_IDS,
  MEDIA_KIT_THEMES,
  MEDIA_KIT_VISIBILITIES,
} from '../../services/media-kits';
import { createdAt, objectId, updatedAt } from '../shared/schemas';

export { mediaKitContentShape } from '../../services/media-kit-input';

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

/** Example of a response's `data`, shared by the operations' examples (their *.schema.ts files). */
export const mediaKitExample = {
  id: '6b04481e1ba105ce15495135',
  creator_id: '6b04481e1ba105ce15495131',
  owner_type: 'agency',
  owner_id: '6b04481c1ba105ce1549512c',
  is_default: true,
  name: 'Maya Chen — media kit',
  slug: 'maya-chen-192126df04',
  visibility: 'link',
  template: 'classic',
  headline: null,
  bio: null,
  contact_email: null,
  sections: ['about', 'socials', 'audience', 'content', 'brands', 'contact'],
  theme: 'light',
  accent_color: '#2563EB',
  background_color: '#FFFFFF',
  picture_url: null,
  cover_url: null,
  editor_url: 'https://app.creator-api.dev/editor/media-kits/6b04481e1ba105ce15495135',
  share_url: 'https://app.creator-api.dev/m/maya-chen-192126df04',
  created_at: '2026-11-23T14:05:18.612Z',
  updated_at: '2026-11-23T14:05:18.612Z',
};

/** A second kit (made with POST /media-kits/new), shared by the create and list examples. */
export const summerPitchKitExample = {
  id: '6b0448221ba105ce1549513a',
  creator_id: '6b04481e1ba105ce15495131',
  owner_type: 'agency',
  owner_id: '6b04481c1ba105ce1549512c',
  is_default: false,
  name: 'Summer pitch',
  slug: 'summer-pitch-6080e56141',
  visibility: 'link',
  template: 'bold',
  headline: 'Travel & food stories',
  bio: null,
  contact_email: null,
  sections: ['about', 'socials', 'rates', 'contact'],
  theme: 'dark',
  accent_color: '#F43F5E',
  background_color: '#0B0B0F',
  picture_url: 'https://cdn.example.com/maya.jpg',
  cover_url: null,
  editor_url: 'https://app.creator-api.dev/editor/media-kits/6b0448221ba105ce1549513a',
  share_url: 'https://app.creator-api.dev/m/summer-pitch-6080e56141',
  created_at: '2026-11-23T14:05:22.058Z',
  updated_at: '2026-11-23T14:05:22.058Z',
};
