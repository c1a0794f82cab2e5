import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewAnalytics } from '../../src/server/services/analytics';
import { pruneVisitorData } from '../../src/server/services/page-view-visitors';
import { rebuildPageViewRollups } from '../../src/server/services/page-view-rollups';
import { recordPageView } from '../../src/server/services/page-views';
import { skipReason, utcDay, type PageViewTarget } from '../../src/server/services/page-view-rules';
import { startTestApp, type TestApp } from '../support/app';
import { CLIENT_ADDRESS_HEADER } from '../../src/server/lib/client-address';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const OTHER_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const DAY = 86_400_000;

function visit(ip: string, userAgent = BROWSER, extra: Record<string, string> = {}) {
  // The address the node layer resolved for this request (src/server/lib/client-address.ts).
  return new Headers({ [CLIENT_ADDRESS_HEADER]: ip, 'user-agent': userAgent, ...extra });
}

describe('page views: what counts, unique visitors, rollups', () => {
  let t: TestApp;
  let agencyId: string;
  let kits: PageViewTarget[];
  let roster: PageViewTarget;

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency()).id;
    const key = await t.key({ type: 'agency', id: agencyId }, ['roster:write']);
    kits = [];
    for (const name of ['Kit One', 'Kit Two']) {
      const response = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: name } });
      kits.push({ type: 'media_kit', id: (await response.json()).data.media_kit.id, owner: { type: 'agency', id: agencyId } });
    }
    roster = { type: 'roster', id: agencyId, owner: { type: 'agency', id: agencyId } };
  });
  afterAll(() => t.close());

  const rawViews = (resourceId: string) => t.db.pageView.findMany({ where: { resourceId }, orderBy: { id: 'asc' } });
  const totals = async (resourceId?: string, timeframe: 'all' | 'today' = 'all') =>
    (await viewAnalytics(t.db, { type: 'agency', id: agencyId }, { resourceType: 'media_kit', resourceId, timeframe, timezone: 'UTC' })).totals;

  it('skips prefetches, crawlers, link unfurlers, headless browsers and HTTP libraries, and writes nothing for them', async () => {
    const skipped: [Record<string, string>, string][] = [
      [{ 'user-agent': BROWSER, purpose: 'prefetch' }, 'prefetch'],
      [{ 'user-agent': BROWSER, 'sec-purpose': 'prefetch;prerender' }, 'prefetch'],
      [{ 'user-agent': BROWSER, 'next-router-prefetch': '1' }, 'prefetch'],
      [{ 'user-agent': BROWSER, 'x-purpose': 'preview' }, 'prefetch'],
      [{ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, 'bot'],
      [{ 'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0)' }, 'bot'],
      [{ 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' }, 'bot'],
      [{ 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' }, 'bot'],
      [{ 'user-agent': 'WhatsApp/2.23.20.0' }, 'bot'],
      [{ 'user-agent': 'Twitterbot/1.0' }, 'bot'],
      [{ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36' }, 'bot'],
      [{ 'user-agent': 'curl/8.5.0' }, 'bot'],
      [{ 'user-agent': 'python-requests/2.32.3' }, 'bot'],
      [{}, 'bot'],
    ];
    for (const [headers, reason] of skipped) {
      expect(await recordPageView(t.db, kits[0]!, new Headers({ 'x-forwarded-for': '203.0.113.9', ...headers })), JSON.stringify(headers)).toEqual({
        recorded: false,
        skipped: reason,
      });
    }
    expect(await rawViews(kits[0]!.id)).toEqual([]);
    expect(await t.db.pageViewRollup.count({ where: { scopeId: { in: [kits[0]!.id, agencyId] } } })).toBe(0);
    expect(skipReason(visit('203.0.113.9'))).toBeNull();
    expect(skipReason(visit('203.0.113.9', OTHER_BROWSER))).toBeNull();
  });

  it('counts every render and one unique visitor per IP and user agent per UTC day, without storing the IP', async () => {
    const now = Date.now();
    const kit = kits[1]!;
    const before = await totals(kit.id);
    expect(await recordPageView(t.db, kit, visit('198.51.100.7'), now - 2000)).toEqual({ recorded: true });
    await recordPageView(t.db, kit, visit('198.51.100.7'), now - 1000); // same person again
    await recordPageView(t.db, kit, visit('198.51.100.7', OTHER_BROWSER), now - 1000); // another browser
    await recordPageView(t.db, kit, visit('198.51.100.8'), now - 1000); // another address
    expect(await totals(kit.id)).toEqual({ page_views: before.page_views + 4, unique_visitors: before.unique_visitors + 3 });

    const rows = await rawViews(kit.id);
    const hashes = rows.slice(-4).map((row) => row.visitorHash);
    expect(hashes[0]).toBe(hashes[1]);
    expect(new Set(hashes).size).toBe(3);
    expect(hashes[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // No address or user agent anywhere in the stored views or visitor rows.
    const stored = JSON.stringify({ rows, visitors: await t.db.pageViewVisitor.findMany() }, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    expect(stored).not.toContain('198.51.100');
    expect(stored).not.toContain('Safari');
  });

  it('gives the same person a new visitor id on the next UTC day and on another owner’s pages', async () => {
    const now = Date.now();
    const other = await t.agency();
    const otherRoster: PageViewTarget = { type: 'roster', id: other.id, owner: { type: 'agency', id: other.id } };
    await recordPageView(t.db, roster, visit('192.0.2.44'), now - DAY);
    await recordPageView(t.db, roster, visit('192.0.2.44'), now);
    await recordPageView(t.db, otherRoster, visit('192.0.2.44'), now);
    const [yesterday, today] = await rawViews(roster.id);
    const [elsewhere] = await rawViews(other.id);
    expect(utcDay(yesterday!.occurredAt.getTime())).not.toBe(utcDay(today!.occurredAt.getTime()));
    expect(new Set([yesterday!.visitorHash, today!.visitorHash, elsewhere!.visitorHash]).size).toBe(3);
    const all = await viewAnalytics(t.db, { type: 'agency', id: agencyId }, { resourceType: 'roster', timeframe: 'all', timezone: 'UTC' });
    expect(all.totals).toEqual({ page_views: 2, unique_visitors: 2 });
  });

  it('aggregates an owner’s kits with one visitor per person and day across them', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id }, ['roster:write']);
    const targets: PageViewTarget[] = [];
    for (const name of ['A', 'B', 'C']) {
      const response = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: name } });
      targets.push({ type: 'media_kit', id: (await response.json()).data.media_kit.id, owner: { type: 'agency', id: agency.id } });
    }
    await recordPageView(t.db, targets[0]!, visit('203.0.113.50'));
    await recordPageView(t.db, targets[1]!, visit('203.0.113.50'));
    await recordPageView(t.db, targets[1]!, visit('203.0.113.51'));
    const read = (resourceId?: string) =>
      viewAnalytics(t.db, { type: 'agency', id: agency.id }, { resourceType: 'media_kit', resourceId, timeframe: 'today', timezone: 'UTC' });
    const aggregate = await read();
    expect(aggregate).toMatchObject({ resource_scope: 'aggregate', resource_count: 3, resource_ids: targets.map((k) => k.id) });
    expect(aggregate.totals).toEqual({ page_views: 3, unique_visitors: 2 });
    expect((await read(targets[1]!.id)).totals).toEqual({ page_views: 2, unique_visitors: 2 });
    expect((await read(targets[2]!.id)).totals).toEqual({ page_views: 0, unique_visitors: 0 });
  });

  it('stays exact under concurrent views of one visitor (the unique key settles the race)', async () => {
    const agency = await t.agency();
    const target: PageViewTarget = { type: 'roster', id: agency.id, owner: { type: 'agency', id: agency.id } };
    const now = Date.now();
    await Promise.all(Array.from({ length: 20 }, (_, i) => recordPageView(t.db, target, visit('198.51.100.99'), now - i * 1000)));
    const result = await viewAnalytics(t.db, { type: 'agency', id: agency.id }, { resourceType: 'roster', timeframe: 'all', timezone: 'UTC' });
    expect(result.totals).toEqual({ page_views: 20, unique_visitors: 1 });
    expect(await t.db.pageViewVisitor.count({ where: { scopeId: agency.id } })).toBe(1);
  });

  it('rebuilding from the raw views reproduces the rollups kept as views arrived', async () => {
    const now = Date.now();
    for (let i = 0; i < 30; i += 1) {
      await recordPageView(t.db, kits[i % 2]!, visit(`203.0.113.${i % 7}`, i % 3 ? BROWSER : OTHER_BROWSER), now - (i % 5) * DAY - i * 600_000);
    }
    const snapshot = async () => {
      const where = { scopeId: { in: [...kits.map((k) => k.id), agencyId] } };
      const order = [{ scope: 'asc' as const }, { scopeId: 'asc' as const }, { day: 'asc' as const }];
      return {
        rollups: await t.db.pageViewRollup.findMany({ where, orderBy: order }),
        visitors: await t.db.pageViewVisitor.findMany({ where, orderBy: [...order, { visitorHash: 'asc' as const }] }),
      };
    };
    const kept = await snapshot();
    expect(kept.rollups.length).toBeGreaterThan(5);
    await rebuildPageViewRollups(t.db, { owner: { type: 'agency', id: agencyId } });
    expect(await snapshot()).toEqual(kept);
  });

  it('forgets salts before yesterday, so past visitor ids cannot be recomputed', async () => {
    const now = Date.now();
    const old = `visitor_salt:${utcDay(now - 9 * DAY)}`;
    await t.db.setting.upsert({ where: { key: old }, create: { key: old, value: 'old' }, update: {} });
    await recordPageView(t.db, roster, visit('192.0.2.1'), now - DAY);
    await pruneVisitorData(t.db, now);
    const salts = await t.db.setting.findMany({ where: { key: { startsWith: 'visitor_salt:' } }, orderBy: { key: 'asc' } });
    expect(salts.map((s) => s.key)).toEqual([`visitor_salt:${utcDay(now - DAY)}`, `visitor_salt:${utcDay(now)}`]);
    expect(salts.every((s) => s.value.length >= 43)).toBe(true);
  });
});
