import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { probeRouter } from '../support/probe-router';

/** One test per error class: status, content type, body shape and request id. */
describe('every error is application/problem+json with a request id', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ router: probeRouter, config: { maxJsonBodyBytes: 4096 } });
    key = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
  });
  afterAll(() => t.close());

  async function expectProblem(response: Response, status: number, slug: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^req_[0-9a-f]{24}$/);
    const problem = await readProblem(response);
    expect(problem).toMatchObject({ type: `https://creator-api.dev/problems/${slug}`, status, request_id: requestId });
    expect(typeof problem.title).toBe('string');
    expect(problem.detail.length).toBeGreaterThan(0);
    return problem;
  }

  it('400 names every bad field, with its location', async () => {
    const response = await t.request('/public/v1/probe/echo', {
      method: 'POST',
      key,
      json: { name: '  ', email: 'not-an-email', socials: [{ platform: 'instagram', handle_or_url: 'ok' }, { platform: 'myspace', handle_or_url: '' }], extra: true },
    });
    const problem = await expectProblem(response, 400, 'validation-error');
    const paths = problem.errors!.map((e) => e.path).sort();
    expect(paths).toEqual(['body.email', 'body.extra', 'body.name', 'body.socials[1].handle_or_url', 'body.socials[1].platform'].sort());
    expect(problem.errors!.find((e) => e.path === 'body.extra')!.code).toBe('unrecognized_key');
    expect(problem.detail).toContain('body.email');
  });

  it('400 for JSON values of the wrong type: bodies are never coerced', async () => {
    for (const [json, path] of [
      [{ name: 'A', email: 'a@b.co', count: '5' }, 'body.count'],
      [{ name: 'A', email: 'a@b.co', nested: { enabled: 'false' } }, 'body.nested.enabled'],
      [{ name: 'A', email: 'a@b.co', count: true }, 'body.count'],
    ] as const) {
      const problem = await expectProblem(await t.request('/public/v1/probe/echo', { method: 'POST', key, json }), 400, 'validation-error');
      expect(problem.errors!.map((e) => e.path)).toEqual([path]);
    }
    const ok = await t.request('/public/v1/probe/echo', { method: 'POST', key, json: { name: 'A', email: 'a@b.co', count: 5, nested: { enabled: false } } });
    expect(ok.status).toBe(201);
  });

  it('400 says which required field is missing', async () => {
    const problem = await expectProblem(await t.request('/public/v1/probe/echo', { method: 'POST', key, json: { name: 'A' } }), 400, 'validation-error');
    expect(problem.errors).toEqual([{ path: 'body.email', message: 'Required.', code: 'required' }]);
  });

  it('400 calls a missing enum field required, and a wrong one invalid_value', async () => {
    const json = { name: 'A', email: 'a@b.co', socials: [{ handle_or_url: '@a' }, { platform: 'myspace', handle_or_url: '@b' }] };
    const problem = await expectProblem(await t.request('/public/v1/probe/echo', { method: 'POST', key, json }), 400, 'validation-error');
    expect(problem.errors).toEqual([
      { path: 'body.socials[0].platform', message: 'Required.', code: 'required' },
      expect.objectContaining({ path: 'body.socials[1].platform', code: 'invalid_value' }),
    ]);
  });

  it('400 for a malformed path id, located in the path', async () => {
    const problem = await expectProblem(await t.request('/public/v1/probe/things/xyz', { key }), 400, 'validation-error');
    expect(problem.errors![0]!.path).toBe('path.thing_id');
  });

  it('400 for malformed JSON', async () => {
    const response = await t.request('/public/v1/probe/echo', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: '{"name": "a",' });
    await expectProblem(response, 400, 'malformed-json');
  });

  it('400 when the JSON body is not an object', async () => {
    const response = await t.request('/public/v1/probe/echo', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: '[1,2]' });
    await expectProblem(response, 400, 'validation-error');
  });

  it('415 for a body that is not JSON', async () => {
    const response = await t.request('/public/v1/probe/echo', { method: 'POST', key, headers: { 'content-type': 'text/plain' }, body: 'name=a' });
    const problem = await expectProblem(response, 415, 'unsupported-media-type');
    expect(problem.detail).toContain('text/plain');
  });

  it('413 when Content-Length is over the cap', async () => {
    const response = await t.request('/public/v1/probe/echo', { method: 'POST', key, json: { name: 'x'.repeat(5000), email: 'a@b.co' } });
    await expectProblem(response, 413, 'payload-too-large');
  });

  it('413 when a chunked body without Content-Length streams past the cap', async () => {
    const chunk = new TextEncoder().encode(`{"name":"${'x'.repeat(1000)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${t.baseUrl}/public/v1/probe/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.headers.get('content-length')).not.toBeNull();
    await expectProblem(response, 413, 'payload-too-large');
  });

  it('404 for an unknown path, even without a key', async () => {
    await expectProblem(await t.request('/public/v1/nothing-here'), 404, 'route-not-found');
    await expectProblem(await t.request('/public/v1'), 404, 'route-not-found');
  });

  it('405 with Allow for a known path and a wrong method', async () => {
    const response = await t.request('/public/v1/me', { method: 'DELETE', key });
    await expectProblem(response, 405, 'method-not-allowed');
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('401 and 403 are problems too', async () => {
    await expectProblem(await t.request('/public/v1/me'), 401, 'authentication-required');
    const narrow = await t.key({ type: 'agency', id: (await t.agency()).id }, ['decks:read']);
    await expectProblem(await t.request('/public/v1/probe/agency-only', { key: narrow }), 403, 'insufficient-scope');
  });

  it('404 for a resource that is not found', async () => {
    await expectProblem(await t.request('/public/v1/probe/things/0123456789abcdef01234567', { key }), 404, 'not-found');
  });

  it('409 for a conflict', async () => {
    await expectProblem(await t.request('/public/v1/probe/conflict', { method: 'POST', key }), 409, 'conflict');
  });

  it('500 never leaks internals', async () => {
    for (const path of ['/public/v1/probe/crash', '/public/v1/probe/bad-output']) {
      const response = await t.request(path, { key });
      const problem = await expectProblem(response, 500, 'internal-error');
      const text = JSON.stringify(problem);
      expect(text).not.toMatch(/hunter2|db-internal|password|stack|Output validation/i);
    }
  });
});
