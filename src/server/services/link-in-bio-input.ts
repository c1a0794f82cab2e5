import { z } from 'zod';
import { objectIdSchema as objectId } from '../lib/object-id';
import { hexColor, httpsImageUrl, PUBLIC_HOST_NAME_DOC } from '../lib/schema-atoms';
import { firstOfEachAccount, SAME_ACCOUNT_ONCE, socialInputSchema } from './creator-input';
import { BLOCK_TYPES, BUTTON_STYLES, LINK_IN_BIO_THEMES, blockContentIssues, LINK_IN_BIO_LIMITS as LIMITS, PAGE_BLOCK_TYPES, urlProblem, type BlockChange, type BlockType } from './link-in-bio-rules';

/**
 * Link-in-bio input rules (the contract leaves them "not shown"; these are ours, documented in
 * OpenAPI and README): slug 3–40 of a-z 0-9 and inner hyphens; username 1–30 of a-z 0-9 . _ (both
 * stored lower-case, unique among pages); bio ≤ 300; up to 10 social links (normalized like roster
 * socials, the same account counted once); at most 200 blocks per page. Block types and their fields:
 * link (title ≤ 100 + url; media_url thumbnail on the block endpoint), title (title ≤ 100),
 * text (title = the text, ≤ 1000), image (media_url, optional title and url; block endpoint only).
 */
export const TYPE_TABLE =
  'Fields by type — `link`: title (≤ 100, required), url (required), media_url (optional https thumbnail; block endpoint only); `title`: title (≤ 100, required); `text`: title holds the text (≤ 1000, required); `image` (block endpoint only): media_url (https, required), title (caption, optional), url (click target, optional).';

export const clientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, 'must be 1–64 letters, digits, periods, underscores, colons or hyphens, starting with a letter or digit')
  .meta({
    description:
      'Your stable id for a new block (1–64 characters of `A-Za-z0-9._:-`). Sending a block with a client_id the page already has returns that block unchanged instead of creating a duplicate, so retries are safe.',
    example: 'spring-sale-link',
  });

function urlField(kind: 'link' | 'media') {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = urlProblem(value, kind);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({
      format: 'uri',
      maxLength: LIMITS.url,
      description:
        kind === 'link'
          ? `An absolute http or https URL ${PUBLIC_HOST_NAME_DOC} (≤ 2048 characters).`
          : `An absolute **https** URL of an image hosted elsewhere, ${PUBLIC_HOST_NAME_DOC} (≤ 2048 characters); uploads are not supported.`,
    });
}

const titleField = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.text)
  .meta({ description: 'The link label, the title text, or a text block’s text (≤ 100 characters; ≤ 1000 for text blocks).' });
const visibleField = z.boolean().meta({ description: 'Hidden blocks stay on the page but are not shown. Blocks cannot be deleted; hide them instead.' });
const orderField = z
  .number()
  .int()
  .min(0)
  .max(LIMITS.order)
  .meta({
    description:
      'Sort key: blocks are shown by ascending order, ties by creation. A new block without order goes after every other block. Reorder by sending new values.',
  });

export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/, 'must be 3–40 characters: letters, digits and inner hyphens')
  .meta({ description: 'The share URL path (`/l/{slug}`), unique among pages; stored lower-case.', example: 'ada-lovelace' });
export const usernameField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._]{1,30}$/, 'must be 1–30 letters, digits, periods or underscores, without @')
  .meta({ description: 'The handle shown on the page, unique among pages; stored lower-case.', example: 'ada' });
export const bioField = z.string().trim().max(LIMITS.bio).meta({ description: 'Up to 300 characters.' });

/** The page's design fields (create and PATCH); null clears a colour or the picture. */
const pageDesignShape = {
  theme: z.enum(LINK_IN_BIO_THEMES).meta({ description: '`light` (default) or `dark`.' }),
  button_style: z.enum(BUTTON_STYLES).meta({ description: 'Shape of the link buttons: `rounded` (default), `pill`, `square` or `outline`.' }),
  accent_color: hexColor.nullable().meta({ description: '`#RRGGBB`: the link buttons’ colour; null for the theme’s.' }),
  background_color: hexColor.nullable().meta({ description: '`#RRGGBB`; used when it suits the theme (a light colour for light, a dark one for dark).' }),
  picture_url: httpsImageUrl.nullable().meta({ description: 'An absolute https URL of the profile picture shown on the page; uploads are not supported.' }),
};

/** The design fields as create and update take them: each may be left out. */
export const optionalPageDesignShape = {
  theme: pageDesignShape.theme.optional(),
  button_style: pageDesignShape.button_style.optional(),
  accent_color: pageDesignShape.accent_color.optional(),
  background_color: pageDesignShape.background_color.optional(),
  picture_url: pageDesignShape.picture_url.optional(),
};

export const socialLinksField = z
  .array(socialInputSchema)
  .max(LIMITS.socialLinks)
  .transform(firstOfEachAccount)
  .meta({
    description: `Up to 10 \`{ platform, handle_or_url }\`, normalized like roster socials (a handle with or without @, or a profile URL; twitter and x are one platform). ${SAME_ACCOUNT_ONCE} Replaces the whole list when sent on PATCH.`,
  });

function addContentIssues(type: BlockType, content: { title?: string | null; url?: string | null; media_url?: string | null }, ctx: z.RefinementCtx) {
  for (const issue of blockContentIssues(type, content)) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.field], params: { code: issue.code } });
}

/** Duplicate ids or client_ids in one request are a mistake, not a retry. */
function noRepeats(items: { id?: string; client_id?: string }[], ctx: z.RefinementCtx) {
  for (const key of ['id', 'client_id'] as const) {
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const value = item[key];
      if (value === undefined) return;
      const first = seen.get(value);
      if (first !== undefined) ctx.addIssue({ code: 'custom', message: `repeats blocks[${first}].${key}`, path: [index, key], params: { code: 'duplicate' } });
      else seen.set(value, index);
    });
  }
}

/** A new block on page create (and on PATCH): link, title or text. */
export const newPageBlockSchema = z
  .strictObject({
    client_id: clientIdSchema,
    type: z.enum(PAGE_BLOCK_TYPES).meta({ description: 'The new block’s type: `link`, `title` or `text` (image blocks are added with POST /link-in-bio/blocks).' }),
    title: titleField.optional(),
    url: urlField('link').optional(),
    visible: visibleField.optional(),
    order: orderField.optional(),
  })
  .superRefine((block, ctx) => addContentIssues(block.type, block, ctx))
  .meta({ id: 'LinkInBioNewBlock', description: `A new block. ${TYPE_TABLE}` });

export const pageBlocksOnCreate = z
  .array(newPageBlockSchema)
  .max(LIMITS.blocksPerPage)
  .superRefine(noRepeats)
  .meta({ description: 'Up to 200 blocks, shown by `order` (list order when omitted).' });

/** `title` and `url` as a block edit or a new block sends them (PATCH entries and the block endpoint alike). */
const blockTitleChange = titleField
  .nullable()
  .meta({ description: 'The link label, title text or text (≤ 100 characters; ≤ 1000 for text blocks); `null` clears it where the type allows.' })
  .optional();
const blockUrlChange = urlField('link')
  .nullable()
  .meta({ description: `An absolute http or https URL ${PUBLIC_HOST_NAME_DOC} (≤ 2048 characters); \`null\` clears it where the type allows.` })
  .optional();

/** Whether an entry names its block by exactly one of the existing block's id and a new block's client_id; reports it if not. */
function namesOneBlock(idKey: 'id' | 'block_id', id: string | undefined, clientId: string | undefined, newBlock: string, ctx: z.RefinementCtx): boolean {
  if ((id === undefined) !== (clientId === undefined)) return true;
  ctx.addIssue({ code: 'custom', message: `Give exactly one of ${idKey} (edit a block) or client_id (${newBlock}).`, path: [id === undefined ? 'client_id' : idKey] });
  return false;
}

/**
 * A PATCH block entry: `id` edits an existing block (omitted fields stay; `null` clears title or url
 * where the type allows), `client_id` adds a new block (type required).
 */
export const pageBlockChangeSchema = z
  .strictObject({
    id: objectId.optional().meta({ description: 'An existing block of your page to edit.' }),
    client_id: clientIdSchema.optional(),
    type: z.enum(BLOCK_TYPES).optional().meta({ description: 'Required for a new block (`link`, `title` or `text`); on an edit it must match the block’s type.' }),
    title: blockTitleChange,
    url: blockUrlChange,
    visible: visibleField.optional(),
    order: orderField.optional(),
  })
  .superRefine((item, ctx) => {
    if (!namesOneBlock('id', item.id, item.client_id, 'add a block', ctx)) return;
    if (item.client_id !== undefined) {
      if (item.type === undefined) ctx.addIssue({ code: 'custom', message: 'Required for a new block.', path: ['type'] });
      else if (!(PAGE_BLOCK_TYPES as readonly string[]).includes(item.type)) {
        ctx.addIssue({ code: 'custom', message: 'New blocks on a page are link, title or text; add image blocks with POST /link-in-bio/blocks.', path: ['type'] });
      } else addContentIssues(item.type, item, ctx);
    }
  })
  .transform((item): BlockChange => {
    const fields = { title: item.title, url: item.url, visible: item.visible, order: item.order };
    return item.id !== undefined ? { id: item.id, type: item.type, ...fields } : { client_id: item.client_id!, type: item.type!, ...fields };
  })
  .meta({ id: 'LinkInBioBlockChange', description: `Edit a block by \`id\`, or add one with \`client_id\` and \`type\`. ${TYPE_TABLE}` });

export const pageBlocksOnUpdate = z
  .array(pageBlockChangeSchema)
  .max(LIMITS.blocksPerPage)
  .superRefine((items, ctx) => noRepeats(items.map((i) => ('id' in i ? { id: i.id } : { client_id: i.client_id })), ctx))
  .meta({ description: 'Blocks to edit or add; blocks not listed stay as they are. Blocks cannot be deleted.' });

/** POST /link-in-bio/blocks: one block by block_id (edit) or client_id (create). */
export const blockEndpointSchema = z
  .strictObject({
    block_id: objectId.optional().meta({ description: 'An existing block of your page to edit.' }),
    client_id: clientIdSchema.optional(),
    type: z.enum(BLOCK_TYPES).meta({ description: 'The block’s type; on an edit it must match the block’s type (types never change).' }),
    title: blockTitleChange,
    url: blockUrlChange,
    media_url: urlField('media').nullable().meta({ description: `Image blocks: an absolute https URL of an image hosted elsewhere, ${PUBLIC_HOST_NAME_DOC} (≤ 2048 characters); \`null\` clears it.` }).optional(),
    visible: visibleField.optional(),
    order: orderField.optional(),
  })
  .superRefine((item, ctx) => {
    if (!namesOneBlock('block_id', item.block_id, item.client_id, 'create a block', ctx)) return;
    if (item.client_id !== undefined) addContentIssues(item.type, item, ctx);
  });

export const createLinkInBioInput = z
  .strictObject({
    slug: slugField,
    username: usernameField,
    bio: bioField.optional(),
    social_links: socialLinksField.optional(),
    ...optionalPageDesignShape,
    blocks: pageBlocksOnCreate.optional(),
  })
  .meta({ id: 'LinkInBioPageCreate' });
