import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../src/server/domain/actor';
import { setPlan } from '../../src/server/services/accounts';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { probeRouter } from '../support/probe-router';

describe('authorization: scope, subject type, entitlement, plan (403)', () => {
  let t: TestApp;
  let agencyId: string;
  let creatorId: string;

  beforeAll(async () => {
    t = await startTestApp({ router: probeRouter });
    agencyId = (await t.agency()).id;
    creatorId = (await t.creatorAccount()).id;
  });
  afterAll(() => t.close());

  it('lets an agency key with the scope through', async () => {
    const key = await t.key({ type: 'agency', id: agencyId }, ['roster:read']);
    expect((await t.request('/public/v1/probe/agency-only', { key })).status).toBe(200);
  });

  it('refuses an agency key without the scope', async () => {
    const key = await t.key({ type: 'agency', id: agencyId }, ['decks:read']);
    const response = await t.request('/public/v1/probe/agency-only', { key });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = await readProblem(response);
    expect(problem.type).toBe('https://creator-api.dev/problems/insufficient-scope');
    expect(problem.detail).toContain('roster:read');
  });

  it('refuses a creator key on an agency-only operation', async () => {
    const key = await t.key({ type: 'creator', id: creatorId }, ['all']);
    const response = await t.request('/public/v1/probe/agency-only', { key });
    expect(response.status).toBe(403);
    expect((await readProblem(response)).type).toBe('https://creator-api.dev/problems/subject-not-allowed');
  });

  it('answers 401 before 403 and 403 before 400', async () => {
    expect((await t.request('/public/v1/probe/echo', { method: 'POST', json: {} })).status).toBe(401);
    const creatorKey = await t.key({ type: 'creator', id: creatorId }, ['all']);
    expect((await t.request('/public/v1/probe/conflict', { method: 'POST', key: creatorKey, json: { junk: 1 } })).status).toBe(403);
  });

  it('refuses a suspended subject everywhere but GET /me, which reports it', async () => {
    const suspended = (await t.agency()).id;
    const key = await t.key({ type: 'agency', id: suspended }, ['roster:read']);
    await setPlan(t.db, operatorActor(), { type: 'agency', id: suspended }, { entitlement: 'suspended' });
    const refused = await t.request('/public/v1/probe/agency-only', { key });
    expect(refused.status).toBe(403);
    expect((await readProblem(refused)).type).toBe('https://creator-api.dev/problems/entitlement-inactive');
    const me = await t.request('/public/v1/me', { key });
    expect(me.status).toBe(200);
    expect((await me.json()).data.entitlement).toBe('suspended');
    await setPlan(t.db, operatorActor(), { type: 'agency', id: suspended }, { entitlement: 'active' });
    expect((await t.request('/public/v1/probe/agency-only', { key })).status).toBe(200);
  });

  it('requires a plan feature where the operation declares one, and the plan change applies at once', async () => {
    const agency = (await t.agency({ plan: 'free' })).id;
    const key = await t.key({ type: 'agency', id: agency }, ['all']);
    const refused = await t.request('/public/v1/probe/sponsor', { key });
    expect(refused.status).toBe(403);
    const problem = await readProblem(refused);
    expect(problem.type).toBe('https://creator-api.dev/problems/plan-required');
    expect(problem.detail).toContain('free');
    await setPlan(t.db, operatorActor(), { type: 'agency', id: agency }, { planCode: 'pro' });
    expect((await t.request('/public/v1/probe/sponsor', { key })).status).toBe(200);
  });

  it('reports the subject, user and granted scopes on GET /me', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id }, ['roster:read', 'decks:write']);
    const body = await (await t.request('/public/v1/me', { key })).json();
    expect(body.data).toEqual({
      subject_type: 'agency',
      subject_id: agency.id,
      user_id: agency.ownerUserId,
      scopes: ['roster:read', 'decks:write'],
      entitlement: 'active',
      livemode: true,
    });
    const creator = await t.creatorAccount();
    const creatorKey = await t.key({ type: 'creator', id: creator.id }, ['profile:read']);
    const creatorBody = await (await t.request('/public/v1/me', { key: creatorKey })).json();
    expect(creatorBody.data).toMatchObject({ subject_type: 'creator', subject_id: creator.id, user_id: creator.userId, scopes: ['profile:read'] });
  });
});
