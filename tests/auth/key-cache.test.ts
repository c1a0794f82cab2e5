import pg from 'pg';
import { operatorActor } from '../../src/server/domain/actor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey } from '../../src/server/auth/key-format';
import { newObjectId } from '../../src/server/lib/object-id';
import { setPlan } from '../../src/server/services/accounts';
import { ApiKeyCache, type KeyRecord } from '../../src/server/services/api-key-cache';
import type { SqlQuery } from '../../src/server/db/database';
import { authenticateApiKey, revokeApiKey } from '../../src/server/services/api-keys';
import { readProblem, startTestApp, type TestApp } from '../support/app';

const record = (id: string, subjectId = 'a1'): KeyRecord => ({
  id,
  subjectType: 'agency',
  subjectId,
  userId: 'u1',
  scopes: ['roster:read'],
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  entitlement: 'active',
  planCode: 'free',
  pitchDeckAllowance: 3,
  sponsorshipMatches: false,
});

describe('ApiKeyCache', () => {
  it('serves a stored key until its TTL, then asks again', () => {
    let now = 0;
    const cache = new ApiKeyCache({ ttlMs: 1000, now: () => now });
    cache.store('h1', record('k1'), cache.startLookup());
    expect(cache.get('h1')?.id).toBe('k1');
    now = 1001;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('drops a key by id, a subject’s keys, or everything', () => {
    const cache = new ApiKeyCache();
    cache.store('h1', record('k1', 'a1'), cache.startLookup());
    cache.store('h2', record('k2', 'a1'), cache.startLookup());
    cache.store('h3', record('k3', 'a2'), cache.startLookup());
    cache.invalidate('key:k1');
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')).toBeDefined();
    cache.invalidate('subject:agency:a1');
    expect(cache.get('h2')).toBeUndefined();
    expect(cache.get('h3')).toBeDefined();
    cache.invalidate('all');
    expect(cache.size).toEqual({ keys: 0, unknown: 0 });
  });

  it('does not store a lookup that was in flight when an invalidation arrived', () => {
    const cache = new ApiKeyCache();
    const started = cache.startLookup();
    cache.invalidate('key:k1'); // e.g. the revoke's notification, arriving while the read was under way
    cache.store('h1', record('k1'), started);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('answers a lapsed key from the cache while the database is unreachable (stale if error), within a bound', async () => {
    let now = 0;
    const cache = new ApiKeyCache({ ttlMs: 1000, staleIfErrorMs: 60_000, now: () => now });
    cache.store('h1', record('k1'), cache.startLookup());
    // A real refused connection: what the key lookup meets when PostgreSQL is down.
    const unreachable = () => new pg.Client({ host: '127.0.0.1', port: 1 }).connect().then(() => record('never'));
    now = 30_000;
    expect(cache.get('h1')).toBeUndefined();
    expect((await cache.lookup('h1', unreachable))?.id).toBe('k1');
    // Any other failure is not an outage: it is thrown, not papered over.
    await expect(cache.lookup('h1', () => Promise.reject(new Error('syntax error at or near')))).rejects.toThrow('syntax error');
    // A revoke's invalidation drops the stale entry too.
    cache.invalidate('key:k1');
    await expect(cache.lookup('h1', unreachable)).rejects.toThrow(/ECONNREFUSED/);
    // And past the bound the outage is the caller's to report.
    cache.store('h2', record('k2'), cache.startLookup());
    now = 30_000 + 1000 + 60_000;
    expect(cache.get('h2')).toBeUndefined();
    await expect(cache.lookup('h2', unreachable)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('remembers unknown hashes briefly and boundedly', () => {
    let now = 0;
    const cache = new ApiKeyCache({ unknownTtlMs: 500, maxUnknown: 100, maxEntries: 10, now: () => now });
    for (let i = 0; i < 1000; i += 1) cache.store(`guess${i}`, null, cache.startLookup());
    expect(cache.size.unknown).toBe(100);
    expect(cache.get('guess999')).toBeNull();
    now = 501;
    expect(cache.get('guess999')).toBeUndefined();
    for (let i = 0; i < 50; i += 1) cache.store(`h${i}`, record(`k${i}`), cache.startLookup());
    expect(cache.size.keys).toBe(10);
  });
});

describe('key cache in the service', () => {
  let t: TestApp;
  let agencyId: string;
  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency()).id;
  });
  afterAll(() => t.close());

  it('serves repeated requests for one key from memory and sees its own revoke at once', async () => {
    const key = await t.key({ type: 'agency', id: agencyId }, ['roster:read']);
    expect((await t.request('/public/v1/me', { key })).status).toBe(200);
    const before = t.app.services.keyCache.size.keys;
    expect(before).toBeGreaterThan(0);
    expect((await t.request('/public/v1/me', { key })).status).toBe(200);
    expect(t.app.services.keyCache.size.keys).toBe(before);
    const stored = await t.db.apiKey.findFirstOrThrow({ where: { subjectId: agencyId }, orderBy: { id: 'desc' } });
    await revokeApiKey(t.db, operatorActor(), stored.id);
    const response = await t.request('/public/v1/me', { key });
    expect(response.status).toBe(401);
    expect((await readProblem(response)).type).toMatch(/api-key-revoked$/);
  });

  it('reads a key that is not cached once for 50 concurrent requests; a request after an invalidation reads again', async () => {
    const key = await t.key({ type: 'agency', id: agencyId }, ['roster:read']);
    const cache = new ApiKeyCache();
    let keyReads = 0;
    const sql: SqlQuery = (text, params, options) => {
      if (text.includes('api_keys')) keyReads += 1;
      return t.app.services.sql(text, params, options);
    };
    const authenticated = await Promise.all(Array.from({ length: 50 }, () => authenticateApiKey(sql, key, cache)));
    expect(keyReads).toBe(1);
    expect(new Set(authenticated.map((auth) => auth.keyId)).size).toBe(1);
    expect(cache.size.keys).toBe(1);

    // The TTL lapsed (cleared here): the next wave shares one read again…
    cache.clear();
    const before = authenticateApiKey(sql, key, cache);
    // …but a revoke's message arriving meanwhile means that read may predate it: later requests read anew.
    cache.invalidate('all');
    const after = authenticateApiKey(sql, key, cache);
    await Promise.all([before, after]);
    expect(keyReads).toBe(3);
  });

  it('accepts a key created moments after its secret was refused as unknown', async () => {
    const user = (await t.db.agency.findUniqueOrThrow({ where: { id: agencyId } })).ownerUserId;
    const generated = generateKey('agency');
    expect((await t.request('/public/v1/me', { key: generated.secret })).status).toBe(401);
    await t.db.apiKey.create({
      data: { id: newObjectId(), name: 'late', subjectType: 'agency', subjectId: agencyId, userId: user, hash: generated.hash, start: generated.start, scopes: ['roster:read'] },
    });
    await expect
      .poll(async () => (await t.request('/public/v1/me', { key: generated.secret })).status, { timeout: ApiKeyCache.DEFAULT_UNKNOWN_TTL_MS + 1000, interval: 100 })
      .toBe(200);
  });
});

/**
 * Two instances on one PostgreSQL database (CI sets DATABASE_URL). Changes are made the way another
 * process would make them — the operator CLI, a manual UPDATE — over a connection of their own, so
 * only the database can tell the instances. Each instance is polled throughout; the last request it
 * served with the old state must come less than 1 s after the change committed.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('key cache across two instances on PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  let admin: pg.Client;
  let agencyId: string;
  beforeAll(async () => {
    // Each instance is polled as fast as it answers: lift the per-key quota so the polls are never a 429.
    const config = { rateLimitRequests: 1_000_000 };
    first = await startTestApp({ config });
    second = await startTestApp({ config });
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    agencyId = (await first.agency()).id;
    // The listening connections open with the first subscribe; let them settle.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(async () => {
    await admin.end();
    await first.close();
    await second.close();
  });

  /**
   * Polls GET `path` on both instances (warming their caches first) while `change` runs; returns,
   * per instance, how long after the change committed a request was last made that got `oldStatus`.
   */
  async function staleWindow(key: string, path: string, oldStatus: number, change: () => Promise<void>) {
    for (const app of [first, second]) expect((await app.request(path, { key })).status).toBe(oldStatus);
    let committedAt = 0;
    let done = false;
    const lastOld = [0, 0];
    const statuses: number[][] = [[], []];
    const pollers = [first, second].map(async (app, i) => {
      while (!done) {
        // When the request was made, not when its answer arrived: on a loaded machine an answer can sit
        // in a socket for a while, and it is the request's time that the bound is about.
        const sentAt = performance.now();
        const response = await app.request(path, { key });
        await response.arrayBuffer();
        statuses[i]!.push(response.status);
        if (response.status === oldStatus) lastOld[i] = sentAt;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await change();
    committedAt = performance.now();
    // Keep polling well past the 1 s bound: the old answer must not come back either.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    done = true;
    await Promise.all(pollers);
    return { windows: lastOld.map((at) => Math.max(0, at - committedAt)), last: statuses.map((s) => s.at(-1)) };
  }

  it('a revoked key is refused by both instances within 1 s of the revoke committing', async () => {
    const key = await first.key({ type: 'agency', id: agencyId }, ['roster:read']);
    const { id } = await first.db.apiKey.findFirstOrThrow({ where: { subjectId: agencyId }, orderBy: { id: 'desc' } });
    const result = await staleWindow(key, '/public/v1/me', 200, async () => {
      await admin.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [id]);
    });
    expect(result.last).toEqual([401, 401]);
    for (const window of result.windows) expect(window).toBeLessThan(1000);
  });

  it('a revoke through one instance’s service reaches the other within 1 s', async () => {
    const key = await first.key({ type: 'agency', id: agencyId }, ['roster:read']);
    const { id } = await first.db.apiKey.findFirstOrThrow({ where: { subjectId: agencyId }, orderBy: { id: 'desc' } });
    const result = await staleWindow(key, '/public/v1/me', 200, async () => {
      await revokeApiKey(first.db, operatorActor(), id);
    });
    expect(result.last).toEqual([401, 401]);
    // The writing instance drops the key as the revoke returns: no request made after that gets the old answer.
    expect(result.windows[0]).toBeLessThan(100);
    expect(result.windows[1]).toBeLessThan(1000);
  });

  it('a suspension (the CLI’s set-plan, another process) reaches both instances within 1 s', async () => {
    const suspended = (await first.agency()).id;
    const key = await first.key({ type: 'agency', id: suspended }, ['roster:read']);
    const result = await staleWindow(key, '/public/v1/creators', 200, async () => {
      await admin.query(`UPDATE agencies SET entitlement = 'suspended' WHERE id = $1`, [suspended]);
    });
    expect(result.last).toEqual([403, 403]);
    for (const window of result.windows) expect(window).toBeLessThan(1000);
    // …and back, through the service.
    await setPlan(second.db, operatorActor(), { type: 'agency', id: suspended }, { entitlement: 'active' });
    expect((await second.request('/public/v1/creators', { key })).status).toBe(200);
    await expect.poll(async () => (await first.request('/public/v1/creators', { key })).status, { timeout: 1000, interval: 50 }).toBe(200);
  });

  it('a plan change and a scope change reach both instances within 1 s', async () => {
    const agency = (await first.agency()).id;
    const key = await first.key({ type: 'agency', id: agency }, ['sponsorships:read', 'roster:read']);
    const planned = await staleWindow(key, '/public/v1/sponsorship-matches', 403, async () => {
      await admin.query(`UPDATE agencies SET plan_code = 'pro' WHERE id = $1`, [agency]);
    });
    expect(planned.last.every((status) => status !== 403)).toBe(true);
    for (const window of planned.windows) expect(window).toBeLessThan(1000);

    const scoped = await staleWindow(key, '/public/v1/creators', 200, async () => {
      await admin.query(`UPDATE api_keys SET scopes = '{sponsorships:read}' WHERE subject_id = $1`, [agency]);
    });
    expect(scoped.last).toEqual([403, 403]);
    for (const window of scoped.windows) expect(window).toBeLessThan(1000);
  });

  it('drops everything when its listening connection was lost (messages may have been missed)', async () => {
    const key = await first.key({ type: 'agency', id: agencyId }, ['roster:read']);
    expect((await second.request('/public/v1/me', { key })).status).toBe(200);
    expect(second.app.services.keyCache.size.keys).toBeGreaterThan(0);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN %'`,
    );
    await expect.poll(() => second.app.services.keyCache.size.keys, { timeout: 3000, interval: 20 }).toBe(0);
  });
});
