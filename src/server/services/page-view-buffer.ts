import type { Db, SqlQuery } from '../db/database';
import type { Logger } from '../lib/logger';
import { SerialFlush } from '../lib/serial-flush';
import { housekeeping, visitorId, visitorIdNow } from './page-view-visitors';
import { insertPageViews } from './page-views';
import { HourlyAddressCap, skipReason, type HeaderReader, type PageViewTarget, type SkipReason } from './page-view-rules';

/**
 * Page views counted off the render path. A share-page load is recorded in memory (`record`: no I/O,
 * no await) and the buffer is written about once a second in one statement (`record_page_views`, see
 * page-views.ts), so a viral page costs the database one call per second per instance, not a
 * transaction per load.
 *
 * What counts: people, not crawlers or prefetches (skipReason), and at most `maxPerAddressPerHour`
 * loads of one page from one client address per UTC clock hour, whatever User-Agent it sends (IPv6
 * addresses count per /64, the block one subscriber usually gets). The cap is kept per instance: with
 * N instances and no sticky balancing an address can reach N times it.
 *
 * Loss: `close()` (SIGTERM, app.close()) writes everything buffered. A crash loses what was recorded
 * since the last flush — at most one flush interval of views (1 s by default), plus a batch whose
 * write was failing (kept and retried, up to `maxBuffered` views; beyond that the oldest are dropped
 * and logged).
 */

export interface PageViewBufferOptions {
  logger: Logger;
  /** Counted loads of one page per client address per UTC hour (PAGE_VIEWS_PER_ADDRESS_PER_HOUR). */
  maxPerAddressPerHour: number;
  flushIntervalMs?: number;
  /** Views held in memory at most (while the database is failing); older ones are dropped past it. */
  maxBuffered?: number;
  /** The raw driver for the flush statement (else it goes through Prisma). */
  sql?: SqlQuery;
}

export type BufferedRecordResult = { recorded: true } | { recorded: false; skipped: SkipReason | 'capped' };

interface BufferedView {
  target: PageViewTarget;
  /** Hashed at once when the day's salt is known (spreads the work over the loads), else at the flush. */
  visitorHash: string | null;
  /** Kept only until the visitor hash is computed; never stored. */
  address: string;
  userAgent: string;
  at: number;
}

/** `type:id` of a target, built once per target object (a share page's cached meta holds one). */
const targetKeys = new WeakMap<PageViewTarget, string>();
function targetKey(target: PageViewTarget): string {
  let key = targetKeys.get(target);
  if (key === undefined) targetKeys.set(target, (key = `${target.type}:${target.id}`));
  return key;
}

export class PageViewBuffer {
  private pending: BufferedView[] = [];
  private readonly cap: HourlyAddressCap;
  private readonly timer: NodeJS.Timeout;
  private readonly flusher = new SerialFlush(() => this.takeBatch());
  private closed = false;
  private readonly maxBuffered: number;

  constructor(
    private readonly db: Db,
    private readonly options: PageViewBufferOptions,
  ) {
    this.cap = new HourlyAddressCap(options.maxPerAddressPerHour);
    this.maxBuffered = options.maxBuffered ?? 200_000;
    this.timer = setInterval(() => void this.flush().catch(() => {}), options.flushIntervalMs ?? 1_000);
    this.timer.unref();
  }

  /**
   * One load of a share page by the client at `address`. Synchronous: the decision (counted, a bot,
   * a prefetch, over the per-address cap) is final, and a counted view is in the next flush.
   */
  record(target: PageViewTarget, headers: HeaderReader, address: string, at: number = Date.now()): BufferedRecordResult {
    const skipped = skipReason(headers);
    if (skipped) return { recorded: false, skipped };
    if (!this.cap.admit(targetKey(target), address, at)) return { recorded: false, skipped: 'capped' };
    const userAgent = headers.get('user-agent') ?? '';
    const visitorHash = visitorIdNow(target, address, userAgent, at);
    this.pending.push(visitorHash ? { target, visitorHash, address: '', userAgent: '', at } : { target, visitorHash, address, userAgent, at });
    if (this.pending.length > this.maxBuffered) {
      const dropped = this.pending.splice(0, this.pending.length - this.maxBuffered);
      this.options.logger.error('page view buffer full: dropped the oldest views', { dropped: dropped.length });
    }
    return { recorded: true };
  }

  /** Views recorded and not yet written. */
  get size(): number {
    return this.pending.length;
  }

  /** Writes every buffered view in one statement; resolves with how many. Concurrent calls share one write. */
  flush(): Promise<number> {
    return this.flusher.flush();
  }

  private takeBatch(): Promise<number> | null {
    if (this.pending.length === 0) return null;
    const batch = this.pending;
    this.pending = [];
    return this.write(batch).catch((error) => {
      // Kept for the next flush (oldest first), so a database blip loses nothing.
      this.pending = [...batch, ...this.pending];
      this.options.logger.error('could not record page views; will retry', { views: batch.length, error: String(error) });
      throw error;
    });
  }

  private async write(batch: BufferedView[]): Promise<number> {
    await housekeeping(this.db, Date.now());
    const rows = [];
    for (const view of batch) {
      rows.push({ target: view.target, visitorHash: view.visitorHash ?? (await visitorId(this.db, view.target, view.address, view.userAgent, view.at)), at: view.at });
    }
    return insertPageViews(this.db, rows, this.options.sql);
  }

  /** Stops the timer and writes what is buffered (graceful shutdown). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }
}
