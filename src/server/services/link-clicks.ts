import type { Db, SqlQuery } from '../db/database';
import type { Logger } from '../lib/logger';
import { SerialFlush } from '../lib/serial-flush';
import { HourlyAddressCap, skipReason, type HeaderReader, type SkipReason } from './page-view-rules';

/**
 * Outbound clicks on link-in-bio blocks, counted like page views: in memory (`record`: no I/O), written
 * in batches (one UPDATE per flush, about once a second), people only (the page-view bot and prefetch
 * rules), and at most `maxPerAddressPerHour` clicks of one block from one client address (IPv6 per /64)
 * per UTC clock hour — so reloading the redirect, or a script behind one address, cannot inflate a
 * link's count. The cap is per instance. A crash loses at most one flush interval of clicks.
 *
 * The count lives on the block (`link_in_bio_blocks.clicks`), read back by GET /link-in-bio and the editor.
 */

export interface LinkClickBufferOptions {
  logger: Logger;
  /** Counted clicks of one block per client address per UTC hour (LINK_CLICKS_PER_ADDRESS_PER_HOUR). */
  maxPerAddressPerHour: number;
  flushIntervalMs?: number;
  /** The raw driver for the flush statement (else it goes through Prisma). */
  sql?: SqlQuery;
}

export type LinkClickResult = { counted: true } | { counted: false; skipped: SkipReason | 'capped' };

/** Clicks of one block counted per client address per UTC hour: a person re-clicking is still one or two. */
export const LINK_CLICKS_PER_ADDRESS_PER_HOUR = 3;

export class LinkClickBuffer {
  private pending = new Map<string, number>();
  private readonly cap: HourlyAddressCap;
  private readonly timer: NodeJS.Timeout;
  private readonly flusher = new SerialFlush(() => this.takeBatch());
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: LinkClickBufferOptions,
  ) {
    this.cap = new HourlyAddressCap(options.maxPerAddressPerHour);
    this.timer = setInterval(() => void this.flush().catch(() => {}), options.flushIntervalMs ?? 1_000);
    this.timer.unref();
  }

  /** One click on block `blockId` by the client at `address`; the decision is final and synchronous. */
  record(blockId: string, headers: HeaderReader, address: string, at: number = Date.now()): LinkClickResult {
    const skipped = skipReason(headers);
    if (skipped) return { counted: false, skipped };
    if (!this.cap.admit(blockId, address, at)) return { counted: false, skipped: 'capped' };
    this.pending.set(blockId, (this.pending.get(blockId) ?? 0) + 1);
    return { counted: true };
  }

  /** Clicks recorded and not yet written. */
  get size(): number {
    let total = 0;
    for (const n of this.pending.values()) total += n;
    return total;
  }

  /** Adds every buffered click to its block in one statement; resolves with how many clicks. */
  flush(): Promise<number> {
    return this.flusher.flush();
  }

  private takeBatch(): Promise<number> | null {
    if (this.pending.size === 0) return null;
    const batch = this.pending;
    this.pending = new Map();
    return this.write(batch).catch((error) => {
      // Merged back for the next flush, so a database blip loses nothing.
      for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      this.options.logger.error('could not record link clicks; will retry', { blocks: batch.size, error: String(error) });
      throw error;
    });
  }

  private async write(batch: Map<string, number>): Promise<number> {
    const ids = [...batch.keys()];
    const counts = ids.map((id) => batch.get(id) ?? 0);
    const text =
      'UPDATE link_in_bio_blocks AS b SET clicks = b.clicks + v.n FROM unnest($1::text[], $2::int[]) AS v(id, n) WHERE b.id = v.id';
    if (this.options.sql) await this.options.sql(text, [ids, counts], { name: 'record_link_clicks' });
    else await this.db.$executeRawUnsafe(text, ids, counts);
    return counts.reduce((sum, n) => sum + n, 0);
  }

  /** Stops the timer and writes what is buffered (graceful shutdown). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }
}

/**
 * Where a click on block `blockId` of the page `slug` goes: the block's stored URL, only for a visible
 * link or image block of that very page, and only an http(s) URL. Anything else is null (a 404): the
 * redirect never takes a destination from the request, so it cannot be used as an open redirect.
 */
export async function linkClickDestination(db: Db, slug: string, blockId: string): Promise<{ blockId: string; url: string } | null> {
  if (!/^[0-9a-f]{24}$/.test(blockId) || slug.length === 0 || slug.length > 128) return null;
  const block = await db.linkInBioBlock.findUnique({
    where: { id: blockId },
    select: { id: true, url: true, visible: true, type: true, page: { select: { slug: true } } },
  });
  if (!block || !block.visible || !block.url || block.page.slug !== slug.toLowerCase()) return null;
  if (block.type !== 'link' && block.type !== 'image') return null;
  let url: URL;
  try {
    url = new URL(block.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return { blockId: block.id, url: url.href };
}
