import { newObjectId } from '../../src/server/lib/object-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { addRosterCreator } from '../roster/fixtures';

describe('GET /socials', () => {
  let t: TestApp;
  let agencyKey: string;
  let creatorId: string;
  let otherCreatorId: string;

  beforeAll(async () => {
    t = await startTestApp();
    agencyKey = await t.key({ type: 'agency', id: (await t.agency()).id }, ['roster:read', 'roster:write']);
    creatorId = (
      await addRosterCreator(t, agencyKey, {
        display_name: 'Socialite',
        socials: [
          { platform: 'instagram', handle_or_url: 'socialite' },
          { platform: 'twitter', handle_or_url: 'twitter.com/socialite' },
          { platform: 'tiktok', handle_or_url: '@socialite' },
        ],
      })
    ).creatorId;
    const otherKey = await t.key({ type: 'agency', id: (await t.agency()).id }, ['roster:write']);
    otherCreatorId = (await addRosterCreator(t, otherKey, { display_name: 'Elsewhere', socials: [{ platform: 'instagram', handle_or_url: 'elsewhere' }] })).creatorId;
  });
  afterAll(() => t.close());

  it('lists a roster creator’s accounts with meta.creator_id', async () => {
    const response = await t.request(`/public/v1/socials?creator_id=${creatorId}`, { key: agencyKey });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.map((s: any) => s.platform).sort()).toEqual(['instagram', 'tiktok', 'x']);
    expect(body.meta).toEqual({ next_cursor: null, limit: 25, creator_id: creatorId });
    expect(Object.keys(body.data[0])).toEqual(expect.arrayContaining(['id', 'platform', 'username', 'profile_url', 'status']));
  });

  it('treats twitter and x as one platform filter', async () => {
    for (const platform of ['twitter', 'x']) {
      const body = await (await t.request(`/public/v1/socials?creator_id=${creatorId}&platform=${platform}`, { key: agencyKey })).json();
      expect(body.data.map((s: any) => [s.platform, s.username])).toEqual([['x', 'socialite']]);
    }
  });

  it('400 without creator_id for agency keys, and for an unknown platform', async () => {
    const missing = await t.request('/public/v1/socials', { key: agencyKey });
    expect(missing.status).toBe(400);
    expect((await readProblem(missing)).errors).toEqual([expect.objectContaining({ path: 'query.creator_id', code: 'required' })]);
    const badPlatform = await t.request(`/public/v1/socials?creator_id=${creatorId}&platform=myspace`, { key: agencyKey });
    expect(badPlatform.status).toBe(400);
    expect((await readProblem(badPlatform)).errors![0]!.path).toBe('query.platform');
  });

  it('404 for a creator not on the roster', async () => {
    expect((await t.request(`/public/v1/socials?creator_id=${otherCreatorId}`, { key: agencyKey })).status).toBe(404);
  });

  it('infers the creator for creator keys; another creator id is 404', async () => {
    const me = await t.creatorAccount();
    await t.db.socialAccount.create({
      data: { id: newObjectId(), creatorId: me.id, platform: 'youtube', identity: 'youtube:handle:me', username: 'me', profileUrl: 'https://www.youtube.com/@me', status: 'connected' },
    });
    const key = await t.key({ type: 'creator', id: me.id }, ['profile:read']);
    const body = await (await t.request('/public/v1/socials', { key })).json();
    expect(body.meta.creator_id).toBe(me.id);
    expect(body.data).toEqual([expect.objectContaining({ platform: 'youtube', status: 'connected' })]);
    expect((await t.request(`/public/v1/socials?creator_id=${me.id}`, { key })).status).toBe(200);
    expect((await t.request(`/public/v1/socials?creator_id=${creatorId}`, { key })).status).toBe(404);
  });
});
