/**
 * Calendar arithmetic in IANA time zones on top of Intl (Node ships full ICU). Offsets are looked up
 * in a per-zone, per-year table of transitions built once from Intl, so turning instants into wall
 * times (and back) costs an array search, not an Intl call, on the analytics hot path.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export interface WallTime extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

/** IANA-style names only: `Area/Location`, `UTC`, `Etc/GMT+5`; no bare offsets like `+05:30`. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(zone);
  if (cached) return cached;
  try {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size > 1000) formatters.clear();
    formatters.set(zone, formatter);
    return formatter;
  } catch {
    return null;
  }
}

let canonicalCase: Map<string, string> | null = null;

/**
 * The zone name to report for what a client sent, or null when it is not a time zone Intl knows.
 * Case is fixed for names ICU lists (`america/new_york` → `America/New_York`); links such as
 * `Asia/Kolkata` or `US/Eastern` are kept as sent (ICU would rename them).
 */
export function normalizeTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 100 || !ZONE_NAME.test(name) || !formatterFor(name)) return null;
  canonicalCase ??= new Map([...Intl.supportedValuesOf('timeZone'), 'UTC'].map((zone) => [zone.toLowerCase(), zone]));
  return canonicalCase.get(name.toLowerCase()) ?? name;
}

/** Offset (local − UTC, ms) at an instant, straight from Intl. */
function intlOffset(zone: string, instant: number): number {
  const formatter = formatterFor(zone);
  if (!formatter) throw new RangeError(`unknown time zone ${zone}`);
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const seconds = Math.floor(instant / 1000) * 1000;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second) - seconds;
}

interface YearTable {
  /** Offset in force from the start of the table. */
  initial: number;
  /** Instants where the offset changes, ascending, with the offset from then on. */
  transitions: { at: number; offset: number }[];
}

const tables = new Map<string, YearTable>();
const SAMPLE_MS = 6 * HOUR_MS;

/** Transitions of one zone during one UTC year (± a day): sampled every 6 h, each change bisected to the ms. */
function yearTable(zone: string, year: number): YearTable {
  const key = `${zone}|${year}`;
  const cached = tables.get(key);
  if (cached) return cached;
  const from = Date.UTC(year, 0, 1) - DAY_MS;
  const to = Date.UTC(year + 1, 0, 1) + DAY_MS;
  const initial = intlOffset(zone, from);
  const transitions: YearTable['transitions'] = [];
  let previous = initial;
  for (let t = from + SAMPLE_MS; t <= to; t += SAMPLE_MS) {
    const offset = intlOffset(zone, t);
    if (offset === previous) continue;
    let lo = t - SAMPLE_MS;
    let hi = t;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (intlOffset(zone, mid) === previous) lo = mid;
      else hi = mid;
    }
    transitions.push({ at: hi, offset });
    previous = offset;
  }
  const table = { initial, transitions };
  if (tables.size > 2000) tables.clear();
  tables.set(key, table);
  return table;
}

/** Offset (local − UTC, ms) of `zone` at `instant`. */
export function offsetAt(zone: string, instant: number): number {
  const table = yearTable(zone, new Date(instant).getUTCFullYear());
  let offset = table.initial;
  for (const transition of table.transitions) {
    if (transition.at > instant) break;
    offset = transition.offset;
  }
  return offset;
}

/** The wall-clock time in `zone` at `instant`. */
export function wallTimeAt(zone: string, instant: number): WallTime {
  const local = new Date(instant + offsetAt(zone, instant));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/**
 * The instant the clocks of `zone` show the given wall time. Ambiguous times (clocks turned back)
 * resolve to the earlier instant; times skipped by a forward jump resolve to the same distance past
 * the jump, so a midnight that does not exist makes the day start at the jump (e.g. 01:00).
 */
export function instantOf(zone: string, date: CalendarDate, hour = 0, minute = 0): number {
  const target = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const before = offsetAt(zone, target - DAY_MS);
  const after = offsetAt(zone, target + DAY_MS);
  const candidates = [target - before, target - after].filter((t) => t + offsetAt(zone, t) === target);
  return candidates.length > 0 ? Math.min(...candidates) : target - before;
}

/** Calendar arithmetic on plain dates (no zone involved). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: CalendarDate): number {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

export function startOfDay(zone: string, date: CalendarDate): number {
  return instantOf(zone, date);
}

/** RFC 3339 with the zone's offset at that instant (`Z` at offset zero), milliseconds included. */
export function formatInZone(zone: string, instant: number): string {
  const offset = offsetAt(zone, instant);
  const local = new Date(instant + offset).toISOString().slice(0, 23);
  if (offset === 0) return `${local}Z`;
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(offset) / MINUTE_MS);
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
