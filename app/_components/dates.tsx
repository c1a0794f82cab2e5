const FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

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
