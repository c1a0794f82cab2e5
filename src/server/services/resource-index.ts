import type { Db } from '../db/database';
import { ownedBy, type Owner } from '../domain/owner';
import { ApiError } from '../domain/errors';
import { keysetPage, keysetWindow, type ListMeta } from '../domain/pagination';
import type { CursorCodec } from '../lib/cursor';
import { withSummaries, type CampaignWithSummary } from './campaigns';

/**
 * The editor's index pages (/editor/media-kits, /editor/decks, /editor/campaigns): the session
 * subject's own resources, newest first, optionally narrowed by a case-insensitive search of the
 * name (title for decks), paged by keyset with the API's signed cursors. A cursor names its list
 * (page, subject and search), so one carried over from another search or account is refused.
 */

export const INDEX_PAGE_SIZE = 20;
/** Longer searches are cut: nobody types more into a name filter. */
export const MAX_SEARCH_LENGTH = 100;

export interface IndexQuery {
  search?: string | undefined;
  cursor?: string | undefined;
  limit?: number;
}

export interface IndexPage<T> {
  items: T[];
  meta: ListMeta;
  /** The search as applied (trimmed, cut), '' for none. */
  search: string;
  /** True when the cursor in the address did not belong to this list: the first page is shown instead. */
  cursorRefused: boolean;
}

export interface KitIndexRow {
  id: string;
  name: string;
  slug: string;
  visibility: 'link' | 'private';
  creatorName: string;
  updatedAt: Date;
}

export interface DeckIndexRow {
  id: string;
  title: string;
  slug: string;
  visibility: 'link' | 'private';
  creatorCount: number;
  hasPassword: boolean;
  updatedAt: Date;
}

export function normalizeSearch(value: string | undefined): string {
  return (value ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
}

const contains = (search: string) => ({ contains: search, mode: 'insensitive' as const });

async function page<T extends { id: string }>(
  codec: CursorCodec,
  listKey: string,
  query: IndexQuery,
  fetch: (afterId: string | undefined, take: number, search: string) => Promise<T[]>,
): Promise<IndexPage<T>> {
  const search = normalizeSearch(query.search);
  const limit = query.limit ?? INDEX_PAGE_SIZE;
  const key = `ui-index:${listKey}:${search.toLowerCase()}`;
  const fetchMatching = (afterId: string | undefined, take: number) => fetch(afterId, take, search);
  try {
    return { ...(await keysetPage(codec, key, { cursor: query.cursor || undefined, limit }, fetchMatching)), search, cursorRefused: false };
  } catch (error) {
    if (!(error instanceof ApiError) || error.slug !== 'invalid-cursor') throw error;
    return { ...(await keysetPage(codec, key, { limit }, fetchMatching)), search, cursorRefused: true };
  }
}

export async function indexMediaKits(db: Db, codec: CursorCodec, owner: Owner, query: IndexQuery): Promise<IndexPage<KitIndexRow>> {
  return page(codec, `media_kits:${owner.type}:${owner.id}`, query, async (afterId, take, search) => {
    const rows = await db.mediaKit.findMany({
      ...keysetWindow({ ...ownedBy(owner), ...(search ? { name: contains(search) } : {}) }, afterId, take),
      select: { id: true, name: true, slug: true, visibility: true, updatedAt: true, creator: { select: { displayName: true } } },
    });
    return rows.map(({ creator, ...row }) => ({ ...row, creatorName: creator.displayName }));
  });
}

export async function indexDecks(db: Db, codec: CursorCodec, agencyId: string, query: IndexQuery): Promise<IndexPage<DeckIndexRow>> {
  return page(codec, `decks:agency:${agencyId}`, query, async (afterId, take, search) => {
    const rows = await db.deck.findMany({
      ...keysetWindow({ agencyId, ...(search ? { title: contains(search) } : {}) }, afterId, take),
      select: { id: true, title: true, slug: true, visibility: true, updatedAt: true, passwordHash: true, _count: { select: { creators: true } } },
    });
    return rows.map(({ passwordHash, _count, ...row }) => ({ ...row, hasPassword: passwordHash !== null, creatorCount: _count.creators }));
  });
}

export async function indexCampaigns(db: Db, codec: CursorCodec, owner: Owner, query: IndexQuery): Promise<IndexPage<CampaignWithSummary>> {
  return page(codec, `campaigns:${owner.type}:${owner.id}`, query, async (afterId, take, search) => {
    const rows = await db.campaign.findMany(keysetWindow({ ...ownedBy(owner), ...(search ? { name: contains(search) } : {}) }, afterId, take));
    return withSummaries(db, rows);
  });
}
