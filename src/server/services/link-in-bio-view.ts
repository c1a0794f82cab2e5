import { readStoredJson } from '../db/json';
import type { LinkInBioBlock, LinkInBioPage } from '../../generated/prisma/client';
import type { BlockType, ButtonStyle, LinkInBioTheme, StoredSocialLink } from './link-in-bio-rules';

/** The API's (and webhooks') JSON shape of a page and its blocks. */
export type PageWithBlocks = LinkInBioPage & { blocks: LinkInBioBlock[] };

export interface LinkInBioBlockView {
  id: string;
  client_id: string;
  type: BlockType;
  title: string | null;
  url: string | null;
  media_url: string | null;
  visible: boolean;
  order: number;
  /** Outbound clicks counted on the public page (people only, capped per address; services/link-clicks.ts). */
  clicks: number;
  created_at: string;
  updated_at: string;
}

export interface LinkInBioPageView {
  id: string;
  creator_id: string;
  slug: string;
  username: string;
  bio: string | null;
  social_links: { platform: string; username: string; url: string }[];
  theme: LinkInBioTheme;
  button_style: ButtonStyle;
  accent_color: string | null;
  background_color: string | null;
  picture_url: string | null;
  blocks: LinkInBioBlockView[];
  share_url: string;
  editor_url: string;
  created_at: string;
  updated_at: string;
}

export function linkInBioPageView(page: PageWithBlocks, baseUrl: string): LinkInBioPageView {
  const links = Array.isArray(page.socialLinks) ? readStoredJson<StoredSocialLink[]>(page.socialLinks) : [];
  return {
    id: page.id,
    creator_id: page.creatorId,
    slug: page.slug,
    username: page.username,
    bio: page.bio,
    social_links: links.map((link) => ({ platform: link.platform, username: link.username, url: link.url })),
    theme: page.theme === 'dark' ? 'dark' : 'light',
    button_style: page.buttonStyle,
    accent_color: page.accentColor,
    background_color: page.backgroundColor,
    picture_url: page.pictureUrl,
    blocks: page.blocks.map((block) => ({
      id: block.id,
      client_id: block.clientId,
      type: block.type,
      title: block.title,
      url: block.url,
      media_url: block.mediaUrl,
      visible: block.visible,
      order: block.position,
      clicks: block.clicks,
      created_at: block.createdAt.toISOString(),
      updated_at: block.updatedAt.toISOString(),
    })),
    share_url: `${baseUrl}/l/${page.slug}`,
    editor_url: `${baseUrl}/editor/link-in-bio/${page.id}`,
    created_at: page.createdAt.toISOString(),
    updated_at: page.updatedAt.toISOString(),
  };
}
