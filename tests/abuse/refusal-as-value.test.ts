import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { BUCKET_CONCURRENCY, bucketQuotas } from '../../src/server/rate-limit/buckets';

/**
 * A preview flood is mostly refusals: thousands of 429s per second for one tenant (issue 26). The
 * gateway's check before the body (`admitCall`) answers them as a value — the Problem the door renders —
 * instead of throwing an ApiError, which built an Error and captured its stack per refused request
 * for nobody to read. Both refusals it can give are covered: the bucket's calls in progress, and the
 * hourly quota. (Over HTTP: tests/abuse/preview-concurrency.test.ts, tests/http/rate-limit-before-body.test.ts.)
 */
describe('admitCall refuses without throwing', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  const operation = 'creatorImportPreviews.create';

  it('answers a call past the calls-in-progress limit with a 429 problem, not an exception', async () => {
    const gateway = t.app.gateway;
    expect(gateway.operation(operation)?.meta.rateLimit).toBe('previews');
    const principal = await gateway.authenticate(`Bearer ${await t.key({ type: 'agency', id: (await t.agency()).id }, ['all'])}`);
    const limit = BUCKET_CONCURRENCY.previews!;
    const held = [];
    for (let i = 0; i < limit; i += 1) {
      const admitted = await gateway.admitCall(operation, principal);
      expect(admitted.ok).toBe(true);
      held.push(admitted);
    }
    const refused = await gateway.admitCall(operation, principal);
    expect(refused).toMatchObject({ ok: false, problem: { slug: 'rate-limited', status: 429, headers: { 'Retry-After': '1' } } });
    for (const admitted of held) if (admitted.ok) admitted.release();
    // The refused call took no place: one is free again at once.
    const next = await gateway.admitCall(operation, principal);
    expect(next.ok).toBe(true);
    if (next.ok) next.release();
  });

  it('answers a call past the hourly quota with a 429 problem carrying the RateLimit headers, not an exception', async () => {
    const gateway = t.app.gateway;
    const principal = await gateway.authenticate(`Bearer ${await t.key({ type: 'agency', id: (await t.agency()).id }, ['all'])}`);
    const quota = bucketQuotas(t.app.services.config).previews.requests;
    for (let i = 0; i < quota; i += 1) {
      const admitted = await gateway.admitCall(operation, principal);
      expect(admitted.ok).toBe(true);
      if (admitted.ok) admitted.release();
    }
    const refused = await gateway.admitCall(operation, principal);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problem).toMatchObject({ slug: 'rate-limited', status: 429 });
    expect(refused.problem.detail).toContain('(previews bucket)');
    expect(refused.problem.headers).toMatchObject({ 'RateLimit-Limit': String(quota), 'RateLimit-Remaining': '0' });
    expect(Number(refused.problem.headers['Retry-After'])).toBeGreaterThan(0);
  });
});
