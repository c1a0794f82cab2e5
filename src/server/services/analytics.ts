import type { Db } from '../db/database';
import type { SubjectType } from '../auth/scopes';
import { ApiError, notFound } from '../domain/errors';
import type { Owner } from '../domain/owner';
import { formatInZone } from '../lib/zoned-time';
import { OWNER_AGGREGATED_TYPES, type ViewResourceType } from './page-view-rules';
import { GRANULARITY, planTimeframe, type Granularity, type Timeframe, type Window } from './analytics-timeframes';
import { countAll, countWindows, type Counts } from './analytics-counts';

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

export const RESOURCE_SCOPES = ['single', 'aggregate'] as const;

/** Which resource types each subject type may read analytics for (the contract's rule). */
export const ANALYTICS_RESOURCE_TYPES: Record<SubjectType, readonly ViewResourceType[]> = {
  creator: ['media_kit', 'link_in_bio', 'campaign'],
  agency: ['media_kit', 'roster', 'deck', 'campaign'],
};

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

/** At most this many ids are listed in `resource_ids` (oldest first); `resource_count` stays exact. */
export const MAX_LISTED_RESOURCE_IDS = 100;

/** The viewer's resources of a type: the first MAX_LISTED_RESOURCE_IDS ids (oldest first) and the exact count. */
async function visibleResources(db: Db, viewer: Owner, type: ViewResourceType, onlyId?: string): Promise<{ ids: string[]; count: number }> {
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

export async function viewAnalytics(db: Db, viewer: Owner, query: ViewAnalyticsQuery, now: number = Date.now()): Promise<ViewAnalytics> {
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
