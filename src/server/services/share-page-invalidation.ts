import type { Db } from '../db/database';
import type { Prisma } from '../../generated/prisma/client';

/**
 * Which cached share pages a write makes stale. Every service that changes what a share page shows
 * calls `invalidateSharePages` once per write, with the tags of what it changed; the page cache of
 * every instance (src/server/http/share-page-cache.ts) drops exactly the pages carrying one of them.
 *
 * Tags name resources, not URLs, so a slug change also drops the page at the old slug:
 * - `media_kit:<id>`, `link_in_bio:<id>`, `deck:<id>`, `campaign:<id>`: that resource's own page;
 * - `creator:<id>`: every page showing the creator (their kits and link in bio, decks, rosters and
 *   campaign reports listing them);
 * - `agency:<id>`: the agency's roster page and the pages showing its name (decks, its reports).
 * A cached "not found" page carries `missing:<type>`; any tag of that type drops it, so a page that
 * appears (created, made public, given that slug) is visible on the next load.
 */
export type SharePageTag = `${'media_kit' | 'link_in_bio' | 'deck' | 'campaign' | 'creator' | 'agency'}:${string}`;

/** The LISTEN/NOTIFY channel (src/server/db/notifications.ts) the page caches subscribe to. */
export const SHARE_PAGES_CHANNEL = 'share_pages';

/** PostgreSQL's NOTIFY payload limit is 8000 bytes: stay well under it. */
const MAX_PAYLOAD_BYTES = 7_000;

/** Splits tags into JSON arrays that each fit one notification. */
export function tagPayloads(tags: readonly string[]): string[] {
  const unique = [...new Set(tags)];
  const payloads: string[] = [];
  let batch: string[] = [];
  let size = 2;
  for (const tag of unique) {
    if (batch.length > 0 && size + tag.length + 3 > MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify(batch));
      batch = [];
      size = 2;
    }
    batch.push(tag);
    size += tag.length + 3;
  }
  if (batch.length > 0) payloads.push(JSON.stringify(batch));
  return payloads;
}

/**
 * Tells every instance's page cache that pages tagged with `tags` are stale. Sent with pg_notify on
 * the caller's connection: inside a transaction it is delivered only if and when that commits (call
 * it inside the write's transaction when there is one), otherwise at once (call it after the write).
 */
export async function invalidateSharePages(db: Db | Prisma.TransactionClient, tags: readonly SharePageTag[]): Promise<void> {
  for (const payload of tagPayloads(tags)) {
    await db.$executeRawUnsafe('SELECT pg_notify($1, $2)', SHARE_PAGES_CHANNEL, payload);
  }
}
