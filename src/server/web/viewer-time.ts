/**
 * Dates and times as the person at the screen reads and types them: in their own time zone, which
 * the browser reports in the `tz` cookie (TimeZoneCookie, app/_components/local-time.tsx). Every
 * editor input and form message that shows or takes a time goes through here, so no page shows or
 * takes UTC unannounced. The API keeps instants (RFC 3339 with an offset); an input of type
 * `datetime-local` carries none, so a form names the zone it was drawn in (a hidden `time_zone`
 * field) and its action converts with that zone — the one the person saw.
 */
import { cookies } from 'next/headers';
import { formatInZone, instantOf, normalizeTimeZone, wallTimeAt } from '../lib/zoned-time';

/** The cookie TimeZoneCookie sets to the browser's time zone (IANA name, URI-encoded). */
export const TIME_ZONE_COOKIE = 'tz';

/** The hidden form field that carries the zone a form's times were shown in. */
export const TIME_ZONE_FIELD = 'time_zone';

/** A zone name as sent (cookie or form field), or null when it is not one Intl knows. */
export function parseTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return normalizeTimeZone(decodeURIComponent(value));
  } catch {
    return null;
  }
}

/** The zone in a Cookie header, for code that has the request's headers rather than next/headers. */
export function timeZoneFromCookieHeader(header: string | null): string | null {
  const match = header?.match(new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`));
  return match ? parseTimeZone(match[1]) : null;
}

/** The viewer's time zone as the browser last reported it, or null before it has (pages then say UTC). */
export async function viewerTimeZone(): Promise<string | null> {
  return parseTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value);
}

/** The zone a form's times are shown in and read back with: the viewer's, else UTC (and the label says so). */
export async function formTimeZone(): Promise<string> {
  return (await viewerTimeZone()) ?? 'UTC';
}

/** The zone a submitted form was drawn in (its hidden field); UTC when missing, as the form then said. */
export function submittedTimeZone(formData: FormData): string {
  return parseTimeZone(formData.get(TIME_ZONE_FIELD)) ?? 'UTC';
}

/** How a label names the zone: "UTC", "Tokyo time", "Los Angeles time", "Argentina/Buenos Aires time". */
export function zoneLabel(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const parts = zone.split('/');
  const place = parts.length > 2 ? parts.slice(1).join('/') : (parts.at(-1) ?? zone);
  return `${place.replace(/_/g, ' ')} time`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant → the `datetime-local` value its clocks showed in `zone` ("2026-03-01T09:00"); '' for none. */
export function dateTimeLocalIn(zone: string, instant: Date | string | null): string {
  if (instant === null) return '';
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) return '';
  const t = wallTimeAt(zone, ms);
  return `${t.year}-${two(t.month)}-${two(t.day)}T${two(t.hour)}:${two(t.minute)}`;
}

const DATE_TIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;

/**
 * A `datetime-local` value read in `zone` → RFC 3339 with that zone's offset ("2026-03-01T09:00:00.000-08:00").
 * Anything else is returned as typed, for the operation's schema to refuse in its own words.
 */
export function instantFromDateTimeLocal(zone: string, raw: string): string {
  const m = DATE_TIME_LOCAL.exec(raw.trim());
  if (!m) return raw;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  return formatInZone(zone, instantOf(zone, { year, month, day }, hour, minute));
}

/** The calendar day (`YYYY-MM-DD`, for a date input) it is in `zone` at `instant`. */
export function calendarDateIn(zone: string, instant: Date | number = Date.now()): string {
  const t = wallTimeAt(zone, new Date(instant).getTime());
  return `${t.year}-${two(t.month)}-${two(t.day)}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** "1 Mar 2026, 09:00 Tokyo time": an instant in a sentence (form messages), with its zone named. */
export function formatInstantIn(zone: string, instant: Date | string): string {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
    if (formats.size > 100) formats.clear();
    formats.set(zone, format);
  }
  return `${format.format(new Date(instant))} ${zoneLabel(zone)}`;
}
