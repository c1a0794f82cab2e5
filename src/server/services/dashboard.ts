import type { Db } from '../db/database';
import { ownedBy, type Owner } from '../domain/owner';
import { ANALYTICS_RESOURCE_TYPES, viewAnalytics } from './analytics';
import type { ViewResourceType } from './page-view-rules';

/**
 * The dashboard home (/dashboard): what the signed-in agency or creator has, what changed lately and
 * how many people looked, read in one go for the session's subject only. Agency: roster, decks,
 * campaigns, media kits; creator: the link-in-bio page, media kits, campaigns. Views are the page
 * views of every public page of the subject over the last 7 days (GET /analytics/views per resource
 * type, added up), by day in `timezone`.
 */

export const RECENT_ITEMS = 6;

export type RecentKind = 'media_kit' | 'deck' | 'campaign' | 'link_in_bio';

export interface RecentItem {
  kind: RecentKind;
  id: string;
  label: string;
  updatedAt: Date;
}

export interface DashboardViews {
  /** Σ over the subject's public pages, last 7 days. */
  pageViews: number;
  /** One entry per day (7), oldest first: the day's start (ISO with offset) and its page views. */
  days: { start: string; pageViews: number }[];
  /** Page views per kind of page over the same 7 days. */
  byType: { type: ViewResourceType; pageViews: number }[];
  timezone: string;
}

export interface DashboardSummary {
  counts: {
    mediaKits: number;
    publicMediaKits: number;
    campaigns: number;
    activeCampaigns: number;
    /** Agencies only (0 for creators). */
    decks: number;
    rosterCreators: number;
  };
  /** Creators only: their link-in-bio page, when made. */
  linkInBio: { id: string; username: string; slug: string; blocks: number } | null;
  recent: RecentItem[];
  views: DashboardViews;
}

async function lastWeekViews(db: Db, owner: Owner, timezone: string, now: number): Promise<DashboardViews> {
  const types = ANALYTICS_RESOURCE_TYPES[owner.type];
  const results = await Promise.all(types.map((resourceType) => viewAnalytics(db, owner, { resourceType, timeframe: 'last7d', timezone }, now)));
  const first = results[0];
  const days = (first?.series ?? []).map((bucket, i) => ({ start: bucket.start, pageViews: results.reduce((sum, r) => sum + (r.series[i]?.page_views ?? 0), 0) }));
  return {
    pageViews: results.reduce((sum, r) => sum + r.totals.page_views, 0),
    days,
    byType: results.map((r) => ({ type: r.resource_type, pageViews: r.totals.page_views })),
    timezone,
  };
}

export async function dashboardSummary(db: Db, owner: Owner, options: { timezone?: string; now?: number } = {}): Promise<DashboardSummary> {
  const timezone = options.timezone ?? 'UTC';
  const now = options.now ?? Date.now();
  const mine = ownedBy(owner);
  const agency = owner.type === 'agency';
  const recentSelect = { orderBy: { updatedAt: 'desc' }, take: RECENT_ITEMS } as const;
  const [mediaKits, publicMediaKits, campaigns, activeCampaigns, decks, rosterCreators, linkInBio, recentKits, recentCampaigns, recentDecks, views] = await Promise.all([
    db.mediaKit.count({ where: mine }),
    db.mediaKit.count({ where: { ...mine, visibility: 'link' } }),
    db.campaign.count({ where: mine }),
    db.campaign.count({ where: { ...mine, status: 'active' } }),
    agency ? db.deck.count({ where: { agencyId: owner.id } }) : Promise.resolve(0),
    agency ? db.rosterMembership.count({ where: { agencyId: owner.id } }) : Promise.resolve(0),
    agency
      ? Promise.resolve(null)
      : db.linkInBioPage.findUnique({ where: { creatorId: owner.id }, select: { id: true, username: true, slug: true, updatedAt: true, _count: { select: { blocks: true } } } }),
    db.mediaKit.findMany({ where: mine, select: { id: true, name: true, updatedAt: true }, ...recentSelect }),
    db.campaign.findMany({ where: mine, select: { id: true, name: true, updatedAt: true }, ...recentSelect }),
    agency ? db.deck.findMany({ where: { agencyId: owner.id }, select: { id: true, title: true, updatedAt: true }, ...recentSelect }) : Promise.resolve([]),
    lastWeekViews(db, owner, timezone, now),
  ]);
  const recent: RecentItem[] = [
    ...recentKits.map((k) => ({ kind: 'media_kit' as const, id: k.id, label: k.name, updatedAt: k.updatedAt })),
    ...recentCampaigns.map((c) => ({ kind: 'campaign' as const, id: c.id, label: c.name, updatedAt: c.updatedAt })),
    ...recentDecks.map((d) => ({ kind: 'deck' as const, id: d.id, label: d.title, updatedAt: d.updatedAt })),
    ...(linkInBio ? [{ kind: 'link_in_bio' as const, id: linkInBio.id, label: `@${linkInBio.username}`, updatedAt: linkInBio.updatedAt }] : []),
  ]
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1))
    .slice(0, RECENT_ITEMS);
  return {
    counts: { mediaKits, publicMediaKits, campaigns, activeCampaigns, decks, rosterCreators },
    linkInBio: linkInBio ? { id: linkInBio.id, username: linkInBio.username, slug: linkInBio.slug, blocks: linkInBio._count.blocks } : null,
    recent,
    views,
  };
}
