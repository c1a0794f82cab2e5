import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import type { PageViewTarget, ViewResourceType } from './page-view-rules';
import { getPublicCampaignReport, getPublicDeck, getPublicLinkInBio, getPublicMediaKit, getPublicRoster } from './public-pages';
import type { SharePageTag } from './share-page-invalidation';

/**
 * The public share pages by URL: which resource a path shows, what to count a view against, which
 * invalidation tags (share-page-invalidation.ts) make its cached copy stale, and whether it is
 * behind a password. Read with the same loaders the pages render from.
 */

const PREFIXES = { m: 'media_kit', l: 'link_in_bio', d: 'deck', r: 'campaign', roster: 'roster' } as const satisfies Record<string, ViewResourceType>;
export type SharePageKind = (typeof PREFIXES)[keyof typeof PREFIXES];

export interface SharePageRoute {
  kind: SharePageKind;
  slug: string;
}

/** Slugs longer than any we issue are refused before touching the database (as the pages do). */
const MAX_SLUG_LENGTH = 128;

/** `/l/<slug>` → link in bio, and so on; null for any other path (sub-paths included). */
export function matchSharePath(pathname: string): SharePageRoute | null {
  const match = /^\/(m|l|d|r|roster)\/([^/]+)$/.exec(pathname);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH) return null;
  return { kind: PREFIXES[match[1] as keyof typeof PREFIXES], slug };
}

export interface SharePageMeta {
  /** What a load of the page counts against; null when the page is a 404. */
  target: PageViewTarget | null;
  /** Invalidation tags of everything the page shows (`missing:<type>` for a 404). */
  tags: string[];
  /** Set for a password-protected deck: its content is only for visitors holding an unlock cookie. */
  lock: { deckId: string; passwordHash: string } | null;
  /** A hash of everything the page shows: equal fingerprints render equal pages. */
  fingerprint: string;
}

const creatorTags = (creators: { id: string }[]): SharePageTag[] => creators.map((c) => `creator:${c.id}` as const);

/** The tag a missing page of `kind` carries: any write tagged with that type drops it. */
export function missingTag(kind: SharePageKind): string {
  return `missing:${kind === 'roster' ? 'agency' : kind}`;
}

export async function resolveSharePage(db: Db, route: SharePageRoute): Promise<SharePageMeta> {
  const [meta, shown] = await resolve(db, route);
  return { ...meta, fingerprint: createHash('sha256').update(JSON.stringify(shown ?? null)).digest('base64url') };
}

async function resolve(db: Db, route: SharePageRoute): Promise<[Omit<SharePageMeta, 'fingerprint'>, unknown]> {
  const missing = [{ target: null, tags: [missingTag(route.kind)], lock: null }, null] as [Omit<SharePageMeta, 'fingerprint'>, unknown];
  switch (route.kind) {
    case 'media_kit': {
      const kit = await getPublicMediaKit(db, route.slug);
      return kit ? [{ target: kit.target, tags: [`media_kit:${kit.target.id}`, `creator:${kit.creator.id}`], lock: null }, kit] : missing;
    }
    case 'link_in_bio': {
      const page = await getPublicLinkInBio(db, route.slug);
      return page ? [{ target: page.target, tags: [`link_in_bio:${page.target.id}`, `creator:${page.target.owner.id}`], lock: null }, page] : missing;
    }
    case 'deck': {
      const deck = await getPublicDeck(db, route.slug);
      if (!deck) return missing;
      const lock = deck.passwordHash ? { deckId: deck.id, passwordHash: deck.passwordHash } : null;
      return [{ target: deck.target, tags: [`deck:${deck.id}`, `agency:${deck.target.owner.id}`, ...creatorTags(deck.creators)], lock }, deck];
    }
    case 'campaign': {
      const report = await getPublicCampaignReport(db, route.slug);
      if (!report) return missing;
      const owner = report.target.owner;
      return [{ target: report.target, tags: [`campaign:${report.target.id}`, `${owner.type}:${owner.id}`, ...creatorTags(report.creators)], lock: null }, report];
    }
    case 'roster': {
      const roster = await getPublicRoster(db, route.slug);
      return roster ? [{ target: roster.target, tags: [`agency:${roster.target.id}`, ...creatorTags(roster.creators)], lock: null }, roster] : missing;
    }
  }
}

/** The cookie a right deck password sets (for the deck's path): whoever holds a valid one sees the deck. */
export function deckUnlockCookieName(deckId: string): string {
  return `deck_unlock_${deckId}`;
}
