import { LocalTime } from './local-time';

/**
 * The site's one date style: "23 Nov 2026" for dates, "23 Nov 2026 14:05" for times. The server's
 * first paint is in UTC (it cannot know the viewer's zone, and the browser's first render must match
 * it); Timestamp and LocalDate then re-render in the viewer's locale and zone.
 */
const FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A timestamp in the viewer's locale and time zone, machine-readable too: rendered on the server in
 * UTC (stable between server and browser), then re-rendered in the browser's zone, whose short
 * name follows the time (LocalTime). `utc={false}`: the zone's name is left out in the browser,
 * because the table's caption says "times in your time zone" once.
 */
export function Timestamp({ iso, empty = '—', utc = true }: { iso: string | null; empty?: string; utc?: boolean }) {
  if (!iso) return <span className="muted">{empty}</span>;
  return <LocalTime iso={iso} zoneName={utc} utcText={`${FORMAT.format(new Date(iso)).replace(',', '')} UTC`} />;
}

/** A date (no time) in the viewer's locale; "23 Nov 2026" (UTC) until the browser re-renders it. */
export function LocalDate({ iso }: { iso: string }) {
  return <LocalTime iso={iso} dateOnly utcText={DATE_FORMAT.format(new Date(iso))} />;
}
