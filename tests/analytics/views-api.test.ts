import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPageView } from '../../src/server/services/page-views';
import { type PageViewTarget } from '../../src/server/services/page-view-rules';
import { readProblem, startTestApp, type TestApp } from '../support/app';

const PROBLEMS = 'https://creator-api.dev/problems/';

describe('GET /analytics/views over HTTP', () => {
  let t: TestApp;
  let agencyId: string;
  let otherAgencyId: string;
  let creatorId: string;
  let kitIds: string[];
  let otherKitId: string;
  let deckId: string;
  let agencyCampaignId: string;
  let creatorCampaignId: string;
  let pageId: string;
  let otherPageId: string;
  let keys: Record<'agency' | 'other' | 'creator' | 'noScope' | 'otherCreator', string>;

  async function json(path: string, key: string, init: RequestInit & { json?: unknown } = {}) {
    const response = await t.request(path, { ...init, key });
    if (response.status >= 300) throw new Error(`${path} → ${response.status}: ${await response.text()}`);
    return (await response.json()).data;
  }

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency({ plan: 'pro' })).id;
    otherAgencyId = (await t.agency()).id;
    creatorId = (await t.creatorAccount()).id;
    const otherCreatorId = (await t.creatorAccount()).id;
    keys = {
      agency: await t.key({ type: 'agency', id: agencyId }, ['all']),
      other: await t.key({ type: 'agency', id: otherAgencyId }, ['all']),
      creator: await t.key({ type: 'creator', id: creatorId }, ['all']),
      otherCreator: await t.key({ type: 'creator', id: otherCreatorId }, ['all']),
      noScope: await t.key({ type: 'agency', id: agencyId }, ['roster:read', 'media_kits:read']),
    };
    kitIds = [];
    for (const name of ['Ana', 'Ben']) {
      kitIds.push((await json('/public/v1/creators', keys.agency, { method: 'POST', json: { display_name: name } })).media_kit.id);
    }
    otherKitId = (await json('/public/v1/creators', keys.other, { method: 'POST', json: { display_name: 'Cy' } })).media_kit.id;
    deckId = (await json('/public/v1/decks', keys.agency, { method: 'POST', json: { title: 'Spring' } })).id;
    agencyCampaignId = (await json('/public/v1/campaigns', keys.agency, { method: 'POST', json: { name: 'Launch' } })).id;
    creatorCampaignId = (await json('/public/v1/campaigns', keys.creator, { method: 'POST', json: { name: 'Mine' } })).id;
    pageId = (await json('/public/v1/link-in-bio', keys.creator, { method: 'POST', json: { slug: 'ana-links', username: 'ana' } })).id;
    otherPageId = (await json('/public/v1/link-in-bio', keys.otherCreator, { method: 'POST', json: { slug: 'cy-links', username: 'cy' } })).id;

    const now = Date.now();
    const view = (target: PageViewTarget, visitor: string, ago = 0) => insertPageView(t.db, target, visitor, now - ago);
    const agencyOwner = { type: 'agency' as const, id: agencyId };
    await view({ type: 'media_kit', id: kitIds[0]!, owner: agencyOwner }, 'v1');
    await view({ type: 'media_kit', id: kitIds[0]!, owner: agencyOwner }, 'v1');
    await view({ type: 'media_kit', id: kitIds[1]!, owner: agencyOwner }, 'v2');
    await view({ type: 'media_kit', id: kitIds[1]!, owner: agencyOwner }, 'v1', 40 * 86_400_000);
    await view({ type: 'media_kit', id: otherKitId, owner: { type: 'agency', id: otherAgencyId } }, 'v9');
    await view({ type: 'roster', id: agencyId, owner: agencyOwner }, 'v3');
    await view({ type: 'deck', id: deckId, owner: agencyOwner }, 'v4');
    await view({ type: 'campaign', id: agencyCampaignId, owner: agencyOwner }, 'v5');
    await view({ type: 'campaign', id: creatorCampaignId, owner: { type: 'creator', id: creatorId } }, 'v6');
    await view({ type: 'link_in_bio', id: pageId, owner: { type: 'creator', id: creatorId } }, 'v7');
  });
  afterAll(() => t.close());

  const views = (query: string, key = keys.agency) => t.request(`/public/v1/analytics/views?${query}`, { key });

  async function expectProblem(response: Response, status: number, slug: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = await readProblem(response);
    expect(problem.type).toBe(`${PROBLEMS}${slug}`);
    return problem;
  }

  it('aggregates every kit the agency owns by default (timeframe all, UTC)', async () => {
    const response = await views('resource_type=media_kit');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.request_id).toMatch(/^req_/);
    expect(body.data).toEqual({
      resource_type: 'media_kit',
      resource_scope: 'aggregate',
      resource_count: 2,
      resource_ids: kitIds,
      metric: 'page_views',
      // v1 today counts once across both kits; v1 forty days ago is another daily visitor.
      totals: { page_views: 4, unique_visitors: 3 },
      timeframe: 'all',
      timezone: 'UTC',
      period: { start: null, end: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) },
      granularity: 'month',
      series: [],
    });
  });

  it('one resource with resource_id; hour buckets for today, day buckets for mtd', async () => {
    const today = (await (await views(`resource_type=media_kit&resource_id=${kitIds[0]}&timeframe=today`)).json()).data;
    expect(today).toMatchObject({ resource_scope: 'single', resource_count: 1, resource_ids: [kitIds[0]], granularity: 'hour' });
    expect(today.totals).toEqual({ page_views: 2, unique_visitors: 1 });
    expect(today.series).toHaveLength(new Date().getUTCHours() + 1);
    expect(today.series[0]).toMatchObject({ start: today.period.start, page_views: expect.any(Number), unique_visitors: expect.any(Number) });
    expect(Object.keys(today.series[0]).sort()).toEqual(['end', 'page_views', 'start', 'unique_visitors']);

    const mtd = (await (await views('resource_type=media_kit&timeframe=mtd&timezone=Asia/Kathmandu')).json()).data;
    expect(mtd.granularity).toBe('day');
    expect(mtd.period.start).toMatch(/-01T00:00:00\.000\+05:45$/);
    expect(mtd.series.reduce((sum: number, b: { page_views: number }) => sum + b.page_views, 0)).toBe(mtd.totals.page_views);
  });

  it('reads each type the subject may: agency roster, deck, campaign; creator link_in_bio, campaign, media_kit', async () => {
    const read = async (query: string, key: string) => (await (await views(query, key)).json()).data;
    expect(await read(`resource_type=roster&resource_id=${agencyId}`, keys.agency)).toMatchObject({ resource_ids: [agencyId], totals: { page_views: 1 } });
    expect(await read('resource_type=roster', keys.agency)).toMatchObject({ resource_scope: 'aggregate', resource_ids: [agencyId], totals: { page_views: 1 } });
    expect(await read('resource_type=deck', keys.agency)).toMatchObject({ resource_ids: [deckId], totals: { page_views: 1, unique_visitors: 1 } });
    expect(await read('resource_type=campaign', keys.agency)).toMatchObject({ resource_ids: [agencyCampaignId], totals: { page_views: 1 } });
    expect(await read('resource_type=campaign', keys.creator)).toMatchObject({ resource_ids: [creatorCampaignId], totals: { page_views: 1 } });
    expect(await read(`resource_type=link_in_bio&resource_id=${pageId}`, keys.creator)).toMatchObject({ totals: { page_views: 1, unique_visitors: 1 } });
    expect(await read('resource_type=media_kit', keys.creator)).toMatchObject({ resource_count: 0, resource_ids: [], totals: { page_views: 0, unique_visitors: 0 } });
    const empty = await read('resource_type=media_kit&timeframe=last7d', keys.creator);
    expect(empty.series).toHaveLength(7);
    expect(empty.series.every((b: { page_views: number }) => b.page_views === 0)).toBe(true);
  });

  it('echoes the zone with ICU’s case; keeps link names as sent', async () => {
    const read = async (zone: string) => (await (await views(`resource_type=deck&timeframe=today&timezone=${encodeURIComponent(zone)}`)).json()).data.timezone;
    expect(await read('america/new_york')).toBe('America/New_York');
    expect(await read('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(await read('utc')).toBe('UTC');
  });

  it('400 for a missing or unknown resource_type, a bad timeframe, resource_id or timezone, and unknown parameters', async () => {
    const missing = await expectProblem(await views(''), 400, 'validation-error');
    expect(missing.errors).toEqual([{ path: 'query.resource_type', code: 'required', message: 'Required.' }]);
    const cases: [string, string, string][] = [
      ['resource_type=page', 'query.resource_type', 'invalid_value'],
      ['resource_type=deck&timeframe=last30d', 'query.timeframe', 'invalid_value'],
      ['resource_type=deck&resource_id=123', 'query.resource_id', 'invalid_format'],
      [`resource_type=deck&timezone=${'A'.repeat(101)}`, 'query.timezone', 'too_big'],
      ['resource_type=deck&timezone=Mars/Olympus_Mons', 'query.timezone', 'invalid_timezone'],
      ['resource_type=deck&timezone=%2B05%3A30', 'query.timezone', 'invalid_timezone'],
      ['resource_type=deck&timezone=', 'query.timezone', 'too_small'],
      ['resource_type=deck&granularity=day', 'query.granularity', 'unrecognized_key'],
    ];
    for (const [query, path, code] of cases) {
      const problem = await expectProblem(await views(query), 400, 'validation-error');
      expect(problem.errors, query).toEqual([expect.objectContaining({ path, code })]);
    }
  });

  it('403 for a type the subject cannot read, and without analytics:read', async () => {
    for (const [query, key] of [
      ['resource_type=deck', keys.creator],
      ['resource_type=roster', keys.creator],
      ['resource_type=link_in_bio', keys.agency],
    ] as const) {
      const problem = await expectProblem(await views(query, key), 403, 'subject-not-allowed');
      expect(problem.detail).toMatch(/keys can read analytics for/);
    }
    await expectProblem(await views('resource_type=media_kit', keys.noScope), 403, 'insufficient-scope');
  });

  it('404 for a resource that is not the caller’s, with no hint it exists', async () => {
    const missing = 'ffffffffffffffffffffffff';
    for (const [query, key] of [
      [`resource_type=media_kit&resource_id=${otherKitId}`, keys.agency],
      [`resource_type=media_kit&resource_id=${missing}`, keys.agency],
      [`resource_type=media_kit&resource_id=${kitIds[0]}`, keys.creator],
      [`resource_type=roster&resource_id=${otherAgencyId}`, keys.agency],
      [`resource_type=campaign&resource_id=${agencyCampaignId}`, keys.creator],
      [`resource_type=link_in_bio&resource_id=${otherPageId}`, keys.creator],
      [`resource_type=deck&resource_id=${deckId}`, keys.other],
    ] as const) {
      const problem = await expectProblem(await views(query, key), 404, 'not-found');
      expect(problem.detail).toMatch(/^No [a-z ]+ with id [0-9a-f]{24} was found\.$/);
    }
    const otherAggregate = (await (await views('resource_type=media_kit', keys.other)).json()).data;
    expect(otherAggregate).toMatchObject({ resource_ids: [otherKitId], totals: { page_views: 1, unique_visitors: 1 } });
  });
});
