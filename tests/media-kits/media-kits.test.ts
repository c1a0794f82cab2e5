import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { addRosterCreator } from '../roster/fixtures';

describe('media kits', () => {
  let t: TestApp;
  let agencyId: string;
  let agencyKey: string;
  let rosterCreatorId: string;
  let rosterKitId: string;
  let creator: { id: string };
  let creatorKey: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { publicBaseUrl: 'https://kits.test' } });
    agencyId = (await t.agency()).id;
    agencyKey = await t.key({ type: 'agency', id: agencyId }, ['roster:write', 'media_kits:read', 'media_kits:write']);
    ({ creatorId: rosterCreatorId, mediaKitId: rosterKitId } = await addRosterCreator(t, agencyKey, { display_name: 'Kit Person' }));
    creator = await t.creatorAccount({ name: 'Self Kit' });
    creatorKey = await t.key({ type: 'creator', id: creator.id }, ['media_kits:read', 'media_kits:write']);
  });
  afterAll(() => t.close());

  describe('POST /media-kits (ensure the default kit)', () => {
    it('returns the agency default kit made with the roster creator (200, created false)', async () => {
      const response = await t.request('/public/v1/media-kits', { method: 'POST', key: agencyKey, json: { creator_id: rosterCreatorId } });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data).toMatchObject({ created: false, media_kit: { id: rosterKitId, is_default: true } });
    });

    it('creates a creator’s own default kit without a body, then returns it', async () => {
      const first = await t.request('/public/v1/media-kits', { method: 'POST', key: creatorKey });
      expect(first.status).toBe(201);
      const created = (await first.json()).data;
      expect(created).toMatchObject({ created: true, media_kit: { creator_id: creator.id, owner_type: 'creator', owner_id: creator.id, template: 'classic' } });
      const again = await t.request('/public/v1/media-kits', { method: 'POST', key: creatorKey, json: {} });
      expect(again.status).toBe(200);
      expect((await again.json()).data.media_kit.id).toBe(created.media_kit.id);
      const withOwnId = await t.request('/public/v1/media-kits', { method: 'POST', key: creatorKey, json: { creator_id: creator.id } });
      expect(withOwnId.status).toBe(200);
    });

    it('is idempotent under 10 concurrent calls', async () => {
      const fresh = await t.creatorAccount();
      const key = await t.key({ type: 'creator', id: fresh.id }, ['media_kits:write']);
      const responses = await Promise.all(Array.from({ length: 10 }, () => t.request('/public/v1/media-kits', { method: 'POST', key })));
      expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(await t.db.mediaKit.count({ where: { creatorId: fresh.id } })).toBe(1);
    });

    it('400 when an agency omits creator_id; 404 off the roster; 404 for a foreign creator id; 400 for extra properties', async () => {
      // Counted among this file's owners only: other test files write kits to the same database.
      const kitsHere = () => t.db.mediaKit.count({ where: { OR: [{ ownerId: { in: [agencyId, creator.id] } }, { creatorId: { in: [creator.id, rosterCreatorId] } }] } });
      const before = await kitsHere();
      const missing = await t.request('/public/v1/media-kits', { method: 'POST', key: agencyKey, json: {} });
      expect(missing.status).toBe(400);
      expect((await readProblem(missing)).errors![0]).toMatchObject({ path: 'body.creator_id', code: 'required' });
      expect((await t.request('/public/v1/media-kits', { method: 'POST', key: agencyKey, json: { creator_id: creator.id } })).status).toBe(404);
      expect((await t.request('/public/v1/media-kits', { method: 'POST', key: creatorKey, json: { creator_id: rosterCreatorId } })).status).toBe(404);
      const extra = await t.request('/public/v1/media-kits', { method: 'POST', key: agencyKey, json: { creator_id: rosterCreatorId, name: 'x' } });
      expect(extra.status).toBe(400);
      expect((await readProblem(extra)).errors![0]!.path).toBe('body.name');
      expect(await kitsHere()).toBe(before);
    });
  });

  describe('POST /media-kits/new and PATCH /media-kits/{id}', () => {
    let kitId: string;

    it('creates a named kit with initial content (201)', async () => {
      const response = await t.request('/public/v1/media-kits/new', {
        method: 'POST',
        key: agencyKey,
        json: { creator_id: rosterCreatorId, name: 'Summer pitch', template: 'bold', headline: 'Travel & food', sections: ['about', 'rates'], picture_url: 'https://cdn.example.com/p.jpg' },
      });
      expect(response.status).toBe(201);
      const { data } = await response.json();
      kitId = data.id;
      expect(data).toMatchObject({
        name: 'Summer pitch',
        is_default: false,
        template: 'bold',
        theme: 'dark',
        accent_color: '#F43F5E',
        headline: 'Travel & food',
        sections: ['about', 'rates'],
        picture_url: 'https://cdn.example.com/p.jpg',
        cover_url: null,
        editor_url: `https://kits.test/editor/media-kits/${data.id}`,
      });
    });

    it('updates supplied fields, keeps omitted ones, clears with null', async () => {
      const response = await t.request(`/public/v1/media-kits/${kitId}`, { method: 'PATCH', key: agencyKey, json: { headline: 'New headline', picture_url: null, accent_color: '#00AA11' } });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data).toMatchObject({ name: 'Summer pitch', headline: 'New headline', picture_url: null, accent_color: '#00AA11', template: 'bold', sections: ['about', 'rates'] });
      expect(new Date(data.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(data.created_at).getTime());
    });

    it('adopts a new template’s design unless given', async () => {
      const { data } = await (await t.request(`/public/v1/media-kits/${kitId}`, { method: 'PATCH', key: agencyKey, json: { template: 'minimal', theme: 'dark' } })).json();
      expect(data).toMatchObject({ template: 'minimal', theme: 'dark', accent_color: '#111827', sections: ['about', 'socials', 'contact'] });
    });

    it('400: empty patch, bad colors, non-https or malformed URLs, unknown template, repeated section, unknown field', async () => {
      const cases: [unknown, string][] = [
        [{}, 'body'],
        [{ accent_color: 'red' }, 'body.accent_color'],
        [{ cover_url: 'http://cdn.example.com/c.jpg' }, 'body.cover_url'],
        [{ cover_url: 'javascript:alert(1)' }, 'body.cover_url'],
        [{ template: 'neon' }, 'body.template'],
        [{ sections: ['about', 'about'] }, 'body.sections'],
        [{ creator_id: rosterCreatorId }, 'body.creator_id'],
      ];
      for (const [json, path] of cases) {
        const response = await t.request(`/public/v1/media-kits/${kitId}`, { method: 'PATCH', key: agencyKey, json });
        expect(response.status, JSON.stringify(json)).toBe(400);
        const problem = await readProblem(response);
        if (path !== 'body') expect(problem.errors![0]!.path).toBe(path);
      }
    });

    it("404 for another owner's kit, and nothing changes", async () => {
      const before = await t.db.mediaKit.findUniqueOrThrow({ where: { id: kitId } });
      expect((await t.request(`/public/v1/media-kits/${kitId}`, { method: 'PATCH', key: creatorKey, json: { name: 'stolen' } })).status).toBe(404);
      expect((await t.request(`/public/v1/media-kits/${kitId}`, { key: creatorKey })).status).toBe(404);
      expect(await t.db.mediaKit.findUniqueOrThrow({ where: { id: kitId } })).toEqual(before);
    });
  });

  describe('GET /media-kits and GET /media-kit-templates', () => {
    it('lists owned kits, newest first, with the agency creator filter', async () => {
      const other = await addRosterCreator(t, agencyKey, { display_name: 'Other Person' });
      const all = await (await t.request('/public/v1/media-kits', { key: agencyKey })).json();
      expect(all.data.every((k: any) => k.owner_id === agencyId)).toBe(true);
      expect(all.data[0].id).toBe(other.mediaKitId);
      const filtered = await (await t.request(`/public/v1/media-kits?creator_id=${rosterCreatorId}`, { key: agencyKey })).json();
      expect(filtered.data.length).toBeGreaterThanOrEqual(2);
      expect(filtered.data.every((k: any) => k.creator_id === rosterCreatorId)).toBe(true);
      const offRoster = await (await t.request(`/public/v1/media-kits?creator_id=${creator.id}`, { key: agencyKey })).json();
      expect(offRoster.data).toEqual([]);
    });

    it('lists the built-in templates', async () => {
      const { data } = await (await t.request('/public/v1/media-kit-templates', { key: creatorKey })).json();
      expect(data.map((tpl: any) => tpl.id)).toEqual(['classic', 'minimal', 'bold', 'editorial']);
      expect(data[0]).toMatchObject({ name: 'Classic', theme: 'light', sections: expect.any(Array) });
    });
  });
});
