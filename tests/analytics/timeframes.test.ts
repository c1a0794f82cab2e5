import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewAnalytics, type ViewAnalytics } from '../../src/server/services/analytics';
import { type Timeframe } from '../../src/server/services/analytics-timeframes';
import { insertPageView } from '../../src/server/services/page-views';
import { type PageViewTarget } from '../../src/server/services/page-view-rules';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Every timeframe against hand-computed expectations, in zones with DST changes and non-hour offsets.
 * Views are inserted with explicit visitor ids (the daily hash is tested in page-views.test.ts); the
 * same id on two UTC days stands for two different daily ids, as real hashes would be.
 */
describe('GET /analytics/views timeframes (service, fixed clock)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A fresh agency whose roster page got `views` ([UTC instant, visitor id]). */
  async function rosterWithViews(views: [string, string][]) {
    const { id } = await t.agency();
    const target: PageViewTarget = { type: 'roster', id, owner: { type: 'agency', id } };
    for (const [at, visitor] of views) await insertPageView(t.db, target, visitor, Date.parse(at));
    return (timeframe: Timeframe, timezone: string, now: string) =>
      viewAnalytics(t.db, { type: 'agency', id }, { resourceType: 'roster', resourceId: id, timeframe, timezone }, Date.parse(now));
  }

  /** Buckets with views, as [index, start, page_views, unique_visitors]. */
  const busy = (result: ViewAnalytics) =>
    result.series.flatMap((b, i) => (b.page_views > 0 || b.unique_visitors > 0 ? [[i, b.start, b.page_views, b.unique_visitors]] : []));

  function expectTiled(result: ViewAnalytics) {
    expect(result.series[0]!.start).toBe(result.period.start);
    expect(result.series.at(-1)!.end).toBe(result.period.end);
    result.series.slice(1).forEach((b, i) => expect(Date.parse(b.start)).toBe(Date.parse(result.series[i]!.end)));
    expect(result.series.reduce((sum, b) => sum + b.page_views, 0)).toBe(result.totals.page_views);
  }

  it('America/New_York, spring forward (8 March 2026): today’s hour buckets skip the missing 02:00', async () => {
    const query = await rosterWithViews([
      ['2026-03-08T04:59:00Z', 'a'], // 23:59 EST on 7 March: not today
      ['2026-03-08T05:10:00Z', 'a'], // 00:10 EST
      ['2026-03-08T06:59:00Z', 'b'], // 01:59 EST
      ['2026-03-08T07:00:00Z', 'b'], // 03:00 EDT: the clock jumped from 02:00
      ['2026-03-08T07:14:00Z', 'a'],
      ['2026-03-08T18:20:00Z', 'c'], // 14:20 EDT, the current hour
    ]);
    const today = await query('today', 'America/New_York', '2026-03-08T18:30:00Z');
    expect(today).toMatchObject({
      timeframe: 'today',
      timezone: 'America/New_York',
      granularity: 'hour',
      period: { start: '2026-03-08T00:00:00.000-05:00', end: '2026-03-08T14:30:00.000-04:00' },
      totals: { page_views: 5, unique_visitors: 3 },
    });
    expect(today.series).toHaveLength(14);
    expect(today.series.slice(0, 4).map((b) => [b.start, b.end])).toEqual([
      ['2026-03-08T00:00:00.000-05:00', '2026-03-08T01:00:00.000-05:00'],
      ['2026-03-08T01:00:00.000-05:00', '2026-03-08T03:00:00.000-04:00'],
      ['2026-03-08T03:00:00.000-04:00', '2026-03-08T04:00:00.000-04:00'],
      ['2026-03-08T04:00:00.000-04:00', '2026-03-08T05:00:00.000-04:00'],
    ]);
    expect(busy(today)).toEqual([
      [0, '2026-03-08T00:00:00.000-05:00', 1, 1],
      [1, '2026-03-08T01:00:00.000-05:00', 1, 1],
      [2, '2026-03-08T03:00:00.000-04:00', 2, 2],
      [13, '2026-03-08T14:00:00.000-04:00', 1, 1],
    ]);
    expectTiled(today);
  });

  it('America/New_York: yesterday (a 23-hour day), ytd across the jump, and all', async () => {
    const query = await rosterWithViews([
      ['2026-01-01T04:59:00Z', 'y2'], // 31 Dec 2025 local
      ['2026-01-01T05:00:00Z', 'y'], // 1 Jan 00:00 EST
      ['2026-03-08T05:10:00Z', 'a'],
      ['2026-03-08T06:59:00Z', 'b'],
      ['2026-03-08T07:00:00Z', 'b'],
      ['2026-03-08T07:14:00Z', 'a'],
      ['2026-03-08T18:20:00Z', 'c'],
      ['2026-03-09T03:30:00Z', 'd'], // 23:30 EDT on 8 March
      ['2026-03-09T04:00:00Z', 'd'], // 00:00 EDT on 9 March
    ]);
    const now = '2026-03-09T15:00:00Z';
    const yesterday = await query('yesterday', 'America/New_York', now);
    expect(yesterday.series).toHaveLength(23);
    expect(yesterday.period).toEqual({ start: '2026-03-08T00:00:00.000-05:00', end: '2026-03-09T00:00:00.000-04:00' });
    expect(yesterday.totals).toEqual({ page_views: 6, unique_visitors: 4 });
    expect(busy(yesterday)).toEqual([
      [0, '2026-03-08T00:00:00.000-05:00', 1, 1],
      [1, '2026-03-08T01:00:00.000-05:00', 1, 1],
      [2, '2026-03-08T03:00:00.000-04:00', 2, 2],
      [13, '2026-03-08T14:00:00.000-04:00', 1, 1],
      [22, '2026-03-08T23:00:00.000-04:00', 1, 1],
    ]);
    expectTiled(yesterday);

    const ytd = await query('ytd', 'America/New_York', now);
    expect(ytd.granularity).toBe('day');
    expect(ytd.series).toHaveLength(31 + 28 + 9);
    expect(ytd.period).toEqual({ start: '2026-01-01T00:00:00.000-05:00', end: '2026-03-09T11:00:00.000-04:00' });
    expect(ytd.series[66]).toEqual({ start: '2026-03-08T00:00:00.000-05:00', end: '2026-03-09T00:00:00.000-04:00', page_views: 6, unique_visitors: 4 });
    expect(busy(ytd)).toEqual([
      [0, '2026-01-01T00:00:00.000-05:00', 1, 1],
      [66, '2026-03-08T00:00:00.000-05:00', 6, 4],
      [67, '2026-03-09T00:00:00.000-04:00', 1, 1],
    ]);
    // y2 viewed before 1 January local; d is one visitor for its UTC day.
    expect(ytd.totals).toEqual({ page_views: 8, unique_visitors: 5 });
    expectTiled(ytd);

    const all = await query('all', 'America/New_York', now);
    expect(all).toMatchObject({
      granularity: 'month',
      period: { start: null, end: '2026-03-09T11:00:00.000-04:00' },
      series: [],
      totals: { page_views: 9, unique_visitors: 6 },
    });
  });

  it('America/New_York, fall back (1 November 2026): yesterday has 25 hour buckets, 01:00 twice; wtd starts on Monday; last7d', async () => {
    const query = await rosterWithViews([
      ['2026-11-01T03:59:00Z', 'x'], // 23:59 EDT on 31 October
      ['2026-11-01T05:30:00Z', 'a'], // 01:30 EDT
      ['2026-11-01T06:30:00Z', 'a'], // 01:30 EST, the second time
      ['2026-11-01T06:45:00Z', 'b'],
      ['2026-11-02T04:59:00Z', 'c'], // 23:59 EST on 1 November
      ['2026-11-02T05:00:00Z', 'c'], // 00:00 EST on Monday 2 November
    ]);
    const now = '2026-11-02T12:00:00Z';
    const yesterday = await query('yesterday', 'America/New_York', now);
    expect(yesterday.series).toHaveLength(25);
    expect(yesterday.series.slice(0, 4).map((b) => b.start)).toEqual([
      '2026-11-01T00:00:00.000-04:00',
      '2026-11-01T01:00:00.000-04:00',
      '2026-11-01T01:00:00.000-05:00',
      '2026-11-01T02:00:00.000-05:00',
    ]);
    expect(busy(yesterday)).toEqual([
      [1, '2026-11-01T01:00:00.000-04:00', 1, 1],
      [2, '2026-11-01T01:00:00.000-05:00', 2, 2],
      [24, '2026-11-01T23:00:00.000-05:00', 1, 1],
    ]);
    expect(yesterday.totals).toEqual({ page_views: 4, unique_visitors: 3 });
    expectTiled(yesterday);

    const wtd = await query('wtd', 'America/New_York', now);
    expect(wtd.series).toEqual([{ start: '2026-11-02T00:00:00.000-05:00', end: '2026-11-02T07:00:00.000-05:00', page_views: 1, unique_visitors: 1 }]);
    expect(wtd.totals).toEqual({ page_views: 1, unique_visitors: 1 });

    const week = await query('last7d', 'America/New_York', now);
    expect(week.series.map((b) => b.start)).toEqual([
      '2026-10-27T00:00:00.000-04:00',
      '2026-10-28T00:00:00.000-04:00',
      '2026-10-29T00:00:00.000-04:00',
      '2026-10-30T00:00:00.000-04:00',
      '2026-10-31T00:00:00.000-04:00',
      '2026-11-01T00:00:00.000-04:00',
      '2026-11-02T00:00:00.000-05:00',
    ]);
    expect(busy(week)).toEqual([
      [4, '2026-10-31T00:00:00.000-04:00', 1, 1],
      [5, '2026-11-01T00:00:00.000-04:00', 4, 3],
      [6, '2026-11-02T00:00:00.000-05:00', 1, 1],
    ]);
    // c is one visitor on UTC 2 November across two local days: buckets add to 5, the week has 4.
    expect(week.totals).toEqual({ page_views: 6, unique_visitors: 4 });
    expectTiled(week);
  });

  it('Asia/Kolkata (+05:30): today’s hour buckets start at :30 UTC; a visitor across UTC midnight is two daily visitors', async () => {
    const query = await rosterWithViews([
      ['2026-06-14T18:29:00Z', 'e'], // 23:59 IST on 14 June
      ['2026-06-14T18:29:00Z', 'a'],
      ['2026-06-14T18:30:00Z', 'a'], // 00:00 IST on 15 June
      ['2026-06-14T19:29:00Z', 'b'],
      ['2026-06-14T19:30:00Z', 'b'],
      ['2026-06-14T23:40:00Z', 'c'], // 05:10 IST
      ['2026-06-15T00:10:00Z', 'c'], // 05:40 IST, the next UTC day
      ['2026-06-15T11:59:00Z', 'd'], // 17:29 IST
    ]);
    const today = await query('today', 'Asia/Kolkata', '2026-06-15T12:00:00Z');
    expect(today.period).toEqual({ start: '2026-06-15T00:00:00.000+05:30', end: '2026-06-15T17:30:00.000+05:30' });
    expect(today.series).toHaveLength(18);
    expect(busy(today)).toEqual([
      [0, '2026-06-15T00:00:00.000+05:30', 2, 2],
      [1, '2026-06-15T01:00:00.000+05:30', 1, 1],
      [5, '2026-06-15T05:00:00.000+05:30', 2, 2],
      [17, '2026-06-15T17:00:00.000+05:30', 1, 1],
    ]);
    // UTC 14 June from 18:30: a, b, c; UTC 15 June: c, d. e only viewed before local midnight.
    expect(today.totals).toEqual({ page_views: 6, unique_visitors: 5 });
    expectTiled(today);
  });

  it('Asia/Kathmandu (+05:45): mtd day buckets start at 18:15 UTC', async () => {
    const query = await rosterWithViews([
      ['2026-05-31T18:14:00Z', 'z'], // 23:59 NPT on 31 May
      ['2026-05-31T18:15:00Z', 'a'], // 00:00 NPT on 1 June
      ['2026-06-01T01:00:00Z', 'b'],
      ['2026-06-01T10:00:00Z', 'a'],
      ['2026-06-01T17:00:00Z', 'b'],
      ['2026-06-01T18:20:00Z', 'b'], // 00:05 NPT on 2 June
      ['2026-06-02T11:00:00Z', 'c'],
    ]);
    const mtd = await query('mtd', 'Asia/Kathmandu', '2026-06-02T12:00:00Z');
    expect(mtd.series).toEqual([
      { start: '2026-06-01T00:00:00.000+05:45', end: '2026-06-02T00:00:00.000+05:45', page_views: 4, unique_visitors: 3 },
      { start: '2026-06-02T00:00:00.000+05:45', end: '2026-06-02T17:45:00.000+05:45', page_views: 2, unique_visitors: 2 },
    ]);
    // a on UTC 31 May, a and b on UTC 1 June, c on UTC 2 June.
    expect(mtd.totals).toEqual({ page_views: 6, unique_visitors: 4 });

    const last24h = await query('last24h', 'Asia/Kathmandu', '2026-06-02T12:20:00Z');
    expect(last24h.series).toHaveLength(24);
    expect(last24h.period).toEqual({ start: '2026-06-01T19:00:00.000+05:45', end: '2026-06-02T18:05:00.000+05:45' });
    expect(last24h.series.at(-1)).toEqual({ start: '2026-06-02T18:00:00.000+05:45', end: '2026-06-02T18:05:00.000+05:45', page_views: 0, unique_visitors: 0 });
    expect(busy(last24h)).toEqual([
      [3, '2026-06-01T22:00:00.000+05:45', 1, 1],
      [5, '2026-06-02T00:00:00.000+05:45', 1, 1],
      [21, '2026-06-02T16:00:00.000+05:45', 1, 1],
    ]);
    // b twice on UTC 1 June (one daily visitor), c on UTC 2 June.
    expect(last24h.totals).toEqual({ page_views: 3, unique_visitors: 2 });
    expectTiled(last24h);
  });

  it('Pacific/Chatham (+13:45 → +12:45 on 5 April 2026): yesterday has 25 buckets, 03:00 twice', async () => {
    const query = await rosterWithViews([
      ['2026-04-04T10:14:00Z', 'd'], // 23:59 CHADT on 4 April
      ['2026-04-04T10:15:00Z', 'a'], // 00:00 CHADT on 5 April
      ['2026-04-04T13:20:00Z', 'a'], // 03:05 CHADT
      ['2026-04-04T14:10:00Z', 'b'], // 02:55 CHAST: clocks went back at 03:45
      ['2026-04-04T14:15:00Z', 'b'], // 03:00 CHAST
      ['2026-04-05T11:14:00Z', 'c'], // 23:59 CHAST
      ['2026-04-05T11:15:00Z', 'c'], // 00:00 on 6 April
    ]);
    const yesterday = await query('yesterday', 'Pacific/Chatham', '2026-04-06T00:00:00Z');
    expect(yesterday.series).toHaveLength(25);
    expect(yesterday.period).toEqual({ start: '2026-04-05T00:00:00.000+13:45', end: '2026-04-06T00:00:00.000+12:45' });
    expect(yesterday.series.slice(2, 6).map((b) => b.start)).toEqual([
      '2026-04-05T02:00:00.000+13:45',
      '2026-04-05T03:00:00.000+13:45',
      '2026-04-05T03:00:00.000+12:45',
      '2026-04-05T04:00:00.000+12:45',
    ]);
    expect(busy(yesterday)).toEqual([
      [0, '2026-04-05T00:00:00.000+13:45', 1, 1],
      [3, '2026-04-05T03:00:00.000+13:45', 2, 2],
      [4, '2026-04-05T03:00:00.000+12:45', 1, 1],
      [24, '2026-04-05T23:00:00.000+12:45', 1, 1],
    ]);
    expect(yesterday.totals).toEqual({ page_views: 5, unique_visitors: 3 });
    expectTiled(yesterday);

    const wtd = await query('wtd', 'Pacific/Chatham', '2026-04-06T00:00:00Z');
    // Monday 6 April local: the week started at its midnight.
    expect(wtd.series).toEqual([{ start: '2026-04-06T00:00:00.000+12:45', end: '2026-04-06T12:45:00.000+12:45', page_views: 1, unique_visitors: 1 }]);
  });

  it('UTC: last24h is the current hour and the 23 before; timestamps end in Z', async () => {
    const query = await rosterWithViews([
      ['2026-06-14T12:59:00Z', 'a'],
      ['2026-06-14T13:00:00Z', 'a'],
      ['2026-06-15T12:10:00Z', 'b'],
    ]);
    const last24h = await query('last24h', 'UTC', '2026-06-15T12:20:00Z');
    expect(last24h.period).toEqual({ start: '2026-06-14T13:00:00.000Z', end: '2026-06-15T12:20:00.000Z' });
    expect(last24h.series).toHaveLength(24);
    expect(busy(last24h)).toEqual([
      [0, '2026-06-14T13:00:00.000Z', 1, 1],
      [23, '2026-06-15T12:00:00.000Z', 1, 1],
    ]);
    expect(last24h.totals).toEqual({ page_views: 2, unique_visitors: 2 });
    const today = await query('today', 'UTC', '2026-06-15T12:20:00Z');
    expect(today.totals).toEqual({ page_views: 1, unique_visitors: 1 });
    expect(today.series).toHaveLength(13);
  });
});

/**
 * The same rules checked against a brute-force count of the raw views, for single resources and the
 * owner aggregate, in zones with every kind of offset, at instants around DST changes.
 */
describe('GET /analytics/views agrees with a brute-force count of the raw views', () => {
  let t: TestApp;
  const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'Australia/Lord_Howe', 'America/Santiago', 'Pacific/Kiritimati'];
  const TIMEFRAMES: Timeframe[] = ['last24h', 'today', 'yesterday', 'last7d', 'wtd', 'mtd', 'ytd'];

  // Three agencies with three media kits each, made up front (idle keep-alive sockets get reset mid-test).
  const owners: { agencyId: string; kits: string[] }[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    for (let n = 0; n < 3; n += 1) {
      const agency = await t.agency();
      const key = await t.key({ type: 'agency', id: agency.id }, ['roster:write']);
      const kits: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: `Oracle ${i}` } });
        kits.push((await response.json()).data.media_kit.id);
      }
      owners.push({ agencyId: agency.id, kits });
    }
  });
  afterAll(() => t.close());

  // A small deterministic generator (mulberry32), so failures reproduce.
  function random(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }

  it.each([
    ['New York spring forward', '2026-03-08T12:00:00Z', 1],
    ['Chatham, Lord Howe and Santiago autumn', '2026-04-05T06:00:00Z', 2],
    ['New York fall back', '2026-11-01T12:00:00Z', 3],
  ])('%s', async (_name, pivot, seed) => {
    const next = random(seed);
    const { agencyId, kits } = owners[seed - 1]!;
    const agency = { id: agencyId };
    // 240 views over the 9 days before the pivot, denser in its last day; 12 visitors.
    const end = Date.parse(pivot);
    const views: { kit: string; visitor: string; at: number }[] = [];
    for (let i = 0; i < 240; i += 1) {
      const ago = i % 3 === 0 ? next() * 86_400_000 : next() * 9 * 86_400_000;
      views.push({ kit: kits[Math.floor(next() * 3)]!, visitor: `v${Math.floor(next() * 12)}`, at: Math.floor((end - ago) / 60_000) * 60_000 });
    }
    for (const v of views) {
      await insertPageView(t.db, { type: 'media_kit', id: v.kit, owner: { type: 'agency', id: agency.id } }, v.visitor, v.at);
    }
    const count = (from: number, to: number, kit?: string) => {
      const inside = views.filter((v) => v.at >= from && v.at < to && (kit === undefined || v.kit === kit));
      return { page_views: inside.length, unique_visitors: new Set(inside.map((v) => `${new Date(v.at).toISOString().slice(0, 10)}|${v.visitor}`)).size };
    };

    for (const zone of ZONES) {
      for (const offsetHours of [0, 29]) {
        const now = end + offsetHours * 3_600_000;
        for (const timeframe of TIMEFRAMES) {
          for (const kit of [undefined, kits[0]]) {
            const result = await viewAnalytics(t.db, { type: 'agency', id: agency.id }, { resourceType: 'media_kit', resourceId: kit, timeframe, timezone: zone }, now);
            const label = `${zone} ${timeframe} now=${new Date(now).toISOString()} ${kit ?? 'aggregate'}`;
            expect(result.resource_count, label).toBe(kit ? 1 : 3);
            expect(result.series[0]!.start, label).toBe(result.period.start);
            // A running timeframe includes a view at exactly now.
            const closing = timeframe === 'yesterday' ? 0 : 1;
            for (const bucket of result.series) {
              expect({ page_views: bucket.page_views, unique_visitors: bucket.unique_visitors }, `${label} ${bucket.start}`).toEqual(
                count(Date.parse(bucket.start), Date.parse(bucket.end) + (bucket.end === result.period.end ? closing : 0), kit),
              );
            }
            expect(result.totals, label).toEqual(count(Date.parse(result.period.start!), Date.parse(result.period.end) + closing, kit));
          }
        }
        const all = await viewAnalytics(t.db, { type: 'agency', id: agency.id }, { resourceType: 'media_kit', timeframe: 'all', timezone: zone }, now);
        expect(all.totals).toEqual(count(0, now + 1));
      }
    }
  }, 120_000);
});
