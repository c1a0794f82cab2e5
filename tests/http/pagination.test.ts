import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/server/services/api-keys';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { probeRouter } from '../support/probe-router';

describe('cursor pagination helper', () => {
  let t: TestApp;
  let agencyId: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ router: probeRouter });
    agencyId = (await t.agency()).id;
    key = await t.key({ type: 'agency', id: agencyId }, ['all']);
    for (let i = 0; i < 29; i += 1) {
      await createApiKey(t.db, { subject: { type: 'agency', id: agencyId }, name: `key ${i}`, scopes: ['roster:read'] });
    }
  });
  afterAll(() => t.close());

  async function page(query: string) {
    const response = await t.request(`/public/v1/probe/keys${query}`, { key });
    return { response, body: await response.json() };
  }

  it('defaults to 25, newest first, with a next cursor', async () => {
    const { body } = await page('');
    expect(body.data).toHaveLength(25);
    expect(body.meta.limit).toBe(25);
    expect(typeof body.meta.next_cursor).toBe('string');
    const ids = body.data.map((k: { id: string }) => k.id);
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it('walks every item exactly once, and ends with a null cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { body } = await page(`?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...body.data.map((k: { id: string }) => k.id));
      cursor = body.meta.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });

  it('is stable under concurrent inserts: no item is skipped or repeated', async () => {
    const first = await page('?limit=10');
    const before = first.body.data.map((k: { id: string }) => k.id);
    await Promise.all(
      [1, 2, 3].map((i) => createApiKey(t.db, { subject: { type: 'agency', id: agencyId }, name: `late ${i}`, scopes: ['roster:read'] })),
    );
    const seen = [...before];
    let cursor = first.body.meta.next_cursor as string | null;
    while (cursor) {
      const { body } = await page(`?limit=10&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...body.data.map((k: { id: string }) => k.id));
      cursor = body.meta.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(30);
  });

  it.each([['0'], ['101'], ['abc'], ['2.5']])('rejects limit=%s naming query.limit', async (limit) => {
    const { response, body } = await page(`?limit=${limit}`);
    expect(response.status).toBe(400);
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual(['query.limit']);
  });

  it('rejects a tampered cursor', async () => {
    const { body } = await page('?limit=5');
    const cursor = body.meta.next_cursor as string;
    const [payload, signature] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    decoded.a = '000000000000000000000000';
    const forged = `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${cursor}x`, 'garbage', `${payload}.${signature}.extra`]) {
      const response = await t.request(`/public/v1/probe/keys?cursor=${encodeURIComponent(bad)}`, { key });
      expect(response.status).toBe(400);
      const problem = await readProblem(response);
      expect(problem.type).toBe('https://creator-api.dev/problems/invalid-cursor');
      expect(problem.errors![0]!.path).toBe('query.cursor');
    }
  });

  it("rejects another subject's cursor", async () => {
    const { body } = await page('?limit=5');
    const other = await t.agency();
    const otherKey = await t.key({ type: 'agency', id: other.id }, ['all']);
    const response = await t.request(`/public/v1/probe/keys?cursor=${encodeURIComponent(body.meta.next_cursor)}`, { key: otherKey });
    expect(response.status).toBe(400);
    expect((await readProblem(response)).detail).toMatch(/different list/);
  });
});
