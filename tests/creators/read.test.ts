import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { addRosterCreator } from '../roster/fixtures';

describe('roster reads: GET /creators and GET /creators/{id}', () => {
  let t: TestApp;
  let agencyKey: string;
  let otherAgencyKey: string;
  let creatorAccount: { id: string };
  let creatorKey: string;
  const mine: string[] = [];
  let theirs: string;

  beforeAll(async () => {
    t = await startTestApp();
    agencyKey = await t.key({ type: 'agency', id: (await t.agency()).id }, ['roster:read', 'roster:write']);
    otherAgencyKey = await t.key({ type: 'agency', id: (await t.agency()).id }, ['roster:read', 'roster:write']);
    creatorAccount = await t.creatorAccount({ name: 'Solo Creator' });
    creatorKey = await t.key({ type: 'creator', id: creatorAccount.id }, ['profile:read']);
    for (let i = 0; i < 5; i += 1) mine.push((await addRosterCreator(t, agencyKey, { display_name: `Roster ${i}`, socials: [{ platform: 'instagram', handle_or_url: `roster.${i}` }] })).creatorId);
    theirs = (await addRosterCreator(t, otherAgencyKey, { display_name: 'Not yours' })).creatorId;
  });
  afterAll(() => t.close());

  it('lists only the agency roster, newest first, paginated', async () => {
    const first = await (await t.request('/public/v1/creators?limit=3', { key: agencyKey })).json();
    expect(first.data.map((c: any) => c.id)).toEqual([...mine].reverse().slice(0, 3));
    const second = await (await t.request(`/public/v1/creators?limit=3&cursor=${encodeURIComponent(first.meta.next_cursor)}`, { key: agencyKey })).json();
    expect(second.data.map((c: any) => c.id)).toEqual([...mine].reverse().slice(3));
    expect(second.meta).toEqual({ next_cursor: null, limit: 3 });
    expect(second.data.map((c: any) => c.id)).not.toContain(theirs);
  });

  it('returns a roster creator by id with every contract field', async () => {
    const response = await t.request(`/public/v1/creators/${mine[0]}`, { key: agencyKey });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(Object.keys(data).sort()).toEqual(
      ['avatar_url', 'bio', 'country', 'created_at', 'data_status', 'display_name', 'id', 'languages', 'location', 'socials', 'summary_metrics', 'tags', 'updated_at', 'username'].sort(),
    );
    expect(Object.keys(data.socials[0]).sort()).toEqual(
      ['average_engagements', 'average_views', 'display_name', 'engagement_rate', 'followers', 'id', 'metrics_updated_at', 'platform', 'profile_url', 'status', 'username'].sort(),
    );
  });

  it('computes summary metrics once socials have metrics', async () => {
    const { creatorId } = await addRosterCreator(t, agencyKey, {
      display_name: 'Measured',
      socials: [{ platform: 'instagram', handle_or_url: 'measured.ig' }, { platform: 'tiktok', handle_or_url: 'measured.tt' }, { platform: 'youtube', handle_or_url: '@measured' }],
    });
    const [ig, tt] = await t.db.socialAccount.findMany({ where: { creatorId }, orderBy: { id: 'asc' } });
    await t.db.socialAccount.update({ where: { id: ig!.id }, data: { followers: 1200, metricsUpdatedAt: new Date('2026-11-01T00:00:00Z') } });
    await t.db.socialAccount.update({ where: { id: tt!.id }, data: { followers: 800, metricsUpdatedAt: new Date('2026-11-20T00:00:00Z') } });
    const { data } = await (await t.request(`/public/v1/creators/${creatorId}`, { key: agencyKey })).json();
    expect(data.data_status).toBe('available');
    expect(data.summary_metrics).toEqual({ total_followers: 2000, metrics_updated_at: '2026-11-20T00:00:00.000Z' });
  });

  it('lists each creator exactly as GET /creators/{id} answers it (socials, metrics, timestamps to the millisecond)', async () => {
    const { creatorId } = await addRosterCreator(t, agencyKey, {
      display_name: 'Listed Like Read',
      country: 'PT',
      languages: ['pt', 'en'],
      tags: ['food', 'travel'],
      socials: [{ platform: 'instagram', handle_or_url: 'listed.ig' }, { platform: 'youtube', handle_or_url: '@listed' }],
    });
    const [ig] = await t.db.socialAccount.findMany({ where: { creatorId }, orderBy: { id: 'asc' } });
    await t.db.socialAccount.update({
      where: { id: ig!.id },
      data: { followers: 4321, averageViews: 987, averageEngagements: 55, engagementRate: 0.0127, metricsUpdatedAt: new Date('2026-11-21T08:09:10.123Z'), displayName: 'Listed' },
    });
    await t.db.creator.update({ where: { id: creatorId }, data: { bio: 'Cooks and travels', location: 'Lisbon', avatarUrl: 'https://cdn.example.com/a.png' } });
    // Edge cases of the JSON PostgreSQL writes for the list (services/creator-list.ts): no socials;
    // text JSON must escape; metrics on one social only (the summary counts measured socials);
    // a social measured without a date; empty and NULL lists; a float with many digits.
    const { creatorId: bare } = await addRosterCreator(t, agencyKey, { display_name: 'No Socials' });
    await t.db.$executeRawUnsafe(`UPDATE creators SET languages = NULL, tags = '{}' WHERE id = $1`, bare);
    const { creatorId: tricky } = await addRosterCreator(t, agencyKey, {
      display_name: 'Tricky "Quotes" \\ ☕',
      socials: [{ platform: 'instagram', handle_or_url: 'tricky.ig' }, { platform: 'tiktok', handle_or_url: 'tricky.tt' }, { platform: 'youtube', handle_or_url: '@tricky' }],
    });
    await t.db.creator.update({
      where: { id: tricky },
      data: { bio: 'Line one\nline two\t"tab" \\ back \u0001 ctrl é 日本 😀 </script> \u2028', location: '', tags: ['a"b', 'c\\d'] },
    });
    const trickySocials = await t.db.socialAccount.findMany({ where: { creatorId: tricky }, orderBy: { id: 'asc' } });
    await t.db.socialAccount.update({ where: { id: trickySocials[0]!.id }, data: { followers: 0, engagementRate: 0.1 + 0.2, metricsUpdatedAt: new Date('2026-01-02T03:04:05.006Z') } });
    await t.db.socialAccount.update({ where: { id: trickySocials[1]!.id }, data: { followers: 7, engagementRate: 1e-7 } });
    await t.db.socialAccount.update({ where: { id: trickySocials[2]!.id }, data: { averageViews: 5, metricsUpdatedAt: new Date('2026-12-31T23:59:59.999Z') } });
    const list = await (await t.request('/public/v1/creators?limit=100', { key: agencyKey })).json();
    expect(list.data.length).toBeGreaterThanOrEqual(mine.length + 3);
    const byId = new Map(list.data.map((c: any) => [c.id, c]));
    expect(byId.get(bare)).toMatchObject({ socials: [], languages: [], tags: [], data_status: 'pending', summary_metrics: { total_followers: null, metrics_updated_at: null } });
    // Only measured socials count: the youtube one has a later date but no followers.
    expect(byId.get(tricky)).toMatchObject({ data_status: 'available', summary_metrics: { total_followers: 7, metrics_updated_at: '2026-01-02T03:04:05.006Z' } });
    expect((byId.get(tricky) as any).bio).toContain('😀 </script>');
    for (const listed of list.data) {
      const { data } = await (await t.request(`/public/v1/creators/${listed.id}`, { key: agencyKey })).json();
      expect(listed).toEqual(data);
    }
    expect((byId.get(creatorId) as any).socials[0]).toMatchObject({ followers: 4321, engagement_rate: 0.0127, metrics_updated_at: '2026-11-21T08:09:10.123Z' });
  });

  it("404 for another agency's creator and for an unknown id, with no hint", async () => {
    for (const id of [theirs, '0123456789abcdef01234567']) {
      const response = await t.request(`/public/v1/creators/${id}`, { key: agencyKey });
      expect(response.status).toBe(404);
      const problem = await readProblem(response);
      expect(problem.type).toBe('https://creator-api.dev/problems/not-found');
      expect(problem.detail).toBe(`No creator with id ${id} was found.`);
    }
  });

  it('creator keys retrieve only themselves', async () => {
    const self = await t.request(`/public/v1/creators/${creatorAccount.id}`, { key: creatorKey });
    expect(self.status).toBe(200);
    expect((await self.json()).data.display_name).toBe('Solo Creator');
    expect((await t.request(`/public/v1/creators/${mine[0]}`, { key: creatorKey })).status).toBe(404);
    expect((await t.request('/public/v1/creators', { key: creatorKey })).status).toBe(403);
  });
});
