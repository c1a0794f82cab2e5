import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPrincipal } from '../../src/server/services/accounts';
import { getPublicMediaKit } from '../../src/server/services/public-pages';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The creator profile editor's operation (`creatorProfiles.update`, internal): agencies edit roster
 * creators, a creator edits itself, through the gateway with a session. Over the public API the
 * profile stays read-only: no route writes it, and no API key can call the operation. What is saved
 * is what GET /creators/{id} and the templates' loaders show.
 */

describe('creator profile: edited in the UI, read-only over the API', () => {
  let t: TestApp;
  let agency: { id: string; ownerUserId: string };
  let key: string;
  let creatorId: string;
  let instagramId: string;

  beforeAll(async () => {
    t = await startTestApp();
    agency = await t.agency({ name: 'Profile Agency' });
    key = await t.key({ type: 'agency', id: agency.id }, ['all']);
    const stamp = Date.now().toString(36);
    const created = await t.request('/public/v1/creators', {
      method: 'POST',
      key,
      json: { display_name: 'Nia Eats', country: 'PT', socials: [{ platform: 'instagram', handle_or_url: `@nia.${stamp}` }, { platform: 'x', handle_or_url: `nia${stamp}` }] },
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { data: { creator: { id: string; socials: { id: string; platform: string }[] } } };
    creatorId = body.data.creator.id;
    instagramId = body.data.creator.socials.find((s) => s.platform === 'instagram')!.id;
  });
  afterAll(() => t.close());

  const session = async (userId: string) => (await sessionPrincipal(t.db, { userId, sessionId: `session-${userId}` }))!;
  const profile = (overrides: Record<string, unknown> = {}) => ({
    creator_id: creatorId,
    display_name: 'Nia Costa',
    bio: 'Food from Lisbon.',
    location: 'Lisbon, Portugal',
    languages: ['pt', 'EN'],
    tags: ['food', 'travel', 'Food'],
    brands: ['Glossier', 'Nike', 'glossier'],
    rates: [
      { label: 'Instagram Reel', amount: 1200, currency: 'eur' },
      { label: 'TikTok video', amount: 950.5, currency: 'USD' },
    ],
    socials: [
      { id: instagramId, platform: 'instagram', handle_or_url: 'https://www.instagram.com/nia.costa/', followers: 120_000, average_views: 40_000, average_engagements: 4_080, metrics_as_of: '2026-11-01' },
      { platform: 'tiktok', handle_or_url: '@niacooks', followers: 50_000, engagement_rate: 0.061, metrics_as_of: '2026-11-20' },
    ],
    ...overrides,
  });

  it('an agency saves a roster creator’s whole profile in one call; GET /creators/{id} shows it', async () => {
    const owner = await session(agency.ownerUserId);
    const result = await t.app.gateway.call('creatorProfiles.update', profile(), owner, { door: 'ui', requestId: 'req_profile_save' });
    expect(result.ok, JSON.stringify(result)).toBe(true);

    const read = await t.request(`/public/v1/creators/${creatorId}`, { key });
    expect(read.status).toBe(200);
    const creator = ((await read.json()) as { data: any }).data;
    expect(creator).toMatchObject({ display_name: 'Nia Costa', bio: 'Food from Lisbon.', location: 'Lisbon, Portugal', languages: ['pt', 'en'], tags: ['food', 'travel'] });
    // The X account was left out: removed. Instagram kept its id under the new handle.
    expect(creator.socials.map((s: any) => s.platform).sort()).toEqual(['instagram', 'tiktok']);
    const instagram = creator.socials.find((s: any) => s.platform === 'instagram');
    expect(instagram).toMatchObject({ id: instagramId, username: 'nia.costa', followers: 120_000, average_views: 40_000, average_engagements: 4_080, engagement_rate: 0.034, metrics_updated_at: '2026-11-01T00:00:00.000Z' });
    expect(creator.socials.find((s: any) => s.platform === 'tiktok')).toMatchObject({ followers: 50_000, engagement_rate: 0.061, metrics_updated_at: '2026-11-20T00:00:00.000Z' });
    expect(creator.summary_metrics).toEqual({ total_followers: 170_000, metrics_updated_at: '2026-11-20T00:00:00.000Z' });
    expect(creator.data_status).toBe('available');
  });

  it('the media kit template gets audience figures with their day, rates with currency and brands', async () => {
    const kit = await t.db.mediaKit.findFirstOrThrow({ where: { creatorId, ownerType: 'agency' } });
    await t.db.mediaKit.update({ where: { id: kit.id }, data: { visibility: 'link' } });
    const shown = (await getPublicMediaKit(t.db, kit.slug))!;
    expect(shown.creator.totalFollowers).toBe(170_000);
    expect(shown.creator.metricsAsOf).toBe('2026-11-20T00:00:00.000Z');
    expect(shown.creator.rates).toEqual([
      { label: 'Instagram Reel', amount: 1200, currency: 'EUR' },
      { label: 'TikTok video', amount: 950.5, currency: 'USD' },
    ]);
    expect(shown.creator.brands).toEqual(['Glossier', 'Nike']);
    expect(shown.creator.socials.find((s) => s.platform === 'instagram')).toMatchObject({ followers: 120_000, metricsAsOf: '2026-11-01T00:00:00.000Z' });
  });

  it('stays read-only over the API: no route writes it, and no key can call the operation', async () => {
    const before = JSON.stringify(await t.db.creator.findUniqueOrThrow({ where: { id: creatorId }, include: { socials: { orderBy: { id: 'asc' } } } }));
    const patch = await t.request(`/public/v1/creators/${creatorId}`, { method: 'PATCH', key, json: { display_name: 'Hijacked', rates: [] } });
    expect(patch.status).toBe(405);
    const put = await t.request(`/public/v1/creators/${creatorId}`, { method: 'PUT', key, json: { display_name: 'Hijacked' } });
    expect([404, 405]).toContain(put.status);
    // POST /creators does not take the editor's fields.
    const post = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: 'Rated', rates: [{ label: 'x', amount: 1, currency: 'USD' }] } });
    expect(post.status).toBe(400);
    // The gateway with an API key holding every scope: refused before the operation runs.
    const principal = await t.app.gateway.authenticate(`Bearer ${key}`);
    const byKey = await t.app.gateway.call('creatorProfiles.update', profile({ display_name: 'Hijacked' }), principal, { door: 'rest', requestId: 'req_profile_key' });
    expect(byKey.ok).toBe(false);
    if (!byKey.ok) expect(byKey.problem.status).toBe(403);
    // Not in the OpenAPI document (so no REST route and no MCP tool).
    const doc = (await (await t.request('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/creators/{creator_id}'] ?? {}).filter((m) => m !== 'parameters')).toEqual(['get']);
    expect(JSON.stringify(doc)).not.toContain('creatorProfiles');
    const after = JSON.stringify(await t.db.creator.findUniqueOrThrow({ where: { id: creatorId }, include: { socials: { orderBy: { id: 'asc' } } } }));
    expect(after).toBe(before);
  });

  it('another agency’s session cannot see or edit the creator (404); a creator edits only itself', async () => {
    const other = await t.agency({ name: 'Other Agency' });
    const byOther = await t.app.gateway.call('creatorProfiles.update', profile({ display_name: 'Poached' }), await session(other.ownerUserId), { door: 'ui', requestId: 'req_profile_other' });
    expect(byOther.ok).toBe(false);
    if (!byOther.ok) expect(byOther.problem.status).toBe(404);

    const self = await t.creatorAccount({ name: 'Self Editor' });
    const selfSession = await session(self.userId);
    const own = await t.app.gateway.call(
      'creatorProfiles.update',
      { creator_id: self.id, display_name: 'Self Edited', bio: null, location: null, languages: [], tags: [], brands: ['Patagonia'], rates: [], socials: [{ platform: 'youtube', handle_or_url: '@selfedits', followers: 9_000 }] },
      selfSession,
      { door: 'ui', requestId: 'req_profile_self' },
    );
    expect(own.ok, JSON.stringify(own)).toBe(true);
    const stored = await t.db.creator.findUniqueOrThrow({ where: { id: self.id }, include: { socials: true } });
    expect(stored).toMatchObject({ displayName: 'Self Edited', brands: ['Patagonia'] });
    // The same form saved again (the new row still without an id): the account is matched, not added twice.
    const again = await t.app.gateway.call(
      'creatorProfiles.update',
      { creator_id: self.id, display_name: 'Self Edited', bio: null, location: null, languages: [], tags: [], brands: ['Patagonia'], rates: [], socials: [{ platform: 'youtube', handle_or_url: 'https://www.youtube.com/@selfedits', followers: 9_500 }] },
      selfSession,
      { door: 'ui', requestId: 'req_profile_self_again' },
    );
    expect(again.ok, JSON.stringify(again)).toBe(true);
    const socials = await t.db.socialAccount.findMany({ where: { creatorId: self.id } });
    expect(socials.map((s) => [s.id, s.followers])).toEqual([[stored.socials[0]!.id, 9_500]]);
    // Figures without a day are as of now.
    expect(Date.now() - stored.socials[0]!.metricsUpdatedAt!.getTime()).toBeLessThan(60_000);
    const notMine = await t.app.gateway.call('creatorProfiles.update', profile(), selfSession, { door: 'ui', requestId: 'req_profile_not_mine' });
    expect(notMine.ok).toBe(false);
    if (!notMine.ok) expect(notMine.problem.status).toBe(404);
  });

  it('refuses what it cannot store, naming the field, and changes nothing', async () => {
    const owner = await session(agency.ownerUserId);
    const before = JSON.stringify(await t.db.creator.findUniqueOrThrow({ where: { id: creatorId }, include: { socials: { orderBy: { id: 'asc' } } } }));
    const cases: [Record<string, unknown>, string][] = [
      [{ rates: [{ label: 'Reel', amount: 10, currency: 'XXQ' }] }, 'body.rates[0].currency'],
      [{ rates: [{ label: 'Reel', amount: -1, currency: 'USD' }] }, 'body.rates[0].amount'],
      [{ socials: [{ platform: 'instagram', handle_or_url: '@a', followers: -5 }] }, 'body.socials[0].followers'],
      [{ socials: [{ platform: 'instagram', handle_or_url: '@a', engagement_rate: 3.4 }] }, 'body.socials[0].engagement_rate'],
      [{ socials: [{ platform: 'instagram', handle_or_url: '@a', metrics_as_of: '01/11/2026' }] }, 'body.socials[0].metrics_as_of'],
      [{ socials: [{ platform: 'instagram', handle_or_url: '@same' }, { platform: 'instagram', handle_or_url: 'https://instagram.com/same' }] }, 'body.socials[1].handle_or_url'],
      [{ socials: [{ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', platform: 'instagram', handle_or_url: '@a' }] }, 'body.socials[0].id'],
      [{ display_name: '   ' }, 'body.display_name'],
    ];
    for (const [overrides, path] of cases) {
      const result = await t.app.gateway.call('creatorProfiles.update', profile(overrides), owner, { door: 'ui', requestId: `req_profile_bad` });
      expect(result.ok, path).toBe(false);
      if (!result.ok) {
        expect(result.problem.status, `${path}: ${JSON.stringify(result.problem)}`).toBe(400);
        expect(result.problem.errors?.map((e) => e.path), path).toContain(path);
      }
    }
    const after = JSON.stringify(await t.db.creator.findUniqueOrThrow({ where: { id: creatorId }, include: { socials: { orderBy: { id: 'asc' } } } }));
    expect(after).toBe(before);
  });
});
