import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../src/server/domain/actor';
import { checksumOf } from '../../src/server/auth/key-format';
import { revokeApiKey } from '../../src/server/services/api-keys';
import { readProblem, startTestApp, type TestApp } from '../support/app';

describe('authentication (401 matrix on GET /me)', () => {
  let t: TestApp;
  let agencyId: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency()).id;
    key = await t.key({ type: 'agency', id: agencyId }, ['roster:read']);
  });
  afterAll(() => t.close());

  async function expect401(response: Response, type: string, wwwAuthenticate: RegExp) {
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('www-authenticate')).toMatch(wwwAuthenticate);
    const problem = await readProblem(response);
    expect(problem.type).toBe(`https://creator-api.dev/problems/${type}`);
    expect(problem.status).toBe(401);
    expect(problem.request_id).toBe(response.headers.get('x-request-id'));
    return problem;
  }

  it('accepts a valid key', async () => {
    const response = await t.request('/public/v1/me', { key });
    expect(response.status).toBe(200);
  });

  it('rejects a request without Authorization', async () => {
    await expect401(await t.request('/public/v1/me'), 'authentication-required', /^Bearer realm="creator-api"$/);
  });

  it('rejects a non-Bearer scheme', async () => {
    const response = await t.request('/public/v1/me', { headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } });
    await expect401(response, 'invalid-api-key', /error="invalid_token"/);
  });

  it('rejects a malformed key', async () => {
    await expect401(await t.request('/public/v1/me', { key: 'sk_live_123' }), 'invalid-api-key', /invalid_token/);
  });

  it('rejects a look-alike whose checksum does not match', async () => {
    const flipped = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21);
    const problem = await expect401(await t.request('/public/v1/me', { key: flipped }), 'invalid-api-key', /invalid_token/);
    expect(problem.detail).toMatch(/malformed/);
  });

  it('rejects a well-formed key that was never issued', async () => {
    const body = `crk_agency_${'A'.repeat(30)}`;
    const problem = await expect401(await t.request('/public/v1/me', { key: `${body}${checksumOf(body)}` }), 'invalid-api-key', /invalid_token/);
    expect(problem.detail).toMatch(/not recognized/);
  });

  it('rejects a revoked key immediately', async () => {
    const doomed = await t.key({ type: 'agency', id: agencyId }, ['roster:read']);
    expect((await t.request('/public/v1/me', { key: doomed })).status).toBe(200);
    const stored = await t.db.apiKey.findFirstOrThrow({ where: { subjectId: agencyId }, orderBy: { id: 'desc' } });
    await revokeApiKey(t.db, operatorActor(), stored.id);
    await expect401(await t.request('/public/v1/me', { key: doomed }), 'api-key-revoked', /invalid_token/);
  });

  it('rejects an expired key', async () => {
    // Five seconds of life: long enough for the first call to land before expiry on a loaded machine.
    const expiresAt = new Date(Date.now() + 5_000);
    const expiring = await t.key({ type: 'agency', id: agencyId }, ['roster:read'], { expiresAt });
    expect((await t.request('/public/v1/me', { key: expiring })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt.getTime() - Date.now()) + 100));
    await expect401(await t.request('/public/v1/me', { key: expiring }), 'api-key-expired', /invalid_token/);
  });

  it('stores only a hash of the secret', async () => {
    const rows = await t.db.apiKey.findMany({ where: { subjectId: agencyId } });
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(key);
    expect(rows.some((row) => key.startsWith(row.start))).toBe(true);
  });

  it('records last use without a write per request', async () => {
    const fresh = await t.key({ type: 'agency', id: agencyId }, ['roster:read']);
    const row = await t.db.apiKey.findFirstOrThrow({ where: { subjectId: agencyId }, orderBy: { id: 'desc' } });
    await t.request('/public/v1/me', { key: fresh });
    // Not written on the request path…
    expect((await t.db.apiKey.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt).toBeNull();
    // …but on the recorder's flush.
    await t.app.services.lastUsed.flush();
    const used = (await t.db.apiKey.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt;
    expect(used).toBeInstanceOf(Date);
    expect(Date.now() - used!.getTime()).toBeLessThan(10_000);
  });
});
