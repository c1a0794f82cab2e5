import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { probeRouter } from '../support/probe-router';

describe('success envelope and request ids', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ router: probeRouter });
    key = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
  });
  afterAll(() => t.close());

  it('wraps data as { data, request_id } with the same id as the header', async () => {
    const response = await t.request('/public/v1/me', { key });
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'request_id']);
    expect(body.request_id).toBe(response.headers.get('x-request-id'));
  });

  it('reuses a well-formed incoming X-Request-Id and replaces a malformed one', async () => {
    const reused = await t.request('/public/v1/me', { key, headers: { 'x-request-id': 'client-req-12345' } });
    expect(reused.headers.get('x-request-id')).toBe('client-req-12345');
    expect((await reused.json()).request_id).toBe('client-req-12345');
    const replaced = await t.request('/public/v1/me', { key, headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/);
  });

  it('gives every response a distinct generated id', async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await t.request('/public/v1/me', { key })).headers.get('x-request-id')));
    expect(new Set(ids).size).toBe(3);
  });

  it('lets an operation answer 201 through the shared response state', async () => {
    const response = await t.request('/public/v1/probe/echo', { method: 'POST', key, json: { name: 'Ada', email: 'ada@example.com' } });
    expect(response.status).toBe(201);
    expect((await response.json()).data).toEqual({ name: 'Ada' });
  });

  it('adds meta on lists', async () => {
    const body = await (await t.request('/public/v1/probe/keys?limit=1', { key })).json();
    expect(body.meta).toEqual({ next_cursor: null, limit: 1 });
  });
});
