import type { Db } from '../db/database';
import { SLOTS_PER_DAY, type ViewResourceType } from './page-view-rules';
import { piecesOf, type Window } from './analytics-timeframes';

// Counting views and distinct visitors of windows from the rollups and visitor bitmaps: the SQL, and the code that batches it.

const sumSlice = (column: string, from: string, to: string) => `(SELECT coalesce(sum(x), 0) FROM unnest(r.${column}[${from}:${to}]) AS x)`;

/**
 * Page views of every piece, and distinct visitors of pieces that start or end at a UTC midnight
 * (prefix: visitors whose first view is inside; suffix: whose last view is inside; whole day: all).
 */
const ROLLUP_SQL = `
  SELECT p.w AS w,
    sum(CASE WHEN p.qa = 0 AND p.qb = ${SLOTS_PER_DAY} THEN r.views ELSE ${sumSlice('view_slots', 'p.qa + 1', 'p.qb')} END)::int AS views,
    sum(CASE WHEN p.qa = 0 AND p.qb = ${SLOTS_PER_DAY} THEN r.visitors
             WHEN p.qa = 0 THEN ${sumSlice('first_slots', '1', 'p.qb')}
             WHEN p.qb = ${SLOTS_PER_DAY} THEN ${sumSlice('last_slots', 'p.qa + 1', String(SLOTS_PER_DAY))}
             ELSE 0 END)::int AS visitors
  FROM unnest($1::int[], $2::date[], $3::int[], $4::int[]) AS p(w, day, qa, qb)
  JOIN page_view_rollups r ON r.resource_type = $5 AND r.scope = $6 AND r.scope_id = $7 AND r.day = p.day
  GROUP BY p.w`;

/** A run of whole days: plain sums over one index range. */
const WHOLE_DAYS_SQL = `
  SELECT coalesce(sum(views), 0)::int AS views, coalesce(sum(visitors), 0)::int AS visitors FROM page_view_rollups
  WHERE resource_type = $1 AND scope = $2 AND scope_id = $3 AND day BETWEEN $4::date AND $5::date`;

/**
 * Distinct visitors of pieces strictly inside one UTC day (hour buckets), from the visitor bitmaps,
 * in one pass over each day's visitors: $2 maps every slot of every day ($1) to the piece holding it
 * (-1: none). A visitor whose first and last slot fall in the same piece counts for it at once (most
 * do); only the others have the bits between their first and last slot tested.
 */
const pieceOf = (slot: string) => `($2::int[])[(array_position($1::date[], v.day) - 1) * ${SLOTS_PER_DAY} + ${slot} + 1]`;
const INTERIOR_SQL = `
  WITH bits AS (
    SELECT v.visitor_hash, v.day, v.slots, position(B'1' IN v.slots) - 1 AS first_slot,
           CASE WHEN bit_count(v.slots) = 1 THEN position(B'1' IN v.slots) - 1 ELSE length(rtrim(v.slots::text, '0')) - 1 END AS last_slot
    FROM page_view_visitors v
    WHERE v.resource_type = $3 AND v.scope = $4 AND v.scope_id = $5 AND v.day = ANY($1::date[])
  ),
  visitors AS (
    SELECT v.*, ${pieceOf('v.first_slot')} AS first_piece, ${pieceOf('v.last_slot')} AS last_piece FROM bits v
  )
  SELECT w, count(*)::int AS visitors FROM (
    SELECT first_piece AS w FROM visitors WHERE first_piece >= 0 AND first_piece = last_piece
    UNION ALL
    SELECT DISTINCT ON (v.visitor_hash, v.day, ${pieceOf('s')}) ${pieceOf('s')} AS w
    FROM visitors v CROSS JOIN LATERAL generate_series(v.first_slot, v.last_slot) AS s
    WHERE NOT (v.first_piece >= 0 AND v.first_piece = v.last_piece) AND v.first_slot < v.last_slot AND get_bit(v.slots, s) = 1
  ) hits
  WHERE w >= 0
  GROUP BY w`;

export interface Counts {
  views: number;
  visitors: number;
}

export async function countWindows(db: Db, type: ViewResourceType, scope: string, scopeId: string, targets: Window[], now: number): Promise<Counts[]> {
  const result = targets.map(() => ({ views: 0, visitors: 0 }));
  const all = piecesOf(targets, now);
  const pieces = all.filter((p) => p.lastDay === p.day);
  const add = (window: number, row: { views: number | null; visitors: number | null }) => {
    result[window]!.views += Number(row.views ?? 0);
    result[window]!.visitors += Number(row.visitors ?? 0);
  };
  const runs = all.filter((p) => p.lastDay !== p.day);
  const [rows, ...runRows] = await Promise.all([
    pieces.length === 0
      ? []
      : db.$queryRawUnsafe<{ w: number; views: number; visitors: number }[]>(
          ROLLUP_SQL,
          pieces.map((p) => p.window),
          pieces.map((p) => p.day),
          pieces.map((p) => p.from),
          pieces.map((p) => p.to),
          type,
          scope,
          scopeId,
        ),
    ...runs.map((p) => db.$queryRawUnsafe<{ views: number; visitors: number }[]>(WHOLE_DAYS_SQL, type, scope, scopeId, p.day, p.lastDay)),
  ]);
  for (const row of rows) add(Number(row.w), row);
  runs.forEach((p, i) => add(p.window, runRows[i]![0]!));
  // Buckets never overlap, so their pieces share no slot; the whole period (the last window) may
  // overlap them and, in the rare zones where it needs this path, is counted on its own.
  const interior = pieces.filter((p) => p.from > 0 && p.to < SLOTS_PER_DAY);
  const period = targets.length - 1;
  for (const group of [interior.filter((p) => p.window !== period), interior.filter((p) => p.window === period)]) {
    if (group.length === 0) continue;
    const days = [...new Set(group.map((p) => p.day))];
    const slotWindows = new Array<number>(days.length * SLOTS_PER_DAY).fill(-1);
    for (const p of group) {
      const base = days.indexOf(p.day) * SLOTS_PER_DAY;
      for (let q = p.from; q < p.to; q += 1) slotWindows[base + q] = p.window;
    }
    const visitorRows = await db.$queryRawUnsafe<{ w: number; visitors: number }[]>(INTERIOR_SQL, days, slotWindows, type, scope, scopeId);
    for (const row of visitorRows) result[Number(row.w)]!.visitors += Number(row.visitors);
  }
  return result;
}

export async function countAll(db: Db, type: ViewResourceType, scope: string, scopeId: string): Promise<Counts> {
  const [row] = await db.$queryRawUnsafe<{ views: number | null; visitors: number | null }[]>(
    `SELECT sum(views)::int AS views, sum(visitors)::int AS visitors FROM page_view_rollups
     WHERE resource_type = $1 AND scope = $2 AND scope_id = $3`,
    type,
    scope,
    scopeId,
  );
  return { views: Number(row?.views ?? 0), visitors: Number(row?.visitors ?? 0) };
}
