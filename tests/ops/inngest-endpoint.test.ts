import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { killInstance, startInstance, type Instance } from '../support/instances';
import { freePort } from '../support/throwaway-servers';
import { inngestDevMode, loadConfig } from '../../src/server/config';

const SIGNING_KEY = 'signkey-test-0123456789abcdef0123456789abcdef';

/** X-Inngest-Signature as Inngest computes it: HMAC-SHA256 of body + timestamp with the key minus its prefix. */
function sign(body: string, key = SIGNING_KEY, at = Math.floor(Date.now() / 1000)): string {
  const secret = key.replace(/^signkey-\w+-/, '');
  return `t=${at}&s=${createHmac('sha256', secret).update(body + String(at)).digest('hex')}`;
}

/** JSON with keys sorted at every level: the SDK signs a parsed body in its canonical form (RFC 8785). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const STEP_BODY = canonical({ ctx: { attempt: 0, run_id: 'r', stack: { current: 0, stack: [] } }, event: { data: {}, name: 'x' }, events: [], steps: {}, version: 1 });

async function expectSignatureProblem(response: Response) {
  expect(response.status).toBe(401);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const text = await response.text();
  expect(text).not.toMatch(/\n\s+at /);
  const body = JSON.parse(text) as { type: string; request_id: string; status: number };
  expect(body.type).toMatch(/invalid-signature$/);
  expect(body.status).toBe(401);
  expect(body.request_id).toBe(response.headers.get('x-request-id'));
}

describe('INNGEST_DEV is read as the SDK reads it', () => {
  it('0, false and unset are cloud mode; 1, true and a URL are dev mode', () => {
    expect(inngestDevMode(undefined)).toBeNull();
    expect(inngestDevMode('0')).toBeNull();
    expect(inngestDevMode('false')).toBeNull();
    expect(inngestDevMode(' FALSE ')).toBeNull();
    expect(inngestDevMode('1')).toBe('1');
    expect(inngestDevMode('true')).toBe('1');
    expect(inngestDevMode('http://localhost:8288')).toBe('http://localhost:8288');
    expect(inngestDevMode('localhost:8288')).toBe('http://localhost:8288');
  });

  it('INNGEST_DEV=0 with an event key is cloud mode and needs the signing key', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', INNGEST_DEV: '0', INNGEST_EVENT_KEY: 'k' })).toThrow(/INNGEST_SIGNING_KEY is required/);
    expect(loadConfig({ NODE_ENV: 'test', INNGEST_DEV: '0', INNGEST_EVENT_KEY: 'k', INNGEST_SIGNING_KEY: SIGNING_KEY }).inngest).toEqual({ eventKey: 'k', signingKey: SIGNING_KEY, dev: null });
    // No keys and INNGEST_DEV=0: nothing asks for Inngest, jobs run in-process.
    expect(loadConfig({ NODE_ENV: 'test', INNGEST_DEV: '0' }).inngest).toBeNull();
  });
});

describe('/api/inngest in cloud mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { inngest: { eventKey: 'test-event-key', signingKey: SIGNING_KEY, dev: null } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an unsigned POST with 401 problem+json', async () => {
    await expectSignatureProblem(await fetch(`${t.baseUrl}/api/inngest?fnId=creator-api-webhook-delivery&stepId=step`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: STEP_BODY }));
  });

  it('refuses a badly signed or expired POST with 401 problem+json', async () => {
    const url = `${t.baseUrl}/api/inngest?fnId=creator-api-webhook-delivery&stepId=step`;
    const wrongKey = sign(STEP_BODY, 'signkey-test-ffffffffffffffffffffffffffffffff');
    await expectSignatureProblem(await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-inngest-signature': wrongKey }, body: STEP_BODY }));
    const expired = sign(STEP_BODY, SIGNING_KEY, Math.floor(Date.now() / 1000) - 3600);
    await expectSignatureProblem(await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-inngest-signature': expired }, body: STEP_BODY }));
    await expectSignatureProblem(await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-inngest-signature': 'garbage' }, body: STEP_BODY }));
    // Unsigned introspection is refused too (it lists the functions and the app's configuration).
    await expectSignatureProblem(await fetch(`${t.baseUrl}/api/inngest`));
  });

  it('accepts a correctly signed call', async () => {
    // A signed POST for a function this app does not have gets past the signature to the SDK's own answer.
    const response = await fetch(`${t.baseUrl}/api/inngest?fnId=no-such-function&stepId=step`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-inngest-signature': sign(STEP_BODY) },
      body: STEP_BODY,
    });
    expect(response.status).not.toBe(401);
    expect(await response.text()).not.toMatch(/invalid-signature/);
    // Signed introspection: the SDK reports the signature as verified.
    const introspection = await fetch(`${t.baseUrl}/api/inngest`, { headers: { 'x-inngest-signature': sign('') } });
    expect(introspection.status).toBe(200);
    expect(await introspection.json()).toMatchObject({ authentication_succeeded: true, mode: 'cloud' });
  });
});

describe('/api/inngest without Inngest', () => {
  it('is 404 problem+json when jobs run in-process', async () => {
    const t = await startTestApp({ config: { inngest: null } });
    try {
      const response = await fetch(`${t.baseUrl}/api/inngest`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      await t.close();
    }
  });
});

describe('the API-only process serves /api/inngest', () => {
  let instance: Instance | undefined;
  afterAll(async () => {
    await killInstance(instance);
  });

  it('answers Inngest in cloud mode (INNGEST_DEV=0): unsigned refused, signed accepted', async () => {
    instance = await startInstance('inngest-api-only', await freePort(), {
      INNGEST_DEV: '0',
      INNGEST_EVENT_KEY: 'test-event-key',
      INNGEST_SIGNING_KEY: SIGNING_KEY,
      JOBS_QUEUE: `inngest-api-only-${Date.now()}`,
    });
    await expectSignatureProblem(await fetch(`${instance.baseUrl}/api/inngest?fnId=x&stepId=step`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: STEP_BODY }));
    const signed = await fetch(`${instance.baseUrl}/api/inngest`, { headers: { 'x-inngest-signature': sign('') } });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ authentication_succeeded: true });
  }, 120_000);
});
