import { PUBLIC_HOST_NAME } from '../lib/schema-atoms';
import type { NormalizedSocial } from '../lib/social-identity';
import type { FieldErrorCode } from '../domain/errors';

/**
 * The link-in-bio page's rules, with no database in sight: block types and which content fields
 * each has, the limits, URL checks, themes, and the typed inputs the store accepts. Shared by the
 * store (link-in-bio.ts), the input schemas (link-in-bio-input.ts), the editor and the importer.
 */
export const BLOCK_TYPES = ['link', 'title', 'text', 'image'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
/** Types a page create or PATCH may add; `image` needs the block endpoint (its media URL rules). */
export const PAGE_BLOCK_TYPES = ['link', 'title', 'text'] as const satisfies readonly BlockType[];

export const LINK_IN_BIO_LIMITS = {
  /** Hidden blocks count too: blocks cannot be deleted. */
  blocksPerPage: 200,
  /** Title of link, title and image blocks. */
  title: 100,
  /** A text block's text (its `title`). */
  text: 1000,
  url: 2048,
  clientId: 64,
  bio: 300,
  socialLinks: 10,
  order: 1_000_000,
  slugMin: 3,
  slugMax: 40,
  usernameMax: 30,
} as const;

type Rule = 'required' | 'optional' | 'forbidden';
type ContentField = 'title' | 'url' | 'media_url';

/** Which content fields each block type has. */
export const BLOCK_FIELD_RULES: Record<BlockType, Record<ContentField, Rule>> = {
  link: { title: 'required', url: 'required', media_url: 'optional' },
  title: { title: 'required', url: 'forbidden', media_url: 'forbidden' },
  text: { title: 'required', url: 'forbidden', media_url: 'forbidden' },
  image: { title: 'optional', url: 'optional', media_url: 'required' },
};

export type BlockContent = Partial<Record<ContentField, string | null>>;

export interface ContentIssue {
  field: ContentField;
  message: string;
  code: FieldErrorCode;
}

/** What is wrong with a block's content for its type; `content` is the block as it would be stored. */
export function blockContentIssues(type: BlockType, content: BlockContent): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const field of ['title', 'url', 'media_url'] as const) {
    const rule = BLOCK_FIELD_RULES[type][field];
    const present = content[field] !== undefined && content[field] !== null;
    if (rule === 'required' && !present) issues.push({ field, message: `Required: a ${type} block needs a ${field}.`, code: 'required' });
    if (rule === 'forbidden' && present) issues.push({ field, message: `A ${type} block has no ${field}; leave it out.`, code: 'not_allowed' });
  }
  const max = type === 'text' ? LINK_IN_BIO_LIMITS.text : LINK_IN_BIO_LIMITS.title;
  if (typeof content.title === 'string' && content.title.length > max) {
    issues.push({ field: 'title', message: `Too long: a ${type} block's title holds at most ${max} characters.`, code: 'too_big' });
  }
  return issues;
}

/**
 * Link targets: absolute http(s) URLs on a public host name (PUBLIC_HOST_NAME, lib/schema-atoms.ts). Media URLs (image blocks, link
 * thumbnails) must be https. Nothing else — javascript:, data:, relative paths — is a URL here.
 */
export function urlProblem(value: string, kind: 'link' | 'media'): string | null {
  if (value.length > LINK_IN_BIO_LIMITS.url) return `must be at most ${LINK_IN_BIO_LIMITS.url} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL such as https://example.com/page';
  }
  if (kind === 'media' && url.protocol !== 'https:') return 'must be an https URL';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.username || url.password) return 'must not contain a user name or password';
  if (!PUBLIC_HOST_NAME.test(url.hostname)) return 'must have a public host name such as example.com';
  return null;
}

export interface BlockFieldsInput extends BlockContent {
  visible?: boolean;
  order?: number;
}

export interface NewBlockInput extends BlockFieldsInput {
  client_id: string;
  type: BlockType;
}

export interface BlockEditInput extends BlockFieldsInput {
  id: string;
  /** Must equal the block's type when given (types never change). */
  type?: BlockType;
}

export type BlockChange = NewBlockInput | BlockEditInput;

/** A social link as stored in `social_links` (JSON). */
export interface StoredSocialLink {
  platform: string;
  identity: string;
  username: string;
  url: string;
}

/** The page's look: a light or dark theme, the link buttons' shape, and optional colours and picture. */
export const LINK_IN_BIO_THEMES = ['light', 'dark'] as const;
export const BUTTON_STYLES = ['rounded', 'pill', 'square', 'outline'] as const;
export type LinkInBioTheme = (typeof LINK_IN_BIO_THEMES)[number];
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

export interface PageDesignInput {
  theme?: LinkInBioTheme;
  button_style?: ButtonStyle;
  accent_color?: string | null;
  background_color?: string | null;
  picture_url?: string | null;
}

export interface PageFieldsInput extends PageDesignInput {
  slug?: string;
  username?: string;
  bio?: string | null;
  social_links?: NormalizedSocial[];
}

export interface CreatePageInput extends PageFieldsInput {
  slug: string;
  username: string;
  blocks?: NewBlockInput[];
}

export interface UpdatePageInput extends PageFieldsInput {
  blocks?: BlockChange[];
}

