import type { CopyRows, Db } from '../db/database';
import type { Owner } from '../domain/owner';
import type { Principal } from '../domain/principal';
import { ByteRecords } from '../lib/byte-records';
import type { Logger } from '../lib/logger';
import { SerialFlush } from '../lib/serial-flush';
import { requestLogRow, type RequestLogFacts } from './request-log-rules';
import { copyRequestLogRows, RequestLogRowWriter, sweepRequestLogs } from './request-logs';

/**
 * Request log entries written off the request path, as page views are (page-view-buffer.ts): `record`
 * builds the row in memory (no I/O, no await) and the buffer is written about once a second, or as
 * soon as `maxBatch` (10,000) entries wait, through the driver (database.ts `copyRows`): one COPY per flush of
 * up to `maxStatementRows` rows. Never a write per request. Each entry waits as its row of binary
 * COPY, encoded at once into one Buffer (lib/byte-records.ts) rather than kept as an object or a string:
 * entries live up to a second, long enough for the young-generation collector to copy and promote
 * them, and bytes outside V8's heap cost it nothing; the flush sends slices of that Buffer as they are.
 *
 * Keeping up: at 19,000 calls/s 1,000 entries arrive every 52 ms, and a 1,000-row COPY that waits
 * for its commit's WAL flush took 11–15 ms (p50) but up to 33–61 ms on a loaded machine. Written as
 * a queue of 1,000-row statements, each paying that commit, a backlog never shrank ("request log
 * buffer full" at 20,000). Now a flush writes everything waiting in one statement (up to
 * `maxStatementRows`), and the COPY commits asynchronously (`synchronous_commit = off` for its own
 * transaction only; 8–9 ms, at most 11–25 ms, same load): a crash of the database server can lose
 * the last fraction of a second of entries — a diagnostic log may; nothing else the service writes
 * is committed that way.
 *
 * Loss: `close()` (SIGTERM, app.close()) writes everything buffered. A crash of the service loses at
 * most one flush interval. While the database is away a failed batch is kept and retried, up to
 * `maxBuffered` entries (about five seconds of calls at 20,000/s: a healthy server stays far below);
 * past that the oldest are dropped, counted (`stats.dropped`, the metric
 * `creator_api.request_logs.dropped`) and logged.
 *
 * Retention: every `sweepEveryMs` (10 minutes) the instance deletes entries older than
 * `retentionDays` and holds each account it wrote for to its newest `maxPerAccount` entries.
 */

export interface RequestLogBufferOptions {
  logger: Logger;
  /** The batched write (database.ts `copyRows`). */
  copyRows: CopyRows;
  /** REQUEST_LOGS=off: `record` keeps nothing (the sweep still runs). */
  enabled?: boolean;
  retentionDays: number;
  maxPerAccount: number;
  flushIntervalMs?: number;
  /** This many entries waiting start a flush before the timer. */
  maxBatch?: number;
  /** Entries written by one COPY at most (a flush carrying a backlog writes several). */
  maxStatementRows?: number;
  /** Entries held in memory at most (while the database is failing). */
  maxBuffered?: number;
  sweepEveryMs?: number;
}

export interface RequestLogBufferStats {
  /** COPY statements written. */
  statements: number;
  written: number;
  /** Entries dropped because the buffer was full. */
  dropped: number;
}

export class RequestLogBuffer {
  /**
   * Each entry's row of binary COPY (request-logs.ts `RequestLogRowWriter`), as bytes off the V8 heap. A
   * full batch (maxBatch, 10,000 rows of ~250–300 bytes) grows its Buffer to 4 MB: kept for reuse
   * (up to 8 MB), else every flush allocated and regrew a new one by doubling, copying as it went.
   */
  private pending = new ByteRecords(256 * 1024, 8 * 1024 * 1024);
  private readonly rowWriter = new RequestLogRowWriter();
  private readonly timer: NodeJS.Timeout;
  private readonly sweepTimer: NodeJS.Timeout;
  private readonly flusher = new SerialFlush(() => this.takeBatch());
  private closed = false;
  private readonly maxBatch: number;
  private readonly maxStatementRows: number;
  private readonly maxBuffered: number;
  private droppedSinceLog = 0;
  /** Accounts recorded for since the last sweep: the ones whose cap the next sweep checks. */
  private readonly touched = new Map<string, Owner>();
  /** The account `record` last added to `touched` (cleared with it). */
  private lastTouched: Owner | null = null;
  readonly stats: RequestLogBufferStats = { statements: 0, written: 0, dropped: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: RequestLogBufferOptions,
  ) {
    // A flush of 10,000 rows costs PostgreSQL ~0.35 µs less per row than ten of 1,000 (backend CPU,
    // COPY of request log lines): at 25,000 calls/s it still runs 2–3 times a second.
    this.maxBatch = options.maxBatch ?? 10_000;
    this.maxStatementRows = options.maxStatementRows ?? 10_000;
    this.maxBuffered = options.maxBuffered ?? 100_000;
    this.timer = setInterval(() => void this.flush().catch(() => {}), options.flushIntervalMs ?? 1_000);
    this.timer.unref();
    this.sweepTimer = setInterval(() => void this.sweep().catch(() => {}), options.sweepEveryMs ?? 600_000);
    this.sweepTimer.unref();
  }

  get enabled(): boolean {
    return this.options.enabled ?? true;
  }

  /** One call, as a door saw it. Synchronous; the entry is in the next flush. */
  record(principal: Principal, facts: RequestLogFacts): void {
    if (!this.enabled || this.closed) return;
    const row = requestLogRow(principal, facts);
    if (!row) return;
    this.rowWriter.write(this.pending, row);
    // Consecutive calls are mostly one account's: the same as the last one needs no key built and hashed.
    if (row.subjectId !== this.lastTouched?.id || row.subjectType !== this.lastTouched.type) {
      const subjectKey = `${row.subjectType}:${row.subjectId}`;
      this.lastTouched = this.touched.get(subjectKey) ?? { type: row.subjectType, id: row.subjectId };
      this.touched.set(subjectKey, this.lastTouched);
    }
    if (this.pending.count > this.maxBuffered) {
      const dropped = this.pending.count - this.maxBuffered;
      this.pending.dropOldest(dropped);
      this.droppedSinceLog += dropped;
      this.stats.dropped += dropped;
    }
    if (this.pending.count >= this.maxBatch && !this.flusher.busy) void this.flush().catch(() => {});
  }

  /** Entries recorded and not yet written. */
  get size(): number {
    return this.pending.count;
  }

  /** Writes every buffered entry (one statement per `maxStatementRows`); resolves with how many. Concurrent calls share one write. */
  flush(): Promise<number> {
    if (this.droppedSinceLog > 0) {
      this.options.logger.error('request log buffer full: dropped the oldest entries', { dropped: this.droppedSinceLog, dropped_total: this.stats.dropped });
      this.droppedSinceLog = 0;
    }
    return this.flusher.flush();
  }

  private takeBatch(): Promise<number> | null {
    if (this.pending.count === 0) return null;
    const batch = this.pending.take();
    return this.write(batch)
      .catch((error) => {
        this.options.logger.error('could not write request log entries; will retry', { entries: batch.ends.length, error: String(error) });
        throw error;
      })
      .finally(() => this.pending.recycle(batch.backing));
  }

  private async write(batch: { bytes: Buffer; ends: number[]; backing: Buffer }): Promise<number> {
    const { bytes, ends } = batch;
    let written = 0;
    let from = 0;
    try {
      while (written < ends.length) {
        const count = Math.min(this.maxStatementRows, ends.length - written);
        const to = ends[written + count - 1]!;
        await copyRequestLogRows(this.options.copyRows, bytes.subarray(from, to));
        this.stats.statements += 1;
        written += count;
        from = to;
      }
    } catch (error) {
      // Kept for the next flush, oldest first, ahead of what was recorded meanwhile, within the bound `record` keeps.
      const recorded = this.pending.take();
      this.pending.pushBytes(bytes.subarray(from), ends.slice(written).map((end) => end - from));
      this.pending.pushBytes(recorded.bytes, recorded.ends);
      this.pending.recycle(recorded.backing);
      const dropped = Math.max(0, this.pending.count - this.maxBuffered);
      this.pending.dropOldest(dropped);
      this.droppedSinceLog += dropped;
      this.stats.dropped += dropped;
      throw error;
    } finally {
      this.stats.written += written;
    }
    return written;
  }

  /** Deletes expired entries and those past each recently written account's cap. */
  async sweep(now?: Date): Promise<number> {
    const subjects = [...this.touched.values()];
    this.touched.clear();
    this.lastTouched = null;
    try {
      return await sweepRequestLogs(this.db, { retentionDays: this.options.retentionDays, maxPerAccount: this.options.maxPerAccount, subjects, now });
    } catch (error) {
      for (const subject of subjects) this.touched.set(`${subject.type}:${subject.id}`, subject);
      this.options.logger.warn('sweeping request logs failed; trying again at the next sweep', { error: String(error) });
      throw error;
    }
  }

  /** Stops the timers and writes what is buffered (graceful shutdown). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    clearInterval(this.sweepTimer);
    await this.flush();
  }
}
