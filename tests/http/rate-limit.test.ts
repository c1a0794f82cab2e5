import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { probeRouter } from '../support/probe-router';

// With REDIS_URL set (CI) these run against Redis through @upstash/ratelimit; otherwise in process.
describe('rate limiting per agency or creator', () => {
  let t: TestApp;
  let agencyId: string;

  beforeAll(async () => {
    // A long window keeps the quota from rolling over mid-test.
    t = await startTestApp({ router: probeRouter, config: { rateLimitRequests: 10, rateLimitWindowSeconds: 3600 } });
  });
  // Every test gets a fresh agency: the window belongs to the subject, whatever key is used.
  beforeEach(async () => {
    agencyId = (await t.agency()).id;
  });
  afterAll(() => t.close());

  it(`uses the ${process.env.REDIS_URL ? 'Redis' : 'in-process'} store`, () => {
    expect(t.app.services.rateLimiter.store).toBe(process.env.REDIS_URL ? 'redis' : 'memory');
  });

  it('sends RateLimit headers on successes and on errors after authentication', async () => {
    const key = await t.key({ type: 'agency', id: agencyId }, ['decks:read']);
    const ok = await t.request('/public/v1/me', { key });
    expect(ok.headers.get('ratelimit-limit')).toBe('10');
    expect(ok.headers.get('ratelimit-remaining')).toBe('9');
    expect(Number(ok.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    const forbidden = await t.request('/public/v1/probe/agency-only', { key });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('ratelimit-remaining')).toBe('8');
  });

  it('answers 429 with Retry-After in seconds once the quota is used', async () => {
    const key = await t.key({ type: 'agency', id: agencyId }, ['all']);
    for (let i = 0; i < 10; i += 1) expect((await t.request('/public/v1/me', { key })).status).toBe(200);
    const limited = await t.request('/public/v1/me', { key });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toBe('application/problem+json');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    const problem = await readProblem(limited);
    expect(problem.type).toBe('https://creator-api.dev/problems/rate-limited');
    expect(problem.request_id).toBe(limited.headers.get('x-request-id'));
  });

  it('two keys of one agency draw from one window: minting keys does not multiply the quota', async () => {
    const first = await t.key({ type: 'agency', id: agencyId }, ['all']);
    const second = await t.key({ type: 'agency', id: agencyId }, ['all']);
    for (let i = 0; i < 6; i += 1) expect((await t.request('/public/v1/me', { key: first })).status).toBe(200);
    const shared = await t.request('/public/v1/me', { key: second });
    expect(shared.status).toBe(200);
    expect(shared.headers.get('ratelimit-remaining')).toBe('3');
    for (let i = 0; i < 3; i += 1) await t.request('/public/v1/me', { key: second });
    expect((await t.request('/public/v1/me', { key: first })).status).toBe(429);
    expect((await t.request('/public/v1/me', { key: second })).status).toBe(429);
  });

  it('counts each agency or creator separately', async () => {
    const busy = await t.key({ type: 'agency', id: agencyId }, ['all']);
    const other = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
    const creator = await t.key({ type: 'creator', id: (await t.creatorAccount()).id }, ['all']);
    for (let i = 0; i < 10; i += 1) await t.request('/public/v1/me', { key: busy });
    expect((await t.request('/public/v1/me', { key: busy })).status).toBe(429);
    expect((await t.request('/public/v1/me', { key: other })).status).toBe(200);
    expect((await t.request('/public/v1/me', { key: creator })).status).toBe(200);
  });

  it('is exact under 20 concurrent requests: 10 pass, 10 are limited', async () => {
    const key = await t.key({ type: 'agency', id: agencyId }, ['all']);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => t.request('/public/v1/me', { key }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe('rate limiting when Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { redisUrl: 'redis://127.0.0.1:1', rateLimitRequests: 1 } });
  });
  afterAll(() => t.close());

  it('fails open: requests still succeed, without RateLimit headers', async () => {
    const key = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
    for (let i = 0; i < 3; i += 1) {
      const response = await t.request('/public/v1/me', { key });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBeNull();
    }
  });
});
