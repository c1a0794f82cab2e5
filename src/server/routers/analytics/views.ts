import { fieldError } from '../../domain/errors';
import { normalizeTimeZone } from '../../lib/zoned-time';
import { viewAnalytics } from '../../services/analytics';
import { getViewAnalyticsContract } from './views.schema';
import { analyticsSection } from '../sections';

export const getViewAnalytics = analyticsSection.operation('GET /analytics/views', getViewAnalyticsContract, {
  summary: 'Page views and unique visitors of public pages',
  description: [
    'Counts renders of the public share pages (media kit `/m/…`, link in bio `/l/…`, agency roster `/roster/…`, deck `/d/…`, campaign report `/r/…`); prefetches and crawlers are not counted.',
    'Timeframes, in `timezone`: `last24h` = the current local hour and the 23 before it (hour buckets); `today`, `yesterday` = from local midnight (hour buckets: 23 or 25 on DST days); `last7d` = today and the 6 days before, `wtd` = since Monday (weeks start on Monday, ISO 8601), `mtd` = since the 1st, `ytd` = since 1 January (day buckets); `all` = totals only (`period.start` null, empty `series`, granularity `month`). Running timeframes end now.',
    'Each `series` bucket is `{ start, end, page_views, unique_visitors }`; timestamps carry the zone’s offset, so DST changes show; buckets tile the period (Σ page_views = totals.page_views).',
    'Unique visitors: a visitor id is a hash of a salt that changes every UTC day, the IP address and the user agent (no IP is stored), so a person counts once per UTC day; over longer buckets and periods unique_visitors adds up the distinct visitors of each UTC day in it.',
    'Without `resource_id` the result aggregates every resource of the type the key’s subject owns (`resource_scope` `aggregate`), and a visitor seen on two of them the same day counts once.',
  ].join('\n\n'),
  errorStatuses: [404],
}).query(async ({ ctx, input }) => {
  const timezone = normalizeTimeZone(input.timezone);
  if (!timezone) throw fieldError('query.timezone', `"${input.timezone}" is not an IANA time zone name (e.g. America/New_York, Asia/Kolkata, UTC).`, 'invalid_timezone');
  return {
    data: await viewAnalytics(ctx.app.db, ctx.owner, {
      resourceType: input.resource_type,
      resourceId: input.resource_id,
      timeframe: input.timeframe,
      timezone,
    }),
  };
});
