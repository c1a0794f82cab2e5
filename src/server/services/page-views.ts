import type { Db, SqlQuery } from '../db/database';
import { clientAddress } from '../lib/client-address';
import { OWNER_AGGREGATED_TYPES, skipReason, type HeaderReader, type PageViewTarget, type SkipReason } from './page-view-rules';
import { housekeeping, visitorId } from './page-view-visitors';

/**
 * Page views of the public share pages. Loads are buffered in memory (page-view-buffer.ts) and each
 * flush writes, in one statement: the raw views (page_views: the source of truth, from which
 * page-view-rollups.ts rebuilds the rollups), the visitor's quarter-hour
 * bitmap for the day (page_view_visitors) and the day rollup (page_view_rollups) of the resource and,
 * for types an owner can have many of, of the owner's aggregate. GET /analytics/views reads rollups.
 *
 * Privacy: no IP address is stored. The visitor id is SHA-256 of a random salt that changes every UTC
 * day (old salts are deleted, so ids cannot be recomputed later), the owner of the page, the IP
 * address and the user agent. The same person is one visitor across one owner's pages for one UTC
 * day, and cannot be followed across days or across owners (page-view-visitors.ts).
 * What counts as a view at all (bots, prefetches) is in page-view-rules.ts.
 */

// The second's text is shared by every view in it: a flush of thousands of views formats each second
// once (Date#toISOString per view was a tenth of the flush's CPU).
let lastSecond = Number.NaN;
let lastSecondText = '';

/** `2026-11-26T10:15:42.007` (UTC, no zone: the column is timestamp(3)). */
function timestampText(at: number): string {
  const ms = Math.trunc(at);
  if (!(ms >= 0)) return new Date(ms).toISOString().replace('Z', '');
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastSecondText = new Date(second * 1000).toISOString().slice(0, 19);
    lastSecond = second;
  }
  const fraction = ms - second * 1000;
  return `${lastSecondText}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

function quoted(value: string | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (value.includes('"') || value.includes('\\')) return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `"${value}"`;
}

type ViewRow = { target: PageViewTarget; visitorHash: string; at: number };

/**
 * The six text[] literals of a batch (`{"a","b",NULL}`, every element quoted, backslashes and double
 * quotes escaped, as the driver writes them) in one pass: a run of views of one page quotes its type,
 * id and owner once, and each literal is joined, not concatenated (one flat string, no rope to flatten).
 */
function arrayLiterals(views: readonly ViewRow[]): string[] {
  const columns: string[][] = [[], [], [], [], [], []];
  let target: PageViewTarget | null = null;
  let quotedTarget: string[] = [];
  for (const view of views) {
    if (view.target !== target) {
      target = view.target;
      quotedTarget = [quoted(target.type), quoted(target.id), quoted(OWNER_AGGREGATED_TYPES.includes(target.type) ? target.owner.type : null), quoted(target.owner.id)];
    }
    columns[0]!.push(quotedTarget[0]!);
    columns[1]!.push(quotedTarget[1]!);
    columns[2]!.push(quotedTarget[2]!);
    columns[3]!.push(quotedTarget[3]!);
    columns[4]!.push(quoted(view.visitorHash));
    columns[5]!.push(quoted(timestampText(view.at)));
  }
  return columns.map((parts) => `{${parts.join(',')}}`);
}

/**
 * Counts views, keeping the rollups exact, in one statement: `record_page_views` (a SQL function, see
 * its migration) inserts the raw views, merges each visitor's quarter-hour bitmap and adds the
 * rollup deltas. Calls from all instances take turns on an advisory lock inside it, so concurrent
 * batches never race on a visitor's first and last slot.
 */
export async function insertPageViews(
  db: Db,
  views: readonly ViewRow[],
  sql?: SqlQuery,
): Promise<number> {
  if (views.length === 0) return 0;
  const text = 'SELECT record_page_views($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamp(3)[]) AS counted';
  // The raw driver when given (the buffer's flushes: thousands of parameters, no ORM in between),
  // with each array already in PostgreSQL's literal form (the driver's generic encoder costs ~2 µs a view).
  const [row] = sql
    ? await sql<{ counted: number }>(text, arrayLiterals(views), { name: 'record_page_views' })
    : await db.$queryRawUnsafe<{ counted: number }[]>(
        text,
        views.map((v) => v.target.type),
        views.map((v) => v.target.id),
        views.map(({ target }) => (OWNER_AGGREGATED_TYPES.includes(target.type) ? target.owner.type : null)),
        views.map((v) => v.target.owner.id),
        views.map((v) => v.visitorHash),
        views.map((v) => timestampText(v.at)),
      );
  return Number(row?.counted ?? 0);
}

/** Counts one view of `target` at `at` by the visitor `visitorHash` (see insertPageViews). */
export async function insertPageView(db: Db, target: PageViewTarget, visitorHash: string, at: number): Promise<void> {
  await insertPageViews(db, [{ target, visitorHash, at }]);
}

export interface RecordResult {
  recorded: boolean;
  skipped?: SkipReason;
}

/**
 * One load of a public page, written at once (tests, tools). Prefetches and non-human agents are not
 * counted. The share pages themselves go through PageViewBuffer, which batches and caps per address.
 */
export async function recordPageView(db: Db, target: PageViewTarget, headers: HeaderReader, at: number = Date.now()): Promise<RecordResult> {
  const skipped = skipReason(headers);
  if (skipped) return { recorded: false, skipped };
  await housekeeping(db, Date.now());
  const hash = await visitorId(db, target, clientAddress(headers), headers.get('user-agent') ?? '', at);
  await insertPageView(db, target, hash, at);
  return { recorded: true };
}
