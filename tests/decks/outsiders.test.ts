import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { deckState, rosterCreator } from './fixtures';

const PROBLEM = 'https://creator-api.dev/problems/';

describe('decks: outsiders are refused and change nothing', () => {
  let t: TestApp;
  let agencyId: string;
  let otherAgencyId: string;
  let deckId: string;
  let memberId: string;
  let keys: Record<'owner' | 'otherAgency' | 'creator' | 'readOnly' | 'writeOnly' | 'campaignsOnly', string>;

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency({ plan: 'pro' })).id;
    otherAgencyId = (await t.agency({ plan: 'pro' })).id;
    const creatorId = (await t.creatorAccount()).id;
    memberId = await rosterCreator(t, agencyId);
    keys = {
      owner: await t.key({ type: 'agency', id: agencyId }, ['decks:read', 'decks:write']),
      otherAgency: await t.key({ type: 'agency', id: otherAgencyId }, ['all']),
      creator: await t.key({ type: 'creator', id: creatorId }, ['all']),
      readOnly: await t.key({ type: 'agency', id: agencyId }, ['decks:read']),
      writeOnly: await t.key({ type: 'agency', id: agencyId }, ['decks:write']),
      campaignsOnly: await t.key({ type: 'agency', id: agencyId }, ['campaigns:read', 'campaigns:write', 'roster:read', 'roster:write']),
    };
    const created = await t.request('/public/v1/decks', { method: 'POST', key: keys.owner, json: { title: 'Owned', creator_ids: [memberId] } });
    deckId = (await created.json()).data.id;
  });
  afterAll(() => t.close());

  const operations = () => [
    { name: 'GET /decks', path: '/public/v1/decks', init: {} },
    { name: 'POST /decks', path: '/public/v1/decks', init: { method: 'POST', json: { title: 'Intruder', creator_ids: [memberId] } } },
    { name: 'GET /decks/{id}', path: `/public/v1/decks/${deckId}`, init: {} },
    { name: 'PATCH /decks/{id}', path: `/public/v1/decks/${deckId}`, init: { method: 'PATCH', json: { title: 'Hijacked', creator_ids: [] } } },
  ];

  async function expectRefused(key: string | undefined, expected: Record<string, [number, string]>) {
    const before = await deckState(t, [agencyId, otherAgencyId]);
    for (const op of operations()) {
      const response = await t.request(op.path, { ...op.init, key });
      const [status, slug] = expected[op.name]!;
      expect(response.status, op.name).toBe(status);
      expect(response.headers.get('content-type'), op.name).toBe('application/problem+json');
      expect((await readProblem(response)).type, op.name).toBe(`${PROBLEM}${slug}`);
    }
    expect(await deckState(t, [agencyId, otherAgencyId])).toEqual(before);
  }

  it('401 without a key', async () => {
    const all: [number, string] = [401, 'authentication-required'];
    await expectRefused(undefined, { 'GET /decks': all, 'POST /decks': all, 'GET /decks/{id}': all, 'PATCH /decks/{id}': all });
  });

  it('403 subject-not-allowed for a creator key, even with every scope', async () => {
    const all: [number, string] = [403, 'subject-not-allowed'];
    await expectRefused(keys.creator, { 'GET /decks': all, 'POST /decks': all, 'GET /decks/{id}': all, 'PATCH /decks/{id}': all });
  });

  it('403 insufficient-scope without decks scopes', async () => {
    const all: [number, string] = [403, 'insufficient-scope'];
    await expectRefused(keys.campaignsOnly, { 'GET /decks': all, 'POST /decks': all, 'GET /decks/{id}': all, 'PATCH /decks/{id}': all });
  });

  it('decks:read cannot write and decks:write cannot read', async () => {
    const before = await deckState(t, [agencyId]);
    const scopeProblem = async (response: Response) => {
      expect(response.status).toBe(403);
      expect((await readProblem(response)).type).toBe(`${PROBLEM}insufficient-scope`);
    };
    expect((await t.request('/public/v1/decks', { key: keys.readOnly })).status).toBe(200);
    expect((await t.request(`/public/v1/decks/${deckId}`, { key: keys.readOnly })).status).toBe(200);
    await scopeProblem(await t.request('/public/v1/decks', { method: 'POST', key: keys.readOnly, json: { title: 'x' } }));
    await scopeProblem(await t.request(`/public/v1/decks/${deckId}`, { method: 'PATCH', key: keys.readOnly, json: { title: 'x' } }));
    await scopeProblem(await t.request('/public/v1/decks', { key: keys.writeOnly }));
    await scopeProblem(await t.request(`/public/v1/decks/${deckId}`, { key: keys.writeOnly }));
    // Past authorization, an invalid body is what stops these (400), so nothing is written.
    expect((await t.request('/public/v1/decks', { method: 'POST', key: keys.writeOnly, json: { title: '' } })).status).toBe(400);
    expect((await t.request(`/public/v1/decks/${deckId}`, { method: 'PATCH', key: keys.writeOnly, json: {} })).status).toBe(400);
    expect(await deckState(t, [agencyId])).toEqual(before);
  });

  it('another agency gets 404 on the deck (no hint it exists), an empty list, and 404 for our roster creators', async () => {
    const before = await deckState(t, [agencyId, otherAgencyId]);
    const list = await t.request('/public/v1/decks', { key: keys.otherAgency });
    expect(list.status).toBe(200);
    expect((await list.json()).data).toEqual([]);
    const get = await t.request(`/public/v1/decks/${deckId}`, { key: keys.otherAgency });
    const unknown = await t.request('/public/v1/decks/0123456789abcdef01234567', { key: keys.otherAgency });
    expect(get.status).toBe(404);
    const [theirs, missing] = [await readProblem(get), await readProblem(unknown)];
    expect(theirs.type).toBe(`${PROBLEM}not-found`);
    expect(theirs.detail.replace(deckId, 'ID')).toBe(missing.detail.replace('0123456789abcdef01234567', 'ID'));
    const patch = await t.request(`/public/v1/decks/${deckId}`, { method: 'PATCH', key: keys.otherAgency, json: { title: 'Hijacked', password: 'hijacked-pass' } });
    expect(patch.status).toBe(404);
    expect((await readProblem(patch)).type).toBe(`${PROBLEM}not-found`);
    const post = await t.request('/public/v1/decks', { method: 'POST', key: keys.otherAgency, json: { title: 'Poach', creator_ids: [memberId] } });
    expect(post.status).toBe(404);
    expect((await readProblem(post)).errors![0]!.path).toBe('body.creator_ids[0]');
    const repoint = await t.request(`/public/v1/decks/${deckId}`, { method: 'PATCH', key: keys.owner, json: { creator_ids: [memberId, await rosterCreator(t, otherAgencyId)] } });
    expect(repoint.status).toBe(404);
    expect(await deckState(t, [agencyId, otherAgencyId])).toEqual(before);
  });

  it('checks the key before the body: 401, then 403, then 400', async () => {
    const bad = { junk: true };
    expect((await t.request('/public/v1/decks', { method: 'POST', json: bad })).status).toBe(401);
    expect((await t.request('/public/v1/decks', { method: 'POST', key: keys.creator, json: bad })).status).toBe(403);
    expect((await t.request('/public/v1/decks', { method: 'POST', key: keys.readOnly, json: bad })).status).toBe(403);
    expect((await t.request('/public/v1/decks', { method: 'POST', key: keys.owner, json: bad })).status).toBe(400);
  });
});
