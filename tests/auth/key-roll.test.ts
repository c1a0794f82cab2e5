/**
 * Rolling and renaming keys (settings UI and operator CLI share these service functions): the new
 * secret works at once with the same scopes; the old one keeps working for the grace period, then
 * answers 401; concurrent rolls of one key make one new key.
 */
import { operatorActor } from '../../src/server/domain/actor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, listApiKeys, renameApiKey, rollApiKey } from '../../src/server/services/api-keys';
import { readProblem, startTestApp, type TestApp } from '../support/app';

describe('rolling and renaming API keys', () => {
  let t: TestApp;
  let agency: { type: 'agency'; id: string };
  let other: { type: 'agency'; id: string };

  beforeAll(async () => {
    t = await startTestApp();
    agency = { type: 'agency', id: (await t.agency()).id };
    other = { type: 'agency', id: (await t.agency()).id };
  });
  afterAll(() => t.close());

  const me = (secret: string) => t.request('/public/v1/me', { key: secret });
  const newKey = (name = 'CRM sync') => createApiKey(t.db, { subject: agency, name, scopes: ['roster:read', 'decks:read'] });

  it('keeps the last four characters of the secret for display', async () => {
    const { key, secret } = await newKey();
    expect(key.last_four).toBe(secret.slice(-4));
    expect(key.start).toBe(secret.slice(0, key.start.length));
  });

  it('a roll with a 1 h grace period: both secrets work, same name and scopes; the old one expires in an hour', async () => {
    const { key, secret } = await newKey();
    const before = Date.now();
    const rolled = await rollApiKey(t.db, operatorActor(), key.id, '1h', { subject: agency });
    expect(rolled.key).toMatchObject({ name: 'CRM sync', scopes: ['roster:read', 'decks:read'], status: 'active', replaced_by_id: null });
    expect(rolled.secret).not.toBe(secret);
    expect(rolled.key.last_four).toBe(rolled.secret.slice(-4));
    expect(rolled.old).toMatchObject({ id: key.id, status: 'active', replaced_by_id: rolled.key.id });
    const expiry = new Date(rolled.old.expires_at!).getTime();
    expect(expiry - before).toBeGreaterThanOrEqual(3_600_000 - 1_000);
    expect(expiry - before).toBeLessThanOrEqual(3_600_000 + 5_000);
    expect((await me(secret)).status).toBe(200);
    const fresh = await me(rolled.secret);
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).data.scopes).toEqual(['roster:read', 'decks:read']);
    // Rolled once: roll the replacement instead.
    await expect(rollApiKey(t.db, operatorActor(), key.id, '1h', { subject: agency })).rejects.toMatchObject({ slug: 'conflict' });
  });

  it('after the grace period the old secret is a 401 api-key-expired', async () => {
    const { key, secret } = await newKey();
    await rollApiKey(t.db, operatorActor(), key.id, '1h', { subject: agency }, new Date(Date.now() - 2 * 3_600_000));
    const response = await me(secret);
    expect(response.status).toBe(401);
    expect((await readProblem(response)).type).toMatch(/api-key-expired$/);
  });

  it('a roll without grace revokes the old secret at once', async () => {
    const { key, secret } = await newKey();
    const rolled = await rollApiKey(t.db, operatorActor(), key.id, 'none', { subject: agency });
    expect(rolled.old.status).toBe('revoked');
    const response = await me(secret);
    expect(response.status).toBe(401);
    expect((await readProblem(response)).type).toMatch(/api-key-revoked$/);
    expect((await me(rolled.secret)).status).toBe(200);
  });

  it('concurrent rolls of one key: one succeeds, the others are 409 and create nothing', async () => {
    const { key } = await newKey('race');
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => rollApiKey(t.db, operatorActor(), key.id, '24h', { subject: agency })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ slug: 'conflict' });
    const named = (await listApiKeys(t.db, { subject: agency })).filter((k) => k.name === 'race');
    expect(named).toHaveLength(2);
  });

  it('another account’s key is not found; revoked keys cannot be rolled', async () => {
    const { key } = await newKey();
    await expect(rollApiKey(t.db, operatorActor(), key.id, '24h', { subject: other })).rejects.toMatchObject({ slug: 'not-found' });
    await expect(renameApiKey(t.db, operatorActor(), key.id, 'x', { subject: other })).rejects.toMatchObject({ slug: 'not-found' });
    await rollApiKey(t.db, operatorActor(), key.id, 'none', { subject: agency });
    await expect(rollApiKey(t.db, operatorActor(), key.id, '24h', { subject: agency })).rejects.toMatchObject({ slug: 'conflict' });
  });

  it('renames a key (1–100 characters) without touching its secret', async () => {
    const { key, secret } = await newKey();
    expect((await renameApiKey(t.db, operatorActor(), key.id, '  Zapier prod  ', { subject: agency })).name).toBe('Zapier prod');
    await expect(renameApiKey(t.db, operatorActor(), key.id, '   ', { subject: agency })).rejects.toMatchObject({ slug: 'validation-error' });
    await expect(renameApiKey(t.db, operatorActor(), key.id, 'x'.repeat(101), { subject: agency })).rejects.toMatchObject({ slug: 'validation-error' });
    expect((await me(secret)).status).toBe(200);
  });
});
