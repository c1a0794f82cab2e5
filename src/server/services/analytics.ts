import type { Db } from '../db/database';
import type { SubjectType } from '../auth/scopes';
import { ApiError, notFound } from '../domain/errors';
import {
  DAY_MS,
  HOUR_MS,
  addDays,
  formatInZone,
  instantOf,
  isoWeekday,
  wallTimeAt,
  type CalendarDate,
} from '../lib/zoned-time';
import { OWNER_AGGREGATED_TYPES, SLOTS_PER_DAY, SLOT_MS, type ViewResourceType } from './page-view-rules';

/**
 * GET /analytics/views: page views and unique visitors of public pages, read from the day rollups.
 *
 * Timeframes (all boundaries at local wall-clock times of `timezone`):
 * - last24h: the current local hour and the 23 hours before it (hour buckets);
 * - today / yesterday: from local midnight (hour buckets; 23 or 25 of them on DST days);
 * - last7d: today and the 6 days before (day buckets); wtd: since Monday; mtd: since the 1st;
 *   ytd: since 1 January (day buckets);
 * - all: everything, as totals only (period.start null, empty series).
 * Running timeframes end now; buckets tile the period exactly, so Σ bucket page_views = totals.
 *
 * Unique visitors: the visitor id changes every UTC day, so a person is one visitor per UTC day;
 * over a longer bucket or period, unique_visitors = Σ over UTC days of the distinct visitors of the
 * part of that day inside it (a reader who comes back on three days counts three times, as in other
 * privacy-first analytics). Every number is exact.
 */

export const TIMEFRAMES = ['last24h', 'today', 'yesterday', 'last7d', 'wtd', 'mtd', 'ytd', 'all'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const GRANULARITIES = ['hour', 'day', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const RESOURCE_SCOPES = ['single', 'aggregate'] as const;

/** Which resource types each subject type may read analytics for (the contract's rule). */
export const ANALYTICS_RESOURCE_TYPES: Record<SubjectType, readonly ViewResourceType[]> = {
  creator: ['media_kit', 'link_in_bio', 'campaign'],
  agency: ['media_kit', 'roster', 'deck', 'campaign'],
};

const GRANULARITY: Record<Timeframe, Granularity> = {
  last24h: 'hour',
  today: 'hour',
  yesterday: 'hour',
  last7d: 'day',
  wtd: 'day',
  mtd: 'day',
  ytd: 'day',
  all: 'month',
};

export interface Viewer {
  type: SubjectType;
  id: string;
}

export interface ViewAnalyticsQuery {
  resourceType: ViewResourceType;
  resourceId?: string | undefined;
  timeframe: Timeframe;
  /** A name normalizeTimeZone accepted. */
  timezone: string;
}

export interface ViewBucket {
  start: string;
  end: string;
  page_views: number;
  unique_visitors: number;
}

export interface ViewAnalytics {
  resource_type: ViewResourceType;
  resource_scope: (typeof RESOURCE_SCOPES)[number];
  resource_count: number;
  resource_ids: string[];
  metric: 'page_views';
  totals: { page_views: number; unique_visitors: number };
  timeframe: Timeframe;
  timezone: string;
  period: { start: string | null; end: string };
  granularity: Granularity;
  series: ViewBucket[];
}

/** The ids of every resource of the type the viewer owns, oldest first. */
/** At most this many ids are listed in `resource_ids` (oldest first); `resource_count` stays exact. */
export const MAX_LISTED_RESOURCE_IDS = 100;

/** The viewer's resources of a type: the first MAX_LISTED_RESOURCE_IDS ids (oldest first) and the exact count. */
async function visibleResources(db: Db, viewer: Viewer, type: ViewResourceType, onlyId?: string): Promise<{ ids: string[]; count: number }> {
  const id = onlyId !== undefined ? { id: onlyId } : {};
  const page = { select: { id: true }, orderBy: { id: 'asc' }, take: MAX_LISTED_RESOURCE_IDS } as const;
  let rows: { id: string }[];
  let count: () => Promise<number>;
  switch (type) {
    case 'media_kit': {
      const where = { ownerType: viewer.type, ownerId: viewer.id, ...id };
      rows = await db.mediaKit.findMany({ where, ...page });
      count = () => db.mediaKit.count({ where });
      break;
    }
    case 'campaign': {
      const where = { ownerType: viewer.type, ownerId: viewer.id, ...id };
      rows = await db.campaign.findMany({ where, ...page });
      count = () => db.campaign.count({ where });
      break;
    }
    case 'deck': {
      const where = { agencyId: viewer.id, ...id };
      rows = await db.deck.findMany({ where, ...page });
      count = () => db.deck.count({ where });
      break;
    }
    case 'link_in_bio': {
      const where = { creatorId: viewer.id, ...id };
      rows = await db.linkInBioPage.findMany({ where, ...page });
      count = () => db.linkInBioPage.count({ where });
      break;
    }
    case 'roster':
      // The agency's public roster page is the agency itself.
      rows = onlyId === undefined || onlyId === viewer.id ? [{ id: viewer.id }] : [];
      count = () => Promise.resolve(rows.length);
      break;
  }
  // Only a full first page needs the count query.
  return { ids: rows.map((row) => row.id), count: rows.length < MAX_LISTED_RESOURCE_IDS ? rows.length : await count() };
}

interface Window {
  start: number;
  end: number;
}

interface Plan {
  periodStart: number | null;
  periodEnd: number;
  buckets: Window[];
}

function todayIn(zone: string, now: number): CalendarDate {
  const { year, month, day } = wallTimeAt(zone, now);
  return { year, month, day };
}

/** Instants in [start, end) at which the local clock shows a whole hour (start always included). */
function hourBoundaries(zone: string, start: number, end: number): number[] {
  const boundaries = [start];
  for (let t = Math.ceil((start + 1) / SLOT_MS) * SLOT_MS; t < end; t += SLOT_MS) {
    const wall = wallTimeAt(zone, t);
    if (wall.minute === 0 && wall.second === 0) boundaries.push(t);
  }
  return boundaries;
}

function dayBoundaries(zone: string, from: CalendarDate, through: CalendarDate): number[] {
  const boundaries: number[] = [];
  const last = Date.UTC(through.year, through.month - 1, through.day);
  for (let date = from; Date.UTC(date.year, date.month - 1, date.day) <= last; date = addDays(date, 1)) {
    boundaries.push(instantOf(zone, date));
  }
  return boundaries;
}

function windows(boundaries: number[], end: number): Window[] {
  return boundaries.map((start, i) => ({ start, end: boundaries[i + 1] ?? end }));
}

/** The period and buckets of a timeframe in a zone, as UTC instants. */
export function planTimeframe(timeframe: Timeframe, zone: string, now: number): Plan {
  const today = todayIn(zone, now);
  const dayBuckets = (from: CalendarDate): Plan => {
    const boundaries = dayBoundaries(zone, from, today);
    return { periodStart: boundaries[0]!, periodEnd: now, buckets: windows(boundaries, now) };
  };
  switch (timeframe) {
    case 'today': {
      const start = instantOf(zone, today);
      return { periodStart: start, periodEnd: now, buckets: windows(hourBoundaries(zone, start, now), now) };
    }
    case 'yesterday': {
      const start = instantOf(zone, addDays(today, -1));
      const end = instantOf(zone, today);
      return { periodStart: start, periodEnd: end, buckets: windows(hourBoundaries(zone, start, end), end) };
    }
    case 'last24h': {
      // Whole local hours: find the boundaries among the quarter hours of the last ~26 hours.
      const from = Math.floor((now - 26 * HOUR_MS) / SLOT_MS) * SLOT_MS;
      const boundaries = hourBoundaries(zone, from, now + 1).slice(1).filter((t) => t <= now).slice(-24);
      return { periodStart: boundaries[0]!, periodEnd: now, buckets: windows(boundaries, now) };
    }
    case 'last7d':
      return dayBuckets(addDays(today, -6));
    case 'wtd':
      return dayBuckets(addDays(today, 1 - isoWeekday(today)));
    case 'mtd':
      return dayBuckets({ year: today.year, month: today.month, day: 1 });
    case 'ytd':
      return dayBuckets({ year: today.year, month: 1, day: 1 });
    case 'all':
      return { periodStart: null, periodEnd: now, buckets: [] };
  }
}

/** One UTC day's share of a window: slots [from, to) of `day` (0–96). */
interface Piece {
  window: number;
  day: string;
  /** Whole days through `lastDay` (from = 0, to = 96) are one piece: one index range, not a lookup per day. */
  lastDay: string;
  from: number;
  to: number;
}

/**
 * Splits windows into per-UTC-day slot ranges. A window that runs to `now` is taken to the end of
 * now's UTC day: no view can be later than now, and a range that reaches the end of its day needs
 * only the rollup's `last_slots` for its distinct visitors.
 */
function piecesOf(windowsToSplit: Window[], now: number): Piece[] {
  const pieces: Piece[] = [];
  windowsToSplit.forEach((w, index) => {
    const end = w.end >= now ? Math.floor(now / DAY_MS) * DAY_MS + DAY_MS : w.end;
    for (let dayStart = Math.floor(w.start / DAY_MS) * DAY_MS; dayStart < end; dayStart += DAY_MS) {
      const from = Math.max(0, Math.floor((w.start - dayStart) / SLOT_MS));
      const to = Math.min(SLOTS_PER_DAY, Math.ceil((end - dayStart) / SLOT_MS));
      if (to <= from) continue;
      const day = new Date(dayStart).toISOString().slice(0, 10);
      const previous = pieces.at(-1);
      const whole = from === 0 && to === SLOTS_PER_DAY;
      if (whole && previous?.window === index && previous.from === 0 && previous.to === SLOTS_PER_DAY) previous.lastDay = day;
      else pieces.push({ window: index, day, lastDay: day, from, to });
    }
  });
  return pieces;
}

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

interface Counts {
  views: number;
  visitors: number;
}

async function countWindows(db: Db, type: ViewResourceType, scope: string, scopeId: string, targets: Window[], now: number): Promise<Counts[]> {
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

async function countAll(db: Db, type: ViewResourceType, scope: string, scopeId: string): Promise<Counts> {
  const [row] = await db.$queryRawUnsafe<{ views: number | null; visitors: number | null }[]>(
    `SELECT sum(views)::int AS views, sum(visitors)::int AS visitors FROM page_view_rollups
     WHERE resource_type = $1 AND scope = $2 AND scope_id = $3`,
    type,
    scope,
    scopeId,
  );
  return { views: Number(row?.views ?? 0), visitors: Number(row?.visitors ?? 0) };
}

export async function viewAnalytics(db: Db, viewer: Viewer, query: ViewAnalyticsQuery, now: number = Date.now()): Promise<ViewAnalytics> {
  const allowed = ANALYTICS_RESOURCE_TYPES[viewer.type];
  if (!allowed.includes(query.resourceType)) {
    throw new ApiError(
      'subject-not-allowed',
      `${viewer.type === 'agency' ? 'Agency' : 'Creator'} keys can read analytics for ${allowed.join(', ')}; not for ${query.resourceType}.`,
    );
  }
  const { ids, count } = await visibleResources(db, viewer, query.resourceType, query.resourceId);
  if (query.resourceId !== undefined && ids.length === 0) throw notFound(query.resourceType.replace(/_/g, ' '), query.resourceId);

  // Which rollup scope answers: the resource's own, or the owner's aggregate of its type.
  let scope: { scope: string; scopeId: string } | null;
  if (query.resourceId !== undefined || count === 1) scope = ids[0] ? { scope: 'resource', scopeId: ids[0] } : null;
  else if (count === 0) scope = null;
  else if (OWNER_AGGREGATED_TYPES.includes(query.resourceType)) scope = { scope: viewer.type, scopeId: viewer.id };
  else throw new Error(`no aggregate scope for ${query.resourceType}`);

  const plan = planTimeframe(query.timeframe, query.timezone, now);
  const period: Window = { start: plan.periodStart ?? 0, end: plan.periodEnd };
  let totals: Counts = { views: 0, visitors: 0 };
  let buckets: Counts[] = plan.buckets.map(() => ({ views: 0, visitors: 0 }));
  if (scope && query.timeframe === 'all') {
    totals = await countAll(db, query.resourceType, scope.scope, scope.scopeId);
  } else if (scope) {
    const counts = await countWindows(db, query.resourceType, scope.scope, scope.scopeId, [...plan.buckets, period], now);
    totals = counts.pop()!;
    buckets = counts;
  }

  const stamp = (instant: number) => formatInZone(query.timezone, instant);
  return {
    resource_type: query.resourceType,
    resource_scope: query.resourceId !== undefined ? 'single' : 'aggregate',
    resource_count: count,
    resource_ids: ids,
    metric: 'page_views',
    totals: { page_views: totals.views, unique_visitors: totals.visitors },
    timeframe: query.timeframe,
    timezone: query.timezone,
    period: { start: plan.periodStart === null ? null : stamp(plan.periodStart), end: stamp(plan.periodEnd) },
    granularity: GRANULARITY[query.timeframe],
    series: plan.buckets.map((bucket, i) => ({
      start: stamp(bucket.start),
      end: stamp(bucket.end),
      page_views: buckets[i]!.views,
      unique_visitors: buckets[i]!.visitors,
    })),
  };
}
