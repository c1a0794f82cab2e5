/**
 * The site's one date style, in UTC: "23 Nov 2026" for dates, "23 Nov 2026 14:05" for times (the
 * settings pages, editors and share pages all use these two).
 */
const FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDate(date: Date | string): string {
  return DATE_FORMAT.format(new Date(date));
}

export function formatDateTime(date: Date | string): string {
  return `${FORMAT.format(new Date(date)).replace(',', '')} UTC`;
}

/**
 * A timestamp rendered on the server in UTC (stable between server and browser), machine-readable
 * too. `utc` adds the zone; tables say it once in their caption instead.
 */
export function Timestamp({ iso, empty = '—', utc = true }: { iso: string | null; empty?: string; utc?: boolean }) {
  if (!iso) return <span className="muted">{empty}</span>;
  return (
    <time dateTime={iso} title={iso}>
      {FORMAT.format(new Date(iso)).replace(',', '')}
      {utc ? ' UTC' : ''}
    </time>
  );
}
