import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/routers/app';
import { readProblem, startTestApp, type TestApp } from '../support/app';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ETAG = /^"[A-Za-z0-9_-]{32}"$/;

describe('ETag and conditional requests', () => {
  let t: TestApp;
  let agencyKey: string;
  let creatorKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    const agencyId = (await t.agency({ plan: 'scale' })).id;
    agencyKey = await t.key({ type: 'agency', id: agencyId });
    creatorKey = await t.key({ type: 'creator', id: (await t.creatorAccount()).id });
  });
  afterAll(() => t.close());

  const newDeck = async () => {
    const response = await t.request('/public/v1/decks', { method: 'POST', key: agencyKey, json: { title: `Etag ${run}` } });
    return { response, deck: (await response.json()).data as { id: string; title: string } };
  };

  it('gives a single-resource GET a strong ETag that the POST returning it already carried', async () => {
    const { response: created, deck } = await newDeck();
    const createdTag = created.headers.get('etag');
    expect(createdTag).toMatch(ETAG);
    const got = await t.request(`/public/v1/decks/${deck.id}`, { key: agencyKey });
    expect(got.headers.get('etag')).toBe(createdTag);
    // Stable across requests although request_id differs.
    const again = await t.request(`/public/v1/decks/${deck.id}`, { key: agencyKey });
    expect(again.headers.get('etag')).toBe(createdTag);
  });

  it('sends no ETag on lists', async () => {
    const list = await t.request('/public/v1/decks', { key: agencyKey });
    expect(list.status).toBe(200);
    expect(list.headers.get('etag')).toBeNull();
  });

  it('answers 304 with no body to a matching If-None-Match (weak or listed), 200 once the resource changed', async () => {
    const { deck } = await newDeck();
    const path = `/public/v1/decks/${deck.id}`;
    const tag = (await t.request(path, { key: agencyKey })).headers.get('etag')!;
    for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const notModified = await t.request(path, { key: agencyKey, headers: { 'If-None-Match': ifNoneMatch } });
      expect(notModified.status, ifNoneMatch).toBe(304);
      expect(await notModified.text()).toBe('');
      expect(notModified.headers.get('etag')).toBe(tag);
      expect(notModified.headers.get('x-request-id')).toMatch(/^req_/);
      expect(notModified.headers.get('ratelimit-remaining')).not.toBeNull();
    }
    await t.request(path, { method: 'PATCH', key: agencyKey, json: { bio: 'Changed' } });
    const changed = await t.request(path, { key: agencyKey, headers: { 'If-None-Match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });

  it('refuses a PATCH whose If-Match is stale with 412 and changes nothing; the current ETag or * goes through', async () => {
    const { deck } = await newDeck();
    const path = `/public/v1/decks/${deck.id}`;
    const original = (await t.request(path, { key: agencyKey })).headers.get('etag')!;
    const first = await t.request(path, { method: 'PATCH', key: agencyKey, json: { bio: 'First editor' }, headers: { 'If-Match': original } });
    expect(first.status).toBe(200);
    const current = first.headers.get('etag')!;
    expect(current).not.toBe(original);

    const stale = await t.request(path, { method: 'PATCH', key: agencyKey, json: { bio: 'Second editor' }, headers: { 'If-Match': original } });
    expect(stale.status).toBe(412);
    expect((await readProblem(stale)).type).toBe('https://creator-api.dev/problems/precondition-failed');
    expect((await (await t.request(path, { key: agencyKey })).json()).data.bio).toBe('First editor');

    const weak = await t.request(path, { method: 'PATCH', key: agencyKey, json: { bio: 'Weak' }, headers: { 'If-Match': `W/${current}` } });
    expect(weak.status).toBe(412);

    const fresh = await t.request(path, { method: 'PATCH', key: agencyKey, json: { bio: 'Second editor' }, headers: { 'If-Match': current } });
    expect(fresh.status).toBe(200);
    const star = await t.request(path, { method: 'PATCH', key: agencyKey, json: { bio: 'Anyone' }, headers: { 'If-Match': '*' } });
    expect(star.status).toBe(200);
  });

  it('answers 404 (not 412) for If-Match on a deck that is not yours', async () => {
    const missing = await t.request('/public/v1/decks/aaaaaaaaaaaaaaaaaaaaaaaa', {
      method: 'PATCH',
      key: agencyKey,
      json: { bio: 'x' },
      headers: { 'If-Match': '"abc"' },
    });
    expect(missing.status).toBe(404);
  });

  it('applies If-Match to every PATCH: media kits, campaigns and the link-in-bio page', async () => {
    const kit = (await (await t.request('/public/v1/media-kits', { method: 'POST', key: creatorKey })).json()).data.media_kit;
    const campaign = (await (await t.request('/public/v1/campaigns', { method: 'POST', key: creatorKey, json: { name: `C ${run}` } })).json()).data;
    await t.request('/public/v1/link-in-bio', { method: 'POST', key: creatorKey, json: { slug: `etag-${run}`, username: `etag${run}` } });
    const cases = [
      { path: `/public/v1/media-kits/${kit.id}`, change: { headline: 'New headline' } },
      { path: `/public/v1/campaigns/${campaign.id}`, change: { description: 'New description' } },
      { path: '/public/v1/link-in-bio', change: { bio: 'New bio' } },
    ];
    for (const { path, change } of cases) {
      const got = await t.request(path, { key: creatorKey });
      expect(got.status, path).toBe(200);
      const tag = got.headers.get('etag')!;
      expect(tag, path).toMatch(ETAG);
      const ok = await t.request(path, { method: 'PATCH', key: creatorKey, json: change, headers: { 'If-Match': tag } });
      expect(ok.status, path).toBe(200);
      expect(ok.headers.get('etag'), path).toBe((await t.request(path, { key: creatorKey })).headers.get('etag'));
      const stale = await t.request(path, { method: 'PATCH', key: creatorKey, json: change, headers: { 'If-Match': tag } });
      expect(stale.status, path).toBe(412);
    }
  });
});

/**
 * The check and the write must not let a concurrent update slip in between: with one If-Match,
 * exactly one of several concurrent PATCHes wins. PostgreSQL only (two instances, real concurrency).
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('If-Match under concurrent edits (PostgreSQL, two instances)', () => {
  let a: TestApp;
  let b: TestApp;
  let agencyKey: string;
  let creatorKey: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([startTestApp({ router: appRouter }), startTestApp({ router: appRouter })]);
    agencyKey = await a.key({ type: 'agency', id: (await a.agency({ plan: 'scale' })).id });
    creatorKey = await a.key({ type: 'creator', id: (await a.creatorAccount()).id });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  async function race(path: string, key: string, field: string) {
    const tag = (await a.request(path, { key })).headers.get('etag')!;
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).request(path, { method: 'PATCH', key, json: { [field]: `Editor ${i}` }, headers: { 'If-Match': tag } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200), `${path}: ${statuses.join(',')}`).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(7);
    const winner = await responses[statuses.indexOf(200)]!.json();
    expect((await (await a.request(path, { key })).json()).data[field]).toBe(winner.data[field]);
  }

  it('lets exactly one of 8 concurrent PATCH /decks with the same If-Match win', async () => {
    const deck = (await (await a.request('/public/v1/decks', { method: 'POST', key: agencyKey, json: { title: `Race ${run}` } })).json()).data;
    await race(`/public/v1/decks/${deck.id}`, agencyKey, 'bio');
  });

  it('does the same for media kits, campaigns and the link-in-bio page', async () => {
    const kit = (await (await a.request('/public/v1/media-kits', { method: 'POST', key: creatorKey })).json()).data.media_kit;
    await race(`/public/v1/media-kits/${kit.id}`, creatorKey, 'headline');
    const campaign = (await (await a.request('/public/v1/campaigns', { method: 'POST', key: creatorKey, json: { name: `Race ${run}` } })).json()).data;
    await race(`/public/v1/campaigns/${campaign.id}`, creatorKey, 'description');
    await a.request('/public/v1/link-in-bio', { method: 'POST', key: creatorKey, json: { slug: `race-${run}`, username: `race${run}` } });
    await race('/public/v1/link-in-bio', creatorKey, 'bio');
  });
});
