import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';

describe('POST /creators', () => {
  let t: TestApp;
  let agencyId: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { publicBaseUrl: 'https://api.creator.test' } });
    agencyId = (await t.agency()).id;
    key = await t.key({ type: 'agency', id: agencyId }, ['roster:write', 'roster:read']);
  });
  afterAll(() => t.close());

  const post = (json: unknown, k = key) => t.request('/public/v1/creators', { method: 'POST', key: k, json });
  // What a refused request must leave untouched: this agency's roster, its socials and its kits
  // (not global counts: other test files write to the same database at the same time).
  const rosterFootprint = () =>
    Promise.all([
      t.db.rosterMembership.count({ where: { agencyId } }),
      t.db.socialAccount.count({ where: { rosterAgencyId: agencyId } }),
      t.db.mediaKit.count({ where: { ownerId: agencyId } }),
    ]);

  it('201: creates the creator, its socials and the agency default media kit', async () => {
    const response = await post({
      display_name: '  Ada Lovelace ',
      email: 'ada@example.com',
      country: 'gb',
      languages: ['EN', 'fr'],
      tags: ['Tech', 'tech', 'math'],
      socials: [
        { platform: 'instagram', handle_or_url: 'https://www.instagram.com/Ada.Codes/' },
        { platform: 'twitter', handle_or_url: '@AdaCodes' },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('ratelimit-limit')).not.toBeNull();
    expect(response.headers.get('ratelimit-remaining')).not.toBeNull();
    expect(response.headers.get('ratelimit-reset')).not.toBeNull();
    const { data } = await response.json();
    expect(data.created).toBe(true);
    expect(data.creator).toMatchObject({
      display_name: 'Ada Lovelace',
      username: 'ada.codes',
      country: 'GB',
      languages: ['en', 'fr'],
      tags: ['Tech', 'math'],
      data_status: 'pending',
      summary_metrics: { total_followers: null, metrics_updated_at: null },
    });
    expect(data.creator.socials.map((s: any) => [s.platform, s.username, s.profile_url, s.status])).toEqual([
      ['instagram', 'ada.codes', 'https://www.instagram.com/ada.codes/', 'unverified'],
      ['x', 'adacodes', 'https://x.com/adacodes'],
    ].map((row) => (row.length === 3 ? [...row, 'unverified'] : row)));
    expect(data.media_kit).toMatchObject({ creator_id: data.creator.id, owner_type: 'agency', owner_id: agencyId, is_default: true, visibility: 'link' });
    expect(data.media_kit.slug).toMatch(/^ada-lovelace-[0-9a-f]{10}$/);
    expect(data.media_kit.editor_url).toBe(`https://api.creator.test/editor/media-kits/${data.media_kit.id}`);
    expect(data.media_kit.share_url).toBe(`https://api.creator.test/m/${data.media_kit.slug}`);
    const stored = await t.db.rosterMembership.findMany({ where: { agencyId, creatorId: data.creator.id } });
    expect(stored).toHaveLength(1);
  });

  it('200: returns the roster creator a supplied identity already belongs to, in any of its shapes', async () => {
    const first = await (await post({ display_name: 'Grace', socials: [{ platform: 'x', handle_or_url: 'https://twitter.com/GraceH' }] })).json();
    for (const social of [
      { platform: 'twitter', handle_or_url: 'gracEH' },
      { platform: 'x', handle_or_url: 'https://x.com/graceh/status/123' },
      { platform: 'twitter', handle_or_url: 'mobile.twitter.com/GraceH?s=20' },
    ]) {
      const response = await post({ display_name: 'Someone else', socials: [social] });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data.created).toBe(false);
      expect(data.creator.id).toBe(first.data.creator.id);
      expect(data.creator.display_name).toBe('Grace');
      expect(data.media_kit.id).toBe(first.data.media_kit.id);
    }
  });

  it('200: attaches supplied socials the existing creator lacks', async () => {
    const first = await (await post({ display_name: 'Linus', socials: [{ platform: 'youtube', handle_or_url: '@linus' }] })).json();
    const again = await post({ display_name: 'Linus', socials: [{ platform: 'youtube', handle_or_url: 'youtube.com/@Linus/videos' }, { platform: 'tiktok', handle_or_url: '@linus.tt' }] });
    expect(again.status).toBe(200);
    const { data } = await again.json();
    expect(data.creator.id).toBe(first.data.creator.id);
    expect(data.creator.socials.map((s: any) => s.platform).sort()).toEqual(['tiktok', 'youtube']);
  });

  it('409: identities of two different roster creators', async () => {
    await post({ display_name: 'One', socials: [{ platform: 'instagram', handle_or_url: 'one.insta' }] });
    await post({ display_name: 'Two', socials: [{ platform: 'tiktok', handle_or_url: 'two.tok' }] });
    const before = await rosterFootprint();
    const response = await post({ display_name: 'Both', socials: [{ platform: 'instagram', handle_or_url: 'one.insta' }, { platform: 'tiktok', handle_or_url: '@two.tok' }] });
    expect(response.status).toBe(409);
    const problem = await readProblem(response);
    expect(problem.type).toBe('https://creator-api.dev/problems/conflict');
    expect(problem.detail).toMatch(/instagram:one\.insta/);
    expect(await rosterFootprint()).toEqual(before);
  });

  it('does not match identities on another agency roster', async () => {
    const otherKey = await t.key({ type: 'agency', id: (await t.agency()).id }, ['roster:write']);
    const mine = await (await post({ display_name: 'Shared', socials: [{ platform: 'twitch', handle_or_url: 'sharedstreamer' }] })).json();
    const theirs = await post({ display_name: 'Shared', socials: [{ platform: 'twitch', handle_or_url: 'twitch.tv/SharedStreamer' }] }, otherKey);
    expect(theirs.status).toBe(201);
    expect((await theirs.json()).data.creator.id).not.toBe(mine.data.creator.id);
  });

  it('400 names each bad field', async () => {
    const before = await rosterFootprint();
    const response = await post({
      email: 'nope',
      country: 'USA',
      languages: ['english'],
      tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
      socials: [{ platform: 'instagram', handle_or_url: 'https://www.tiktok.com/@someone' }, { platform: 'myspace', handle_or_url: 'tom' }],
      avatar_url: 'https://example.com/a.png',
    });
    expect(response.status).toBe(400);
    const problem = await readProblem(response);
    expect(problem.errors!.map((e) => e.path).sort()).toEqual(
      [
        'body.avatar_url',
        'body.country',
        'body.display_name',
        'body.email',
        'body.languages[0]',
        'body.socials[0].handle_or_url',
        'body.socials[1].platform',
        'body.tags',
      ].sort(),
    );
    expect(problem.errors!.find((e) => e.path === 'body.socials[0].handle_or_url')!.message).toMatch(/tiktok\.com/);
    expect(problem.errors!.find((e) => e.path === 'body.display_name')!.code).toBe('required');
    expect(await rosterFootprint()).toEqual(before);
  });

  it('400 for a blank display name and an unrecognizable handle', async () => {
    const response = await post({ display_name: '   ', socials: [{ platform: 'youtube', handle_or_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }] });
    const problem = await readProblem(response);
    expect(response.status).toBe(400);
    expect(problem.errors!.map((e) => e.path).sort()).toEqual(['body.display_name', 'body.socials[0].handle_or_url']);
  });

  it('is race-safe: 20 concurrent identical requests create one creator and one media kit', async () => {
    const body = { display_name: 'Racer', socials: [{ platform: 'instagram', handle_or_url: '@race.condition' }] };
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(200), 201].slice(1).sort());
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).data.creator.id)));
    expect(ids.size).toBe(1);
    const [creatorId] = [...ids];
    expect(await t.db.socialAccount.count({ where: { rosterAgencyId: agencyId, identity: 'instagram:race.condition' } })).toBe(1);
    expect(await t.db.mediaKit.count({ where: { creatorId } })).toBe(1);
    expect(await t.db.rosterMembership.count({ where: { creatorId } })).toBe(1);
    expect(await t.db.creator.count({ where: { displayName: 'Racer', memberships: { some: { agencyId } } } })).toBe(1);
  });
});
