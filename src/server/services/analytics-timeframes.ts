import {
  DAY_MS,
  HOUR_MS,
  addDays,
  instantOf,
  isoWeekday,
  wallTimeAt,
  type CalendarDate,
} from '../lib/zoned-time';
import { SLOTS_PER_DAY, SLOT_MS } from './page-view-rules';

// Timeframes as UTC instants: local wall-clock boundaries in a zone, then UTC-day slot ranges the rollups can answer.

export const TIMEFRAMES = ['last24h', 'today', 'yesterday', 'last7d', 'wtd', 'mtd', 'ytd', 'all'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const GRANULARITIES = ['hour', 'day', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The bucket size of each timeframe. */
export const GRANULARITY: Record<Timeframe, Granularity> = {
  last24h: 'hour',
  today: 'hour',
  yesterday: 'hour',
  last7d: 'day',
  wtd: 'day',
  mtd: 'day',
  ytd: 'day',
  all: 'month',
};

export interface Window {
  start: number;
  end: number;
}

export interface Plan {
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
export interface Piece {
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
export function piecesOf(windowsToSplit: Window[], now: number): Piece[] {
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
