import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { router, apiProcedure } from '../../src/server/trpc/procedures';
import { single } from '../../src/server/routers/shared/schemas';
import { appRouter } from '../../src/server/routers/app';
import { newObjectId } from '../../src/server/lib/object-id';
import { ABANDONED_CLAIM_MS } from '../../src/server/services/idempotency-keys';
import { requestFingerprint } from '../../src/server/trpc/idempotency';
import { readProblem, startTestApp, type TestApp } from '../support/app';

/** Keys and slugs unique per run: on PostgreSQL every test file shares one database. */
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let seq = 0;
const newKey = () => `key-${run}-${(seq += 1)}`;

let fingerprints = new Map<string, string>();
const fingerprintOf = (body: object) => fingerprints.get(JSON.stringify(body))!;

describe('Idempotency-Key', () => {
  let t: TestApp;
  let agencyId: string;
  let key: string;

  const postDeck = (json: unknown, idempotencyKey?: string, k = key) =>
    t.request('/public/v1/decks', {
      method: 'POST',
      key: k,
      json,
      headers: idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey },
    });
  const deckCount = () => t.db.deck.count({ where: { agencyId } });

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency({ plan: 'scale' })).id;
    key = await t.key({ type: 'agency', id: agencyId }, ['decks:read', 'decks:write', 'roster:write', 'roster:read']);
    const abandoned = { title: `Abandoned ${run}` };
    fingerprints = new Map([[JSON.stringify(abandoned), await requestFingerprint('POST', '/decks', abandoned)]]);
  });
  afterAll(() => t.close());

  it('replays the first response to a retry: same status and body, Idempotent-Replayed, a fresh request id, one deck', async () => {
    const idem = newKey();
    const before = await deckCount();
    const first = await postDeck({ title: `Retry ${run}` }, idem);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();

    const again = await postDeck({ title: `Retry ${run}` }, idem);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const againBody = await again.json();
    expect(againBody.data).toEqual(firstBody.data);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(againBody.request_id).toBe(again.headers.get('x-request-id'));
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await deckCount()).toBe(before + 1);
  });

  it('treats the body canonically: the same fields in another order are the same request', async () => {
    const idem = newKey();
    const first = await postDeck({ title: `Order ${run}`, theme: 'dark' }, idem);
    const again = await t.request('/public/v1/decks', {
      method: 'POST',
      key,
      headers: { 'Idempotency-Key': idem, 'Content-Type': 'application/json' },
      body: `{ "theme": "dark",   "title": "Order ${run}" }`,
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).data.id).toBe((await first.json()).data.id);
  });

  it('answers 422 idempotency-key-reused when the key comes back with another body or path', async () => {
    const idem = newKey();
    expect((await postDeck({ title: `Original ${run}` }, idem)).status).toBe(201);
    const before = await deckCount();

    const otherBody = await postDeck({ title: `Different ${run}` }, idem);
    expect(otherBody.status).toBe(422);
    const problem = await readProblem(otherBody);
    expect(problem.type).toBe('https://creator-api.dev/problems/idempotency-key-reused');
    expect(problem.request_id).toBe(otherBody.headers.get('x-request-id'));

    const otherPath = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: 'Someone' }, headers: { 'Idempotency-Key': idem } });
    expect(otherPath.status).toBe(422);
    expect(await deckCount()).toBe(before);
  });

  it('does not store a 400: the corrected retry with the same key runs', async () => {
    const idem = newKey();
    const invalid = await postDeck({ title: '' }, idem);
    expect(invalid.status).toBe(400);
    const corrected = await postDeck({ title: `Corrected ${run}` }, idem);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });

  it('never claims the key on 401 or 403: the retry with a proper key runs', async () => {
    const idem = newKey();
    const readOnly = await t.key({ type: 'agency', id: agencyId }, ['decks:read']);
    expect((await postDeck({ title: `Scoped ${run}` }, idem, 'crk_agency_not-a-real-key')).status).toBe(401);
    expect((await postDeck({ title: `Scoped ${run}` }, idem, readOnly)).status).toBe(403);
    expect(await t.db.idempotencyKey.count({ where: { subjectId: agencyId, key: idem } })).toBe(0);
    const allowed = await postDeck({ title: `Scoped ${run}` }, idem);
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('stores and replays an answer the operation gave (409 for a taken slug)', async () => {
    const slug = `taken-${run}`;
    expect((await postDeck({ title: 'Holder', slug })).status).toBe(201);
    const idem = newKey();
    const first = await postDeck({ title: 'Second', slug }, idem);
    expect(first.status).toBe(409);
    const again = await postDeck({ title: 'Second', slug }, idem);
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe('application/problem+json');
    const [a, b] = [await readProblem(first), await readProblem(again)];
    expect(b.detail).toBe(a.detail);
    expect(b.request_id).not.toBe(a.request_id);
  });

  it('scopes keys to the subject: another agency using the same key value gets its own deck', async () => {
    const other = (await t.agency({ plan: 'scale' })).id;
    const otherKey = await t.key({ type: 'agency', id: other }, ['decks:write']);
    const idem = newKey();
    const mine = await (await postDeck({ title: `Mine ${run}` }, idem)).json();
    const theirs = await postDeck({ title: `Mine ${run}` }, idem, otherKey);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect((await theirs.json()).data.id).not.toBe(mine.data.id);
  });

  it('shares keys between the keys of one subject', async () => {
    const secondKey = await t.key({ type: 'agency', id: agencyId }, ['decks:write']);
    const idem = newKey();
    const first = await (await postDeck({ title: `Shared ${run}` }, idem)).json();
    const again = await postDeck({ title: `Shared ${run}` }, idem, secondKey);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).data.id).toBe(first.data.id);
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    for (const bad of ['x'.repeat(256), 'tab\there', 'naïve']) {
      const response = await t.request('/public/v1/decks', {
        method: 'POST',
        key,
        json: { title: 'Bad key' },
        headers: { 'Idempotency-Key': Buffer.from(bad, 'utf8').toString('latin1') },
      });
      expect(response.status, bad).toBe(400);
      expect((await readProblem(response)).errors).toEqual([
        { path: 'header.Idempotency-Key', message: 'Must be 1–255 printable ASCII characters.', code: 'invalid_header' },
      ]);
    }
  });

  it('ignores an expired key (24 h): the request runs again', async () => {
    const idem = newKey();
    const first = await (await postDeck({ title: `Expiring ${run}` }, idem)).json();
    await t.db.idempotencyKey.updateMany({ where: { subjectId: agencyId, key: idem }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const again = await postDeck({ title: `Expiring ${run}` }, idem);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect((await again.json()).data.id).not.toBe(first.data.id);
  });

  it('replays PATCH too', async () => {
    const deck = (await (await postDeck({ title: `Patched ${run}` })).json()).data;
    const idem = newKey();
    const patch = () =>
      t.request(`/public/v1/decks/${deck.id}`, { method: 'PATCH', key, json: { bio: 'Once' }, headers: { 'Idempotency-Key': idem } });
    const first = await patch();
    expect(first.status).toBe(200);
    const again = await patch();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).data.updated_at).toBe((await first.json()).data.updated_at);
  });

  it('replays Location for a 202 (CSV import) and creates one import', async () => {
    const idem = newKey();
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([`display_name,instagram\nIdem Row,@idem.${run}\n`], { type: 'text/csv' }), 'idem.csv');
      return t.request('/public/v1/creator-imports', { method: 'POST', key, body: form, headers: { 'Idempotency-Key': idem } });
    };
    const first = await upload();
    expect(first.status).toBe(202);
    const again = await upload();
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect((await again.json()).data.id).toBe((await first.json()).data.id);
  });

  it('makes POST /creators without socials safe to retry', async () => {
    const idem = newKey();
    const send = () => t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: `No Socials ${run}` }, headers: { 'Idempotency-Key': idem } });
    const first = await (await send()).json();
    const again = await send();
    expect(again.status).toBe(201);
    expect((await again.json()).data.creator.id).toBe(first.data.creator.id);
    expect(await t.db.creator.count({ where: { displayName: `No Socials ${run}` } })).toBe(1);
  });

  it('answers 409 for a fresh unfinished claim, and lets a retry take over one abandoned by a crashed process', async () => {
    const idem = newKey();
    const body = { title: `Abandoned ${run}` };
    const claim = (lockedAt: Date) =>
      t.db.idempotencyKey.create({
        data: {
          id: newObjectId(),
          subjectType: 'agency',
          subjectId: agencyId,
          key: idem,
          fingerprint: fingerprintOf(body),
          lockedAt,
          expiresAt: new Date(Date.now() + 60_000),
        },
      });
    await claim(new Date());
    expect((await postDeck(body, idem)).status).toBe(409);
    await t.db.idempotencyKey.deleteMany({ where: { subjectId: agencyId, key: idem } });

    await claim(new Date(Date.now() - ABANDONED_CLAIM_MS - 1000));
    const takeover = await postDeck(body, idem);
    expect(takeover.status).toBe(201);
    expect(takeover.headers.get('idempotent-replayed')).toBeNull();
    expect((await postDeck(body, idem)).headers.get('idempotent-replayed')).toBe('true');
  });
});

/** A probe router whose operation waits until the test lets it finish, and can fail on demand. */
function gatedRouter() {
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const state = { runs: 0, failNext: false };
  const probe = apiProcedure
    .meta({ openapi: { method: 'POST', path: '/probe/slow' }, access: { agency: null } })
    .input(z.strictObject({ n: z.number().int() }))
    .output(single(z.object({ run: z.number().int() })))
    .mutation(async ({ ctx }) => {
      state.runs += 1;
      const runNumber = state.runs;
      await gate;
      if (state.failNext) {
        state.failNext = false;
        throw new Error('the database went away');
      }
      ctx.response.status = 201;
      return { data: { run: runNumber } };
    });
  return {
    router: router({ probe: router({ slow: probe }) }),
    state,
    hold() {
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

describe('Idempotency-Key while the first request runs, and after a failure', () => {
  let t: TestApp;
  let key: string;
  const gated = gatedRouter();
  const call = (idem: string) =>
    t.request('/public/v1/probe/slow', { method: 'POST', key, json: { n: 1 }, headers: { 'Idempotency-Key': idem } });

  beforeAll(async () => {
    t = await startTestApp({ router: gated.router });
    key = await t.key({ type: 'agency', id: (await t.agency()).id });
  });
  afterAll(() => t.close());

  it('answers 409 idempotency-key-in-use with Retry-After: 1 until the first finishes, then replays', async () => {
    const idem = newKey();
    gated.hold();
    const first = call(idem);
    while (gated.state.runs === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const concurrent = await call(idem);
    expect(concurrent.status).toBe(409);
    expect(concurrent.headers.get('retry-after')).toBe('1');
    expect((await readProblem(concurrent)).type).toBe('https://creator-api.dev/problems/idempotency-key-in-use');
    gated.release();
    const firstResponse = await first;
    expect(firstResponse.status).toBe(201);
    const replay = await call(idem);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await replay.json()).data).toEqual((await firstResponse.json()).data);
  });

  it('does not store a 500: the retry runs the operation again', async () => {
    const idem = newKey();
    gated.state.failNext = true;
    const runsBefore = gated.state.runs;
    expect((await call(idem)).status).toBe(500);
    const retry = await call(idem);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(gated.state.runs).toBe(runsBefore + 2);
  });
});

/**
 * Exactly once under concurrency: one row claimed before the operation runs, settled by the unique
 * index. PostgreSQL only, with two app instances on one database (PGlite is a single session).
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('Idempotency-Key under concurrency (PostgreSQL, two instances)', () => {
  let a: TestApp;
  let b: TestApp;
  let agencyId: string;
  let key: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([startTestApp({ router: appRouter }), startTestApp({ router: appRouter })]);
    agencyId = (await a.agency({ plan: 'scale' })).id;
    key = await a.key({ type: 'agency', id: agencyId }, ['decks:write', 'campaigns:write']);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('10 concurrent identical POST /decks with one key create one deck; the others replay it or are told to retry', async () => {
    const idem = newKey();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).request('/public/v1/decks', { method: 'POST', key, json: { title: `Concurrent ${run}` }, headers: { 'Idempotency-Key': idem } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join(',')).toBe(true);
    expect(responses.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    for (const r of responses.filter((r) => r.status === 409)) expect(r.headers.get('retry-after')).toBe('1');
    expect(await a.db.deck.count({ where: { agencyId, title: `Concurrent ${run}` } })).toBe(1);

    // Retrying the ones told to wait now replays the one deck.
    const retried = await a.request('/public/v1/decks', { method: 'POST', key, json: { title: `Concurrent ${run}` }, headers: { 'Idempotency-Key': idem } });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await a.db.deck.count({ where: { agencyId, title: `Concurrent ${run}` } })).toBe(1);
  });

  it('10 concurrent identical POST /campaigns with one key create one campaign', async () => {
    const idem = newKey();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).request('/public/v1/campaigns', { method: 'POST', key, json: { name: `Concurrent ${run}` }, headers: { 'Idempotency-Key': idem } }),
      ),
    );
    expect(await a.db.campaign.count({ where: { ownerId: agencyId, name: `Concurrent ${run}` } })).toBe(1);
  });
});
