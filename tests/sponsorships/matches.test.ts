import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../src/server/lib/object-id';
import { createOpportunity, setOpportunityActive } from '../../src/server/services/sponsorships';
import { readProblem, startTestApp, type TestApp } from '../support/app';

const PROBLEMS = 'https://creator-api.dev/problems/';

/**
 * GET /sponsorship-matches on a small crafted catalog whose scores are worked out by hand (see the
 * weights in src/server/services/sponsorships.ts): platforms 30, audience 25, tags 25, country 10,
 * languages 10, open criteria earn half.
 */
describe('GET /sponsorship-matches', () => {
  let t: TestApp;
  let creatorKey: string;
  let agencyKey: string;
  let ids: Record<string, string>;
  let creatorId: string;
  let rosterA: string;
  let rosterB: string;

  beforeAll(async () => {
    t = await startTestApp();
    const catalog = {
      // 30 + 25 (50k on instagram, in range) + 12.5 (fitness, 1 of 2 tags) + 10 + 10 = 87.5 for the creator.
      fitFuel: { brand: 'FitFuel', title: 'Protein launch', platforms: ['instagram'], tags: ['Fitness', 'nutrition'], minFollowers: 10_000, maxFollowers: 100_000, countries: ['US'], languages: ['en'], budgetCents: 500_000 },
      // 15 (instagram, 1 of 2) + 17.5 (50k, below the 100k minimum by log10 2) + 25 + 10 + 5 = 72.5.
      wanderly: { brand: 'Wanderly', title: 'City guides', platforms: ['instagram', 'youtube'], tags: ['travel'], minFollowers: 100_000, countries: ['US', 'CA'] },
      // The creator is not on youtube: never a match for them.
      codeCamp: { brand: 'CodeCamp', title: 'Bootcamp promo', platforms: ['youtube'], tags: ['tech'] },
      // Everything open: 15 + 12.5 + 12.5 + 5 + 5 = 50.
      openBrand: { brand: 'OpenBrand', title: 'Anyone welcome' },
      // 30 + 17.5 (200k on tiktok, above the 100k maximum) + 0 + 0 (GB) + 10 = 57.5.
      tiktokDance: { brand: 'StepUp', title: 'Dance challenge', platforms: ['tiktok'], tags: ['dance'], maxFollowers: 100_000, countries: ['GB'], languages: ['en'] },
      // Also 50, but with a budget: ranked before OpenBrand.
      tieBreaker: { brand: 'TieBreaker', title: 'Same score, more money', budgetCents: 10_000 },
      closed: { brand: 'Closed Co', title: 'Perfect fit, but closed', platforms: ['instagram'], tags: ['fitness', 'travel'], countries: ['US'], languages: ['en'] },
    };
    ids = {};
    for (const [name, input] of Object.entries(catalog)) ids[name] = (await createOpportunity(t.db, input)).id;
    await setOpportunityActive(t.db, ids.closed!, false);

    creatorId = (await t.creatorAccount({ plan: 'pro', name: 'Cleo Fit' })).id;
    await t.db.creator.update({ where: { id: creatorId }, data: { country: 'US', languages: ['en'], tags: ['fitness', 'travel'] } });
    for (const [platform, followers] of [['instagram', 50_000], ['tiktok', 200_000]] as const) {
      await t.db.socialAccount.create({
        data: { id: newObjectId(), creatorId, platform, identity: `${platform}:cleo`, username: 'cleo', profileUrl: `https://${platform}.com/cleo`, followers },
      });
    }
    creatorKey = await t.key({ type: 'creator', id: creatorId }, ['sponsorships:read']);

    const agency = await t.agency({ plan: 'scale' });
    const writer = await t.key({ type: 'agency', id: agency.id }, ['roster:write']);
    agencyKey = await t.key({ type: 'agency', id: agency.id }, ['sponsorships:read']);
    const add = async (body: Record<string, unknown>, platform: string, followers: number) => {
      const response = await t.request('/public/v1/creators', { method: 'POST', key: writer, json: body });
      if (response.status !== 201) throw new Error(`POST /creators → ${response.status}: ${await response.text()}`);
      const id = (await response.json()).data.creator.id as string;
      await t.db.socialAccount.updateMany({ where: { creatorId: id, platform }, data: { followers } });
      return id;
    };
    rosterA = await add({ display_name: 'Ari', country: 'US', languages: ['en'], tags: ['fitness'], socials: [{ platform: 'instagram', handle_or_url: '@ari' }] }, 'instagram', 50_000);
    rosterB = await add({ display_name: 'Bo', country: 'GB', languages: ['en'], tags: ['tech'], socials: [{ platform: 'youtube', handle_or_url: '@bo_codes' }] }, 'youtube', 500_000);
  });
  afterAll(() => t.close());

  const matches = (query: string, key: string) => t.request(`/public/v1/sponsorship-matches${query}`, { key });
  const summary = (data: { opportunity: { brand: string }; creator: { display_name: string }; score: number }[]) =>
    data.map((m) => [m.opportunity.brand, m.creator.display_name, m.score]);

  it('ranks a creator’s matches by score, then budget; closed and unreachable opportunities are left out', async () => {
    const response = await matches('', creatorKey);
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-limit')).toBe('60');
    const body = await response.json();
    expect(body.meta).toEqual({ limit: 5, creators_considered: 1, opportunities_considered: 6 });
    expect(summary(body.data)).toEqual([
      ['FitFuel', 'Cleo Fit', 87.5],
      ['Wanderly', 'Cleo Fit', 72.5],
      ['StepUp', 'Cleo Fit', 57.5],
      ['TieBreaker', 'Cleo Fit', 50],
      ['OpenBrand', 'Cleo Fit', 50],
    ]);
    const [top] = body.data;
    expect(top).toEqual({
      score: 87.5,
      score_breakdown: { platforms: 30, audience: 25, tags: 12.5, country: 10, languages: 10 },
      reasons: ['On instagram.', '50,000 followers on instagram, within the 10,000–100,000 range.', 'Shares the tag Fitness.', 'Based in US, a target country.', 'Creates in en.'],
      opportunity: {
        id: ids.fitFuel,
        brand: 'FitFuel',
        title: 'Protein launch',
        platforms: ['instagram'],
        tags: ['Fitness', 'nutrition'],
        audience: { min_followers: 10_000, max_followers: 100_000 },
        countries: ['US'],
        languages: ['en'],
        budget: { amount: 500_000, currency: 'USD' },
        active: true,
        created_at: expect.any(String),
      },
      creator: { id: creatorId, display_name: 'Cleo Fit', username: expect.any(String), avatar_url: null, country: 'US', total_followers: 250_000 },
    });
    expect(body.data[1].reasons).toEqual(['On instagram (1 of the 2 platforms wanted).', '50,000 followers on instagram, below the 100,000 minimum.', 'Shares the tag travel.', 'Based in US, a target country.']);
    // Same data, same answer.
    expect((await (await matches('', creatorKey)).json()).data).toEqual(body.data);
    expect(summary((await (await matches('?limit=2', creatorKey)).json()).data)).toEqual([
      ['FitFuel', 'Cleo Fit', 87.5],
      ['Wanderly', 'Cleo Fit', 72.5],
    ]);
  });

  it('scores each roster creator for agency keys', async () => {
    const body = await (await matches('?limit=20', agencyKey)).json();
    expect(body.meta).toEqual({ limit: 20, creators_considered: 2, opportunities_considered: 6 });
    expect(summary(body.data)).toEqual([
      ['FitFuel', 'Ari', 87.5],
      ['CodeCamp', 'Bo', 77.5],
      ['TieBreaker', 'Ari', 50],
      ['TieBreaker', 'Bo', 50],
      ['OpenBrand', 'Ari', 50],
      ['OpenBrand', 'Bo', 50],
      ['Wanderly', 'Ari', 47.5],
      ['Wanderly', 'Bo', 45],
    ]);
    expect(body.data.map((m: { creator: { id: string } }) => m.creator.id)).toContain(rosterA);
    expect(body.data[1].creator).toMatchObject({ id: rosterB, total_followers: 500_000 });
  });

  it('400 for a limit outside 1–20 or an unknown parameter', async () => {
    for (const [query, path] of [
      ['?limit=0', 'query.limit'],
      ['?limit=21', 'query.limit'],
      ['?limit=two', 'query.limit'],
      ['?cursor=abc', 'query.cursor'],
    ] as const) {
      const response = await matches(query, creatorKey);
      expect(response.status, query).toBe(400);
      const problem = await readProblem(response);
      expect(problem.type).toBe(`${PROBLEMS}validation-error`);
      expect(problem.errors?.[0]?.path).toBe(path);
    }
  });

  it('403 without a plan that includes matches, or without the scope', async () => {
    const freeCreator = (await t.creatorAccount({ plan: 'free' })).id;
    const free = await matches('', await t.key({ type: 'creator', id: freeCreator }, ['all']));
    expect(free.status).toBe(403);
    const problem = await readProblem(free);
    expect(problem.type).toBe(`${PROBLEMS}plan-required`);
    expect(problem.detail).toMatch(/free plan does not include sponsorship matches/);

    const noScope = await matches('', await t.key({ type: 'creator', id: creatorId }, ['analytics:read']));
    expect(noScope.status).toBe(403);
    expect((await readProblem(noScope)).type).toBe(`${PROBLEMS}insufficient-scope`);
  });

  it('refuses bad opportunities, naming every bad field', async () => {
    await expect(
      createOpportunity(t.db, { brand: ' ', title: 'x', platforms: ['myspace'], countries: ['XX'], languages: ['english'], minFollowers: 10, maxFollowers: 5, currency: 'dollars' }),
    ).rejects.toMatchObject({
      slug: 'validation-error',
      options: {
        errors: ['brand', 'platforms[0]', 'countries[0]', 'languages[0]', 'max_followers', 'currency'].map((path) => expect.objectContaining({ path })),
      },
    });
  });
});
