import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../src/server/domain/actor';
import { appRouter } from '../../src/server/routers/app';
import { getMeOutput } from '../../src/server/routers/me/get.schema';
import { setPlan } from '../../src/server/services/accounts';
import { createApiKey } from '../../src/server/services/api-keys';
import { prepareOperations } from '../../src/server/trpc/procedure-runner';
import { startTestApp, type TestApp } from '../support/app';

/**
 * GET /me skips tRPC's output validation (its meta's `trustedOutput` names this file): the answer is
 * built from the key's principal field by field, and validating it cost ~6 % of the service's CPU
 * samples per call under load. This file is the proof instead: for every kind of key the answer
 * equals what its `.output()` schema makes of it.
 */
describe('GET /me output', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function meOf(key: string): Promise<unknown> {
    const response = await t.request('/public/v1/me', { key });
    expect(response.status).toBe(200);
    const { request_id: requestId, ...body } = (await response.json()) as { request_id: string };
    expect(requestId).toMatch(/^req_/);
    return body;
  }

  it('answers what its output schema makes of it, for every kind of key', async () => {
    const agency = await t.agency();
    const creator = await t.creatorAccount();
    const suspended = await t.agency();
    await setPlan(t.db, operatorActor(), { type: 'agency', id: suspended.id }, { entitlement: 'suspended' });
    const keys = [
      await t.key({ type: 'agency', id: agency.id }),
      await t.key({ type: 'agency', id: agency.id }, ['roster:read', 'logs:read']),
      await t.key({ type: 'creator', id: creator.id }),
      await t.key({ type: 'agency', id: suspended.id }, ['roster:read']),
      (await createApiKey(t.db, { subject: { type: 'agency', id: agency.id }, name: 'sandbox', scopes: ['all'], test: true })).secret,
      (await createApiKey(t.db, { subject: { type: 'creator', id: creator.id }, name: 'sandbox', scopes: ['all'], test: true })).secret,
    ];
    const answers = await Promise.all(keys.map(meOf));
    for (const body of answers) expect(getMeOutput.parse(body)).toStrictEqual(body);
    expect(answers.map((body) => (body as { data: { livemode: boolean; entitlement: string } }).data)).toMatchObject([
      { livemode: true, entitlement: 'active' },
      { livemode: true, scopes: ['roster:read', 'logs:read'] },
      { subject_type: 'creator', livemode: true },
      { entitlement: 'suspended' },
      { livemode: false },
      { subject_type: 'creator', livemode: false },
    ]);
  });

  it('runs without the output validator (the test above is its proof)', () => {
    const me = prepareOperations(appRouter).get('me.get')!;
    expect(me.meta.trustedOutput).toBe('tests/me/output.test.ts');
    expect(me.middlewares.some((middleware) => (middleware as { _type?: string })._type === 'output')).toBe(false);
  });
});
