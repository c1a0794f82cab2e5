import { z } from 'zod';
import { BLOCK_TYPES, BUTTON_STYLES, LINK_IN_BIO_THEMES } from '../../services/link-in-bio-rules';
import { TYPE_TABLE } from '../../services/link-in-bio-input';
import { LINK_IN_BIO_IMPORT_STATUSES } from '../../services/link-in-bio-imports';
import { countFields, createdAt, objectId, timestamp, updatedAt } from '../shared/schemas';

/** The input shapes, shared with the web app, live in src/server/services/link-in-bio-input.ts. */
export {
  bioField,
  blockEndpointSchema,
  optionalPageDesignShape,
  pageBlocksOnUpdate,
  slugField,
  socialLinksField,
  usernameField,
} from '../../services/link-in-bio-input';

export const socialLinkSchema = z
  .object({
    platform: z.string().meta({ description: 'Canonical platform (`twitter` is stored as `x`).' }),
    username: z.string().meta({ description: 'The normalized handle, without @.' }),
    url: z.string().meta({ format: 'uri', description: 'The canonical profile URL.' }),
  })
  .meta({ id: 'LinkInBioSocialLink' });

export const linkInBioBlockSchema = z
  .object({
    id: objectId.meta({ description: 'The block’s id.' }),
    client_id: z.string().meta({ description: 'The client_id it was created with (generated for blocks made in the editor).' }),
    type: z.enum(BLOCK_TYPES).meta({ description: 'The block’s type; it never changes.' }),
    title: z.string().nullable().meta({ description: 'The link label, title text or text; null when none.' }),
    url: z.string().nullable().meta({ format: 'uri', description: 'Link blocks: where it points; null for other types.' }),
    media_url: z.string().nullable().meta({ format: 'uri', description: 'Image blocks: the image URL; null for other types.' }),
    visible: z.boolean().meta({ description: 'false: kept on the page but not shown.' }),
    order: z.number().int().meta({ description: 'Sort key: ascending, ties by creation.' }),
    clicks: z
      .number()
      .int()
      .meta({
        description:
          'Outbound clicks on the public page since the block was created (link and image blocks; always 0 for others). People only: crawlers, link unfurlers and prefetches are not counted, and one address counts at most 3 clicks of a block per hour. Counted in batches: a click shows here within a few seconds.',
      }),
    created_at: createdAt,
    updated_at: updatedAt,
  })
  .meta({ id: 'LinkInBioBlock', description: TYPE_TABLE });

export const linkInBioPageSchema = z
  .object({
    id: objectId.meta({ description: 'The page’s id.' }),
    creator_id: objectId.meta({ description: 'The creator who owns the page.' }),
    slug: z.string().meta({ description: 'The share URL path segment (`/l/{slug}`).' }),
    username: z.string().meta({ description: 'The handle shown on the page.' }),
    bio: z.string().nullable().meta({ description: 'Up to 300 characters; null when none.' }),
    social_links: z.array(socialLinkSchema).meta({ description: 'Social profile links shown as icons, in order.' }),
    theme: z.enum(LINK_IN_BIO_THEMES).meta({ description: 'Color scheme of the share page.' }),
    button_style: z.enum(BUTTON_STYLES).meta({ description: 'Shape of the link buttons on the share page.' }),
    accent_color: z.string().nullable().meta({ description: '`#RRGGBB` for buttons and highlights; null for the theme default.' }),
    background_color: z.string().nullable().meta({ description: '`#RRGGBB` page background; null for the theme default.' }),
    picture_url: z.string().nullable().meta({ format: 'uri', description: 'Profile picture: an absolute https URL of an image you host; null for initials.' }),
    blocks: z.array(linkInBioBlockSchema).meta({ description: 'Every block, hidden ones included, by ascending `order` (ties by creation).' }),
    share_url: z.string().meta({ format: 'uri', description: 'The public page: `/l/{slug}`.' }),
    editor_url: z.string().meta({ format: 'uri', description: 'Where the creator edits the page in the web app (sign-in required).' }),
    created_at: createdAt,
    updated_at: updatedAt,
  })
  .meta({ id: 'LinkInBioPage' });

export const linkInBioImportSchema = z
  .object({
    id: objectId.meta({ description: 'The import’s id.' }),
    status: z.enum(LINK_IN_BIO_IMPORT_STATUSES).meta({
      description: '`queued` → `processing` → `completed` (the page was read; see `errors` for anything left out) or `failed` (it could not be fetched or read; nothing was added).',
    }),
    source_url: z.string().meta({ format: 'uri', description: 'The page being imported, as sent.' }),
    progress: z
      .object(
        countFields({
          items_found: 'Links and titles read from the source page.',
          blocks_created: 'Blocks added to your page so far.',
          items_skipped: 'Found but not added: already on your page (an earlier import) or beyond the block bound.',
        }),
      )
      .meta({ description: 'Counts, updated as the job runs.' }),
    blocks_created: z.number().int().meta({ description: 'Same as progress.blocks_created (contract field).' }),
    errors: z.array(z.string()).meta({ description: 'What was left out or why the import failed, one readable message each.' }),
    created_at: createdAt,
    started_at: timestamp.nullable().meta({ description: 'When the job began; null while queued.' }),
    completed_at: timestamp.nullable().meta({ description: 'When it completed or failed; null before.' }),
  })
  .meta({ id: 'LinkInBioImport' });

/** Example blocks (a link, then a title), shared by the page examples below and the operations' examples. */
export const linkInBioBlocksExample = [
  {
    id: '6b0448221ba105ce1549513c',
    client_id: 'newsletter',
    type: 'link',
    title: 'My newsletter',
    url: 'https://ada.example.com/newsletter',
    media_url: null,
    visible: true,
    order: 0,
    clicks: 128,
    created_at: '2026-11-23T14:05:22.609Z',
    updated_at: '2026-11-23T14:05:22.609Z',
  },
  {
    id: '6b0448231ba105ce1549513d',
    client_id: 'talks',
    type: 'title',
    title: 'Talks',
    url: null,
    media_url: null,
    visible: true,
    order: 1,
    clicks: 0,
    created_at: '2026-11-23T14:05:23.102Z',
    updated_at: '2026-11-23T14:05:23.102Z',
  },
] as const;

/** Example of a response's `data`, shared by the operations' examples (their *.schema.ts files). */
export const linkInBioPageExample = {
  id: '6b0448221ba105ce1549513b',
  creator_id: '6b04481d1ba105ce1549512f',
  slug: 'ada-lovelace',
  username: 'ada',
  theme: 'light',
  button_style: 'rounded',
  accent_color: null,
  background_color: null,
  picture_url: null,
  bio: 'Mathematician. Writing about engines.',
  social_links: [{ platform: 'instagram', username: 'ada.lovelace', url: 'https://www.instagram.com/ada.lovelace/' }],
  blocks: [linkInBioBlocksExample[0]],
  share_url: 'https://app.creator-api.dev/l/ada-lovelace',
  editor_url: 'https://app.creator-api.dev/editor/link-in-bio/6b0448221ba105ce1549513b',
  created_at: '2026-11-23T14:05:22.572Z',
  updated_at: '2026-11-23T14:05:22.572Z',
};

/** The page as the PATCH example leaves it (bio changed, the Talks block added): the block endpoint's example starts from it. */
export const updatedLinkInBioPageExample = {
  ...linkInBioPageExample,
  bio: 'Mathematician and writer.',
  blocks: [...linkInBioBlocksExample],
  updated_at: '2026-11-23T14:05:23.104Z',
};

/** Example of a response's `data`, shared by the operations' examples (their *.schema.ts files). */
export const linkInBioImportExample = {
  id: '6b0448231ba105ce1549513f',
  status: 'completed',
  source_url: 'https://linktr.ee/ada',
  progress: { items_found: 6, blocks_created: 5, items_skipped: 1 },
  blocks_created: 5,
  errors: ['1 item was already on your page (an earlier import) and was skipped.'],
  created_at: '2026-11-23T14:05:23.497Z',
  started_at: '2026-11-23T14:05:23.512Z',
  completed_at: '2026-11-23T14:05:23.614Z',
};
