import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../src/server/domain/actor';
import { setPlan } from '../../src/server/services/accounts';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { deckState, rosterCreator } from './fixtures';

const BASE = 'https://decks.test';
/** Slugs are global; a per-run suffix keeps reruns against one PostgreSQL database independent. */
const run = Date.now().toString(36);

describe('pitch decks', () => {
  let t: TestApp;
  let agencyId: string;
  let key: string;
  let creators: string[];

  const post = (json: unknown, k = key) => t.request('/public/v1/decks', { method: 'POST', key: k, json });
  const patch = (id: string, json: unknown, k = key) => t.request(`/public/v1/decks/${id}`, { method: 'PATCH', key: k, json });

  beforeAll(async () => {
    t = await startTestApp({ config: { publicBaseUrl: BASE } });
    agencyId = (await t.agency({ plan: 'scale' })).id;
    key = await t.key({ type: 'agency', id: agencyId }, ['decks:read', 'decks:write']);
    creators = [];
    for (const name of ['Ana', 'Ben', 'Cleo', 'Dev']) creators.push(await rosterCreator(t, agencyId, name));
  });
  afterAll(() => t.close());

  describe('POST /decks', () => {
    it('creates a deck from a title alone (201) with documented defaults and absolute URLs', async () => {
      const response = await post({ title: `  Spring Roster ${run} ` });
      expect(response.status).toBe(201);
      const { data } = await response.json();
      expect(data).toEqual({
        id: expect.stringMatching(/^[a-f0-9]{24}$/),
        agency_id: agencyId,
        creator_ids: [],
        slug: expect.stringMatching(new RegExp(`^spring-roster-${run}-[a-z0-9]{10}$`)),
        title: `Spring Roster ${run}`,
        bio: null,
        contact_email: null,
        tags: [],
        picture_url: null,
        cover_url: null,
        theme: 'light',
        accent_color: null,
        background_color: null,
        cta: 'partnerWithMe',
        location: null,
        visibility: 'link',
        has_password: false,
        editor_url: `${BASE}/editor/decks/${data.id}`,
        share_url: expect.stringMatching(new RegExp(`^${BASE}/d/spring-roster-${run}-[a-z0-9]{10}$`)),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const stored = await t.db.agency.findUniqueOrThrow({ where: { id: agencyId } });
      expect(stored.deckCount).toBeGreaterThanOrEqual(1);
    });

    it('stores every field, keeps creator order and drops duplicate tags ignoring case', async () => {
      const response = await post({
        title: 'Beauty Q3',
        slug: `beauty-${run}`,
        bio: 'Our best beauty creators.',
        contact_email: 'deals@agency.test',
        creator_ids: [creators[2], creators[0], creators[3]],
        tags: ['Beauty', 'skincare', 'beauty', 'SKINCARE'],
        picture_url: 'https://cdn.example.com/p.png',
        cover_url: 'https://cdn.example.com/c.png',
        theme: 'dark',
        accent_color: '#FF00aa',
        background_color: '#101010',
        cta: 'bookACall',
        location: 'Berlin, Germany',
        visibility: 'private',
      });
      expect(response.status).toBe(201);
      const { data } = await response.json();
      expect(data).toMatchObject({
        slug: `beauty-${run}`,
        creator_ids: [creators[2], creators[0], creators[3]],
        tags: ['Beauty', 'skincare'],
        theme: 'dark',
        accent_color: '#FF00aa',
        cta: 'bookACall',
        visibility: 'private',
        share_url: `${BASE}/d/beauty-${run}`,
      });
      const got = await t.request(`/public/v1/decks/${data.id}`, { key });
      expect(got.status).toBe(200);
      expect((await got.json()).data).toEqual(data);
    });

    it('generates unguessable slugs (title + 10 random characters), but answers 409 for a taken supplied one without using a slot', async () => {
      const first = (await (await post({ title: `Gaming Talent ${run}` })).json()).data;
      const second = (await (await post({ title: `Gaming Talent ${run}` })).json()).data;
      expect(first.slug).toMatch(new RegExp(`^gaming-talent-${run}-[a-z0-9]{10}$`));
      expect(second.slug).toMatch(new RegExp(`^gaming-talent-${run}-[a-z0-9]{10}$`));
      expect(second.slug).not.toBe(first.slug);

      const before = await deckState(t, [agencyId]);
      const taken = await post({ title: 'Other', slug: first.slug, creator_ids: [creators[0]] });
      expect(taken.status).toBe(409);
      const problem = await readProblem(taken);
      expect(problem.type).toBe('https://creator-api.dev/problems/conflict');
      expect(problem.errors).toEqual([{ path: 'body.slug', message: 'This slug is already taken.', code: 'slug_taken' }]);
      expect(await deckState(t, [agencyId])).toEqual(before);
    });

    it('404 naming every creator that is not on the roster; nothing is created and no slot is used', async () => {
      const otherAgency = (await t.agency()).id;
      const foreign = await rosterCreator(t, otherAgency, 'Foreign');
      const account = (await t.creatorAccount()).id;
      const before = await deckState(t, [agencyId, otherAgency]);
      const response = await post({ title: 'Mixed', creator_ids: [creators[0], foreign, account] });
      expect(response.status).toBe(404);
      const problem = await readProblem(response);
      expect(problem.type).toBe('https://creator-api.dev/problems/not-found');
      expect(problem.detail).toContain(foreign);
      expect(problem.detail).toContain(account);
      expect(problem.errors).toEqual([
        { path: 'body.creator_ids[1]', message: `No creator with id ${foreign} is on your roster.`, code: 'not_on_roster' },
        { path: 'body.creator_ids[2]', message: `No creator with id ${account} is on your roster.`, code: 'not_on_roster' },
      ]);
      expect(await deckState(t, [agencyId, otherAgency])).toEqual(before);
    });

    it('400 for invalid fields, listing each, and nothing is created', async () => {
      const before = await deckState(t, [agencyId]);
      const cases: [unknown, string, string?][] = [
        [{}, 'body.title', 'required'],
        [{ title: '   ' }, 'body.title'],
        [{ title: 'x'.repeat(121) }, 'body.title'],
        [{ title: 'T', slug: 'Has Caps' }, 'body.slug'],
        [{ title: 'T', slug: 'double--hyphen' }, 'body.slug'],
        [{ title: 'T', slug: 'x'.repeat(65) }, 'body.slug'],
        [{ title: 'T', accent_color: 'red' }, 'body.accent_color'],
        [{ title: 'T', background_color: '#12345' }, 'body.background_color'],
        [{ title: 'T', picture_url: 'http://cdn.example.com/p.png' }, 'body.picture_url'],
        [{ title: 'T', cover_url: 'ftp://cdn.example.com/c.png' }, 'body.cover_url'],
        [{ title: 'T', visibility: 'public' }, 'body.visibility'],
        [{ title: 'T', theme: 'neon' }, 'body.theme'],
        [{ title: 'T', cta: 'buyNow' }, 'body.cta'],
        [{ title: 'T', contact_email: 'not-an-email' }, 'body.contact_email'],
        [{ title: 'T', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'body.tags'],
        [{ title: 'T', tags: ['x'.repeat(41)] }, 'body.tags[0]'],
        [{ title: 'T', creator_ids: ['nope'] }, 'body.creator_ids[0]'],
        [{ title: 'T', creator_ids: [creators[0], creators[1], creators[0]] }, 'body.creator_ids[2]'],
        [{ title: 'T', agency_id: agencyId }, 'body.agency_id', 'unrecognized_key'],
        [{ title: 'T', has_password: true }, 'body.has_password', 'unrecognized_key'],
      ];
      for (const [body, path, code] of cases) {
        const response = await post(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        const problem = await readProblem(response);
        expect(problem.type).toBe('https://creator-api.dev/problems/validation-error');
        expect(problem.errors?.map((e) => e.path), JSON.stringify(body)).toEqual([path]);
        if (code) expect(problem.errors![0]!.code).toBe(code);
      }
      expect(await deckState(t, [agencyId])).toEqual(before);
    });
  });

  describe('PATCH /decks/{deck_id}', () => {
    let deck: Record<string, unknown> & { id: string };

    beforeAll(async () => {
      deck = (await (await post({ title: 'Patch Me', bio: 'Bio', tags: ['a'], creator_ids: [creators[0], creators[1]], accent_color: '#000000' })).json()).data;
    });

    it('changes only the supplied fields', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const response = await patch(deck.id, { title: 'Patched', location: 'Lisbon' });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data).toEqual({ ...deck, title: 'Patched', location: 'Lisbon', updated_at: expect.any(String) });
      expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(deck.updated_at as string));
      deck = data;
    });

    it('clears optional fields with null', async () => {
      const { data } = await (await patch(deck.id, { bio: null, accent_color: null, location: null })).json();
      expect(data).toMatchObject({ bio: null, accent_color: null, location: null, title: 'Patched', tags: ['a'] });
    });

    it('replaces creator_ids as a whole, in the given order, and [] empties the selection', async () => {
      const replaced = await patch(deck.id, { creator_ids: [creators[3], creators[1]] });
      expect(replaced.status).toBe(200);
      expect((await replaced.json()).data.creator_ids).toEqual([creators[3], creators[1]]);
      const emptied = await patch(deck.id, { creator_ids: [] });
      expect((await emptied.json()).data.creator_ids).toEqual([]);
      const back = await patch(deck.id, { creator_ids: [creators[1], creators[0]] });
      expect((await back.json()).data.creator_ids).toEqual([creators[1], creators[0]]);
    });

    it('404 naming a creator off the roster, and nothing changes (not even other fields)', async () => {
      const stranger = await rosterCreator(t, (await t.agency()).id);
      const before = await deckState(t, [agencyId]);
      const response = await patch(deck.id, { title: 'Should not stick', creator_ids: [creators[2], stranger] });
      expect(response.status).toBe(404);
      const problem = await readProblem(response);
      expect(problem.detail).toContain(stranger);
      expect(problem.errors).toEqual([{ path: 'body.creator_ids[1]', message: `No creator with id ${stranger} is on your roster.`, code: 'not_on_roster' }]);
      expect(await deckState(t, [agencyId])).toEqual(before);
    });

    it('409 for a slug another deck has; its own slug is fine; a new slug moves share_url', async () => {
      const other = (await (await post({ title: 'Slug Holder', slug: `slug-holder-${run}` })).json()).data;
      const before = await deckState(t, [agencyId]);
      const taken = await patch(deck.id, { slug: `slug-holder-${run}` });
      expect(taken.status).toBe(409);
      expect((await readProblem(taken)).errors![0]!.path).toBe('body.slug');
      expect(await deckState(t, [agencyId])).toEqual(before);
      expect((await patch(other.id, { slug: `slug-holder-${run}` })).status).toBe(200);
      const moved = await (await patch(deck.id, { slug: `patched-deck-${run}` })).json();
      expect(moved.data.share_url).toBe(`${BASE}/d/patched-deck-${run}`);
    });

    it('400 for an empty body, unknown or read-only properties and invalid values; nothing changes', async () => {
      const before = await deckState(t, [agencyId]);
      const empty = await patch(deck.id, {});
      expect(empty.status).toBe(400);
      expect((await readProblem(empty)).detail).toBe('Send at least one property to change.');
      const cases: [unknown, string][] = [
        [{ id: deck.id }, 'body.id'],
        [{ share_url: 'https://x.test' }, 'body.share_url'],
        [{ title: '' }, 'body.title'],
        [{ creator_ids: [creators[0], creators[0]] }, 'body.creator_ids[1]'],
        [{ visibility: 'secret' }, 'body.visibility'],
        [{ password: 42 }, 'body.password'],
      ];
      for (const [body, path] of cases) {
        const response = await patch(deck.id, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect((await readProblem(response)).errors?.map((e) => e.path)).toEqual([path]);
      }
      expect(await deckState(t, [agencyId])).toEqual(before);
    });

    it('404 for an unknown deck id; 400 for a malformed one', async () => {
      expect((await patch('0123456789abcdef01234567', { title: 'x' })).status).toBe(404);
      const malformed = await patch('nope', { title: 'x' });
      expect(malformed.status).toBe(400);
      expect((await readProblem(malformed)).errors![0]!.path).toBe('path.deck_id');
    });
  });

  describe('GET /decks', () => {
    it('lists the agency’s decks newest first, paged with a cursor bound to the list', async () => {
      const agency = (await t.agency({ plan: 'pro' })).id;
      const k = await t.key({ type: 'agency', id: agency }, ['decks:read', 'decks:write']);
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await (await post({ title: `Deck ${i}` }, k)).json()).data.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
        const response = await t.request(`/public/v1/decks${query}`, { key: k });
        expect(response.status).toBe(200);
        const body = await response.json();
        expect(body.meta.limit).toBe(2);
        seen.push(...body.data.map((d: { id: string }) => d.id));
        cursor = body.meta.next_cursor;
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());

      const firstPage = await (await t.request('/public/v1/decks?limit=1', { key: k })).json();
      const foreign = await t.request(`/public/v1/decks?cursor=${encodeURIComponent(firstPage.meta.next_cursor)}`, { key });
      expect(foreign.status).toBe(400);
      expect((await readProblem(foreign)).type).toBe('https://creator-api.dev/problems/invalid-cursor');
      expect((await t.request('/public/v1/decks?limit=101', { key: k })).status).toBe(400);
    });
  });

  describe('pitch-deck allowance', () => {
    it('lets exactly the allowance through when 10 creates race on the free plan (3)', async () => {
      const agency = (await t.agency({ plan: 'free' })).id;
      const k = await t.key({ type: 'agency', id: agency }, ['decks:write']);
      const member = await rosterCreator(t, agency);
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => post({ title: `Race ${i}`, creator_ids: [member] }, k)));
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 201, 403, 403, 403, 403, 403, 403, 403]);
      const refused = responses.find((r) => r.status === 403)!;
      const problem = await readProblem(refused);
      expect(problem.type).toBe('https://creator-api.dev/problems/plan-limit-reached');
      expect(problem.detail).toContain('free plan allows 3 pitch decks');
      expect(await t.db.deck.count({ where: { agencyId: agency } })).toBe(3);
      expect(await t.db.deckCreator.count({ where: { creatorId: member } })).toBe(3);
      expect((await t.db.agency.findUniqueOrThrow({ where: { id: agency } })).deckCount).toBe(3);
    });

    it('does not use a slot on a refused create, and follows a plan change at once', async () => {
      const agency = (await t.agency({ plan: 'free' })).id;
      const k = await t.key({ type: 'agency', id: agency }, ['decks:write', 'decks:read']);
      for (let i = 0; i < 2; i += 1) expect((await post({ title: `Keep ${i}` }, k)).status).toBe(201);
      expect((await post({ title: 'Off roster', creator_ids: ['0123456789abcdef01234567'] }, k)).status).toBe(404);
      expect((await post({ title: 'Bad', accent_color: 'blue' }, k)).status).toBe(400);
      expect((await post({ title: 'Third' }, k)).status).toBe(201);
      const before = await deckState(t, [agency]);
      const over = await post({ title: 'Fourth' }, k);
      expect(over.status).toBe(403);
      expect(await deckState(t, [agency])).toEqual(before);
      const existing = (await (await t.request('/public/v1/decks', { key: k })).json()).data[0];
      expect((await patch(existing.id, { title: 'Still editable' }, k)).status).toBe(200);

      await setPlan(t.db, operatorActor(), { type: 'agency', id: agency }, { planCode: 'pro' });
      expect((await post({ title: 'Fourth' }, k)).status).toBe(201);
    });
  });
});
