import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../src/server/lib/object-id';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { campaignState, type Owner } from './fixtures';

const BASE = 'https://campaigns.test';
const ZERO_SUMMARY = { creators: 0, content: 0, views: 0, impressions: 0, engagements: 0, engagement_rate: 0, emv: 0 };

describe('campaigns', () => {
  let t: TestApp;
  let creator: Owner;
  let agency: Owner;
  let creatorKey: string;
  let agencyKey: string;

  const post = (json: unknown, key = agencyKey) => t.request('/public/v1/campaigns', { method: 'POST', key, json });
  const patch = (id: string, json: unknown, key = agencyKey) => t.request(`/public/v1/campaigns/${id}`, { method: 'PATCH', key, json });
  const get = async (id: string, key = agencyKey) => (await (await t.request(`/public/v1/campaigns/${id}`, { key })).json()).data;

  beforeAll(async () => {
    t = await startTestApp({ config: { publicBaseUrl: BASE } });
    creator = { type: 'creator', id: (await t.creatorAccount()).id };
    agency = { type: 'agency', id: (await t.agency()).id };
    creatorKey = await t.key(creator, ['campaigns:read', 'campaigns:write']);
    agencyKey = await t.key(agency, ['campaigns:read', 'campaigns:write']);
  });
  afterAll(() => t.close());

  describe('POST /campaigns', () => {
    it('creates a campaign from a name alone (201): active, documented defaults, zero summary, absolute URLs', async () => {
      const response = await post({ name: '  Summer launch ' }, creatorKey);
      expect(response.status).toBe(201);
      const { data } = await response.json();
      expect(data).toEqual({
        id: expect.stringMatching(/^[a-f0-9]{24}$/),
        owner_type: 'creator',
        owner_id: creator.id,
        name: 'Summer launch',
        description: null,
        status: 'active',
        starts_at: null,
        ends_at: null,
        refresh_cadence: 'daily',
        refresh_state: 'active',
        cpm: { instagram: 0, tiktok: 0, youtube: 0, twitter: 0 },
        emv_override: null,
        public_report: {
          enabled: false,
          access_mode: 'link',
          slug: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
          share_url: `${BASE}/r/${data.public_report.slug}`,
        },
        editor_url: `${BASE}/editor/campaigns/${data.id}`,
        summary: ZERO_SUMMARY,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await get(data.id, creatorKey)).toEqual(data);
    });

    it('stores every field; CPM platforms left out are 0; dates come back in UTC', async () => {
      const response = await post({
        name: 'Holiday push',
        description: 'Q4 gifting',
        starts_at: '2026-12-01T09:00:00+01:00',
        ends_at: '2026-12-24T23:59:59Z',
        refresh_cadence: 'hourly',
        refresh_state: 'paused',
        cpm: { instagram: 12.5, tiktok: 4 },
        emv_override: 2500,
      });
      expect(response.status).toBe(201);
      const { data } = await response.json();
      expect(data).toMatchObject({
        owner_type: 'agency',
        owner_id: agency.id,
        description: 'Q4 gifting',
        starts_at: '2026-12-01T08:00:00.000Z',
        ends_at: '2026-12-24T23:59:59.000Z',
        refresh_cadence: 'hourly',
        refresh_state: 'paused',
        cpm: { instagram: 12.5, tiktok: 4, youtube: 0, twitter: 0 },
        emv_override: 2500,
        summary: { ...ZERO_SUMMARY, emv: 2500 },
      });
      const slugs = new Set([data.public_report.slug, (await (await post({ name: 'Another' })).json()).data.public_report.slug]);
      expect(slugs.size).toBe(2);
    });

    it('400 for invalid fields, each at its path, and nothing is created', async () => {
      const before = await campaignState(t, [agency]);
      const cases: [unknown, string, string?][] = [
        [{}, 'body.name', 'required'],
        [{ name: ' ' }, 'body.name'],
        [{ name: 'x'.repeat(201) }, 'body.name'],
        [{ name: 'N', starts_at: '2026-05-02T00:00:00Z', ends_at: '2026-05-01T23:59:59Z' }, 'body.ends_at', 'ends_before_start'],
        [{ name: 'N', starts_at: '2026-05-02' }, 'body.starts_at'],
        [{ name: 'N', ends_at: 'tomorrow' }, 'body.ends_at'],
        [{ name: 'N', refresh_cadence: 'yearly' }, 'body.refresh_cadence'],
        [{ name: 'N', refresh_state: 'done' }, 'body.refresh_state'],
        [{ name: 'N', cpm: { instagram: -1 } }, 'body.cpm.instagram'],
        [{ name: 'N', cpm: { youtube: 'five' } }, 'body.cpm.youtube'],
        [{ name: 'N', cpm: { facebook: 3 } }, 'body.cpm.facebook', 'unrecognized_key'],
        [{ name: 'N', emv_override: -0.01 }, 'body.emv_override'],
        [{ name: 'N', status: 'active' }, 'body.status', 'unrecognized_key'],
        [{ name: 'N', owner_id: agency.id }, 'body.owner_id', 'unrecognized_key'],
      ];
      for (const [body, path, code] of cases) {
        const response = await post(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        const problem = await readProblem(response);
        expect(problem.type).toBe('https://creator-api.dev/problems/validation-error');
        expect(problem.errors?.map((e) => e.path), JSON.stringify(body)).toEqual([path]);
        if (code) expect(problem.errors![0]!.code).toBe(code);
      }
      expect(await campaignState(t, [agency])).toEqual(before);
    });

    it('accepts equal start and end (a one-instant campaign is not “ending before it starts”)', async () => {
      const at = '2026-06-01T00:00:00.000Z';
      expect((await post({ name: 'Flash', starts_at: at, ends_at: at })).status).toBe(201);
    });
  });

  describe('PATCH /campaigns/{campaign_id}', () => {
    let campaign: Record<string, unknown> & { id: string };

    beforeAll(async () => {
      campaign = (await (await post({ name: 'Patchable', starts_at: '2026-03-01T00:00:00Z', ends_at: '2026-03-31T00:00:00Z', cpm: { instagram: 10, tiktok: 5, youtube: 20, twitter: 2 } })).json()).data;
    });

    it('changes only the supplied metadata and tracking fields', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const response = await patch(campaign.id, { name: 'Renamed', description: 'Now with a description', refresh_cadence: 'weekly', refresh_state: 'paused' });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data).toEqual({ ...campaign, name: 'Renamed', description: 'Now with a description', refresh_cadence: 'weekly', refresh_state: 'paused', updated_at: expect.any(String) });
      expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(campaign.updated_at as string));
      campaign = data;
    });

    it('updates CPMs per platform, leaving the others unchanged; sets and clears the EMV override', async () => {
      const cpm = await (await patch(campaign.id, { cpm: { tiktok: 7.25 } })).json();
      expect(cpm.data.cpm).toEqual({ instagram: 10, tiktok: 7.25, youtube: 20, twitter: 2 });
      const set = await (await patch(campaign.id, { emv_override: 1234.56 })).json();
      expect(set.data).toMatchObject({ emv_override: 1234.56, summary: { emv: 1234.56 } });
      const cleared = await (await patch(campaign.id, { emv_override: null, description: null })).json();
      expect(cleared.data).toMatchObject({ emv_override: null, description: null, summary: { emv: 0 } });
    });

    it('checks the date order against the stored dates too, changing nothing when refused', async () => {
      const before = await campaignState(t, [agency]);
      const earlyEnd = await patch(campaign.id, { ends_at: '2026-02-28T00:00:00Z' });
      expect(earlyEnd.status).toBe(400);
      const problem = await readProblem(earlyEnd);
      expect(problem.errors).toEqual([{ path: 'body.ends_at', message: expect.stringContaining('before starts_at (2026-03-01T00:00:00.000Z)'), code: 'ends_before_start' }]);
      const lateStart = await patch(campaign.id, { starts_at: '2026-04-01T00:00:00Z', name: 'not applied' });
      expect(lateStart.status).toBe(400);
      expect((await readProblem(lateStart)).errors![0]!.path).toBe('body.starts_at');
      const bothWrong = await patch(campaign.id, { starts_at: '2026-04-02T00:00:00Z', ends_at: '2026-04-01T00:00:00Z' });
      expect(bothWrong.status).toBe(400);
      expect(await campaignState(t, [agency])).toEqual(before);

      const moved = await (await patch(campaign.id, { starts_at: '2026-04-01T00:00:00Z', ends_at: '2026-04-30T00:00:00Z' })).json();
      expect(moved.data).toMatchObject({ starts_at: '2026-04-01T00:00:00.000Z', ends_at: '2026-04-30T00:00:00.000Z' });
      const open = await (await patch(campaign.id, { ends_at: null })).json();
      expect(open.data.ends_at).toBeNull();
      expect((await patch(campaign.id, { starts_at: '2027-01-01T00:00:00Z' })).status).toBe(200);
    });

    it('400 unsupported_field for lifecycle, participants, content, public-report, refresh and summary changes', async () => {
      const before = await campaignState(t, [agency]);
      const cases: [string, unknown][] = [
        ['status', 'archived'],
        ['participants', [newObjectId()]],
        ['content', [{ url: 'https://instagram.com/p/1' }]],
        ['public_report', { enabled: true }],
        ['refresh', true],
        ['summary', { views: 1 }],
      ];
      for (const [field, value] of cases) {
        const response = await patch(campaign.id, { name: 'not applied', [field]: value });
        expect(response.status, field).toBe(400);
        const problem = await readProblem(response);
        expect(problem.detail).toMatch(new RegExp(`^${field} is not supported by this endpoint: .+`));
        expect(problem.errors).toEqual([{ path: `body.${field}`, message: problem.detail, code: 'unsupported_field' }]);
      }
      const several = await readProblem(await patch(campaign.id, { status: null, public_report: {} }));
      expect(several.detail).toBe('These fields are not supported by this endpoint: status, public_report.');
      expect(several.errors!.map((e) => e.path)).toEqual(['body.status', 'body.public_report']);
      expect(await campaignState(t, [agency])).toEqual(before);
    });

    it('400 for an empty body, an empty cpm, unknown properties and invalid values', async () => {
      const before = await campaignState(t, [agency]);
      const empty = await patch(campaign.id, {});
      expect(empty.status).toBe(400);
      expect((await readProblem(empty)).detail).toBe('Send at least one property to change.');
      expect((await readProblem(await patch(campaign.id, { cpm: {} }))).errors![0]!.path).toBe('body.cpm');
      const cases: [unknown, string, string][] = [
        [{ owner_id: agency.id }, 'body.owner_id', 'unrecognized_key'],
        [{ cpm: { instagram: -5 } }, 'body.cpm.instagram', 'too_small'],
        [{ emv_override: 'lots' }, 'body.emv_override', 'invalid_type'],
        [{ refresh_state: 'stopped' }, 'body.refresh_state', 'invalid_value'],
      ];
      for (const [body, path, code] of cases) {
        const problem = await readProblem(await patch(campaign.id, body));
        expect(problem.status, JSON.stringify(body)).toBe(400);
        expect(problem.errors, JSON.stringify(body)).toEqual([expect.objectContaining({ path, code })]);
      }
      expect(await campaignState(t, [agency])).toEqual(before);
    });
  });

  describe('summary', () => {
    it('is computed from content and participants: sums, distinct creators, engagement rate and CPM-based EMV', async () => {
      const { data: withContent } = await (await post({ name: 'Measured', cpm: { instagram: 12.5, tiktok: 4.333, youtube: 20, twitter: 2 } })).json();
      const { data: empty } = await (await post({ name: 'Unmeasured', cpm: { instagram: 100 } })).json();
      const [a, b, c, d] = [newObjectId(), newObjectId(), newObjectId(), newObjectId()];
      const item = (creatorId: string, platform: string, views: number, impressions: number, engagements: number) => ({
        id: newObjectId(),
        campaignId: withContent.id,
        creatorId,
        platform,
        url: `https://example.com/${newObjectId()}`,
        views,
        impressions,
        engagements,
      });
      await t.db.campaignContent.createMany({
        data: [
          item(a, 'instagram', 1000, 2000, 100),
          item(b, 'instagram', 3000, 4000, 300),
          item(a, 'tiktok', 10000, 10000, 500),
          item(c, 'x', 5000, 6000, 60),
          item(c, 'twitch', 700, 800, 7),
        ],
      });
      await t.db.campaignParticipant.createMany({ data: [a, d].map((creatorId) => ({ campaignId: withContent.id, creatorId })) });

      // emv = (4000 × 12.5 + 10000 × 4.333 + 5000 × 2) / 1000 = 50 + 43.33 + 10; twitch has no CPM.
      const expected = { creators: 4, content: 5, views: 19700, impressions: 22800, engagements: 967, engagement_rate: 0.0424, emv: 103.33 };
      expect((await get(withContent.id)).summary).toEqual(expected);
      expect((await get(empty.id)).summary).toEqual(ZERO_SUMMARY);

      const listed = (await (await t.request('/public/v1/campaigns?limit=100', { key: agencyKey })).json()).data as { id: string; summary: unknown }[];
      expect(listed.find((x) => x.id === withContent.id)!.summary).toEqual(expected);
      expect(listed.find((x) => x.id === empty.id)!.summary).toEqual(ZERO_SUMMARY);

      const repriced = await (await patch(withContent.id, { cpm: { twitter: 3 } })).json();
      expect(repriced.data.summary.emv).toBe(108.33);
      const overridden = await (await patch(withContent.id, { emv_override: 0 })).json();
      expect(overridden.data.summary).toEqual({ ...expected, emv: 0 });
    });
  });

  describe('GET /campaigns', () => {
    it('lists the owner’s campaigns newest first, filtered by status, paged with cursors bound to the filter', async () => {
      const owner: Owner = { type: 'creator', id: (await t.creatorAccount()).id };
      const key = await t.key(owner, ['campaigns:read', 'campaigns:write']);
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await (await post({ name: `C${i}` }, key)).json()).data.id);
      // Lifecycle changes are not in the API; set statuses directly to exercise the filter.
      await t.db.campaign.update({ where: { id: ids[1] }, data: { status: 'completed' } });
      await t.db.campaign.update({ where: { id: ids[3] }, data: { status: 'archived' } });

      const pageThrough = async (query: string) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const url: string = `/public/v1/campaigns?limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
          const response = await t.request(url, { key });
          expect(response.status).toBe(200);
          const body = await response.json();
          seen.push(...body.data.map((c: { id: string }) => c.id));
          cursor = body.meta.next_cursor;
        } while (cursor);
        return seen;
      };
      expect(await pageThrough('')).toEqual([...ids].reverse());
      expect(await pageThrough('&status=active')).toEqual([ids[4], ids[2], ids[0]]);
      expect(await pageThrough('&status=completed')).toEqual([ids[1]]);
      expect(await pageThrough('&status=archived')).toEqual([ids[3]]);

      const active = await (await t.request('/public/v1/campaigns?limit=1&status=active', { key })).json();
      const crossed = await t.request(`/public/v1/campaigns?status=archived&cursor=${encodeURIComponent(active.meta.next_cursor)}`, { key });
      expect(crossed.status).toBe(400);
      expect((await readProblem(crossed)).type).toBe('https://creator-api.dev/problems/invalid-cursor');

      const invalid = await t.request('/public/v1/campaigns?status=paused', { key });
      expect(invalid.status).toBe(400);
      expect((await readProblem(invalid)).errors![0]!.path).toBe('query.status');
      expect((await t.request('/public/v1/campaigns?limit=0', { key })).status).toBe(400);
    });
  });
});
