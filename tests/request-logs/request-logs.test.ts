import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/server/services/api-keys';
import type { RequestLogView } from '../../src/server/services/request-logs';
import type { Scope } from '../../src/server/auth/scopes';
import { startTestApp, type TestApp } from '../support/app';
import { connectMcp, dataOf, problemOf } from '../mcp/support';

const PROBLEMS = 'https://creator-api.dev/problems/';

/** An entry as GET /request-logs answers it: the service's view, read from JSON. */
type Entry = RequestLogView;

/** The request log over HTTP (issue 31): what an entry holds, redaction, isolation, filters, paging, the MCP door. */
describe('request logs', () => {
  let t: TestApp;
  let agency: { id: string; key: string; keyId: string };
  let other: { id: string; key: string; keyId: string };

  async function account(kind: 'agency' | 'creator' = 'agency', scopes: (Scope | 'all')[] = ['all']) {
    const id = kind === 'agency' ? (await t.agency({ plan: 'pro' })).id : (await t.creatorAccount({ plan: 'pro' })).id;
    const { key, secret } = await createApiKey(t.db, { subject: { type: kind, id }, name: 'logs test', scopes });
    return { id, key: secret, keyId: key.id };
  }

  async function anotherKey(subject: { id: string }, scopes: (Scope | 'all')[] = ['all']) {
    const { key, secret } = await createApiKey(t.db, { subject: { type: 'agency', id: subject.id }, name: 'second key', scopes });
    return { key: secret, keyId: key.id };
  }

  /** Entries are written off the request path; tests that do not wait for the timer write them now. */
  const flush = () => t.app.services.requestLogs.flush();

  async function entry(key: string, requestId: string): Promise<{ status: number; body: { data: Entry } }> {
    const response = await t.request(`/public/v1/request-logs/${encodeURIComponent(requestId)}`, { key });
    return { status: response.status, body: await response.json() };
  }

  async function list(key: string, query: string): Promise<{ data: Entry[]; meta: { next_cursor: string | null } }> {
    const response = await t.request(`/public/v1/request-logs?${query}`, { key });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    t = await startTestApp();
    agency = await account();
    other = await account();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds a call by its request id within seconds, with who, what, how long and from where', async () => {
    const call = await t.request('/public/v1/creators?limit=5', { key: agency.key, headers: { 'user-agent': 'logs-test/1.0' } });
    expect(call.status).toBe(200);
    const requestId = call.headers.get('x-request-id')!;

    // Not flushed by hand: the buffer's own timer writes it (about once a second).
    let found: { status: number; body: { data: Entry } } | undefined;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      found = await entry(agency.key, requestId);
      if (found.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(found?.status).toBe(200);
    expect(found!.body.data).toMatchObject({
      request_id: requestId,
      mode: 'live',
      key_id: agency.keyId,
      subject_type: 'agency',
      subject_id: agency.id,
      source: 'rest',
      method: 'GET',
      path: '/public/v1/creators',
      operation: 'creators.list',
      status: 200,
      problem_type: null,
      idempotent_replayed: false,
      client_address: '127.0.0.1',
      user_agent: 'logs-test/1.0',
      // Bodies are kept for errors only.
      request_body: null,
      response_body: null,
    });
    expect(found!.body.data.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.now() - Date.parse(found!.body.data.created_at)).toBeLessThan(60_000);
  });

  it('stores a call under its own request id, and finds the newest entry when a client sends that id again', async () => {
    const first = await t.request('/public/v1/me', { key: agency.key });
    const ours = first.headers.get('x-request-id')!;
    expect(ours).toMatch(/^req_[0-9a-f]{24}$/);
    await flush();
    const stored = await entry(agency.key, ours);
    expect(stored.status).toBe(200);
    // Its entry's id is the request id's ObjectId: the table's key finds it, no index of request ids is written for it.
    expect(stored.body.data).toMatchObject({ id: ours.slice(4), request_id: ours, path: '/public/v1/me' });

    // A client may send any well-formed X-Request-Id, one of ours too: the newest entry with it wins.
    const again = await t.request('/public/v1/creators?limit=1', { key: agency.key, headers: { 'x-request-id': ours } });
    expect(again.headers.get('x-request-id')).toBe(ours);
    await flush();
    const newest = await entry(agency.key, ours);
    expect(newest.status).toBe(200);
    expect(newest.body.data).toMatchObject({ request_id: ours, path: '/public/v1/creators' });
    expect(newest.body.data.id).not.toBe(ours.slice(4));
    // Another account never sees either.
    expect((await entry(other.key, ours)).status).toBe(404);
  });

  it('writes a burst of calls with a few INSERT statements, not one per call', async () => {
    const subject = await account();
    const buffer = t.app.services.requestLogs;
    await flush();
    const before = buffer.stats.statements;
    const calls = await Promise.all(Array.from({ length: 40 }, () => t.request('/public/v1/me', { key: subject.key })));
    expect(calls.every((call) => call.status === 200)).toBe(true);
    await flush();
    // Other tests' entries may share a flush; the timer may add one or two more, never one per call.
    expect(buffer.stats.statements - before).toBeLessThanOrEqual(5);
    expect(await t.db.requestLog.count({ where: { subjectId: subject.id } })).toBe(40);
  });

  it('keeps the bodies of a 4xx with every secret redacted', async () => {
    const webhookSecret = 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw==';
    const call = await t.request('/public/v1/creators', {
      method: 'POST',
      key: agency.key,
      json: { display_name: '', notes: `my key is ${agency.key}`, password: 'hunter2-hunter2', nested: { api_key: 'plain-value-123', signing: webhookSecret } },
    });
    expect(call.status).toBe(400);
    const requestId = call.headers.get('x-request-id')!;
    await flush();

    const { status, body } = await entry(agency.key, requestId);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 400, method: 'POST', operation: 'creators.create', problem_type: 'validation-error' });
    const stored = JSON.stringify(body.data);
    for (const secret of [agency.key, 'hunter2-hunter2', 'plain-value-123', webhookSecret]) expect(stored).not.toContain(secret);
    const request = JSON.parse(body.data.request_body!);
    expect(request).toMatchObject({ display_name: '', notes: 'my key is [REDACTED]', password: '[REDACTED]', nested: { api_key: '[REDACTED]', signing: '[REDACTED]' } });
    const response = JSON.parse(body.data.response_body!);
    expect(response).toMatchObject({ type: `${PROBLEMS}validation-error`, status: 400, request_id: requestId });
  });

  it('caps a large error body at 8 KB with a marker', async () => {
    const call = await t.request('/public/v1/creators', { method: 'POST', key: agency.key, json: { display_name: '', bio: 'x'.repeat(50_000) } });
    expect(call.status).toBe(400);
    await flush();
    const { body } = await entry(agency.key, call.headers.get('x-request-id')!);
    expect(Buffer.byteLength(body.data.request_body!)).toBeLessThanOrEqual(8 * 1024);
    expect(body.data.request_body).toMatch(/…\[truncated: \d+ bytes\]$/);
  });

  it('shows an account only its own entries: another account’s is 404 and absent from its lists', async () => {
    const call = await t.request('/public/v1/me', { key: other.key });
    const requestId = call.headers.get('x-request-id')!;
    await flush();
    expect((await entry(other.key, requestId)).status).toBe(200);

    const foreign = await entry(agency.key, requestId);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ type: `${PROBLEMS}not-found` });
    const listed = await list(agency.key, 'operation=me.get&limit=100');
    expect(listed.data.map((e) => e.request_id)).not.toContain(requestId);
    expect(listed.data.every((e) => e.subject_id === agency.id)).toBe(true);
  });

  it('needs logs:read, which every "all" key holds, agency and creator alike', async () => {
    const narrow = await anotherKey({ id: agency.id }, ['roster:read']);
    const refused = await t.request('/public/v1/request-logs', { key: narrow.key });
    expect(refused.status).toBe(403);
    const creator = await account('creator');
    await t.request('/public/v1/me', { key: creator.key });
    await flush();
    const listed = await list(creator.key, 'operation=me.get');
    expect(listed.data[0]).toMatchObject({ subject_type: 'creator', subject_id: creator.id, key_id: creator.keyId });
  });

  it('filters by status (exact or class), method, operation, key and time, newest first, in pages', async () => {
    const subject = await account();
    const second = await anotherKey(subject);
    const ids: Record<string, string[]> = { me: [], missing: [], invalid: [], second: [] };
    const started = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < 3; i += 1) ids.me!.push((await t.request('/public/v1/me', { key: subject.key })).headers.get('x-request-id')!);
    ids.missing!.push((await t.request('/public/v1/creators/6b0262a17c1e9a0d6a1f0e99', { key: subject.key })).headers.get('x-request-id')!);
    ids.invalid!.push((await t.request('/public/v1/creators', { method: 'POST', key: subject.key, json: {} })).headers.get('x-request-id')!);
    ids.second!.push((await t.request('/public/v1/creators', { key: second.key })).headers.get('x-request-id')!);
    await flush();

    const requestIds = (page: { data: Entry[] }) => page.data.map((e) => e.request_id);
    expect(requestIds(await list(subject.key, 'status=404'))).toEqual(ids.missing);
    expect(requestIds(await list(subject.key, 'status=4xx'))).toEqual([...ids.invalid!, ...ids.missing!]);
    expect(requestIds(await list(subject.key, 'status=5xx'))).toEqual([]);
    expect(requestIds(await list(subject.key, 'method=POST'))).toEqual(ids.invalid);
    expect(requestIds(await list(subject.key, 'operation=creators.get'))).toEqual(ids.missing);
    expect(requestIds(await list(subject.key, `key_id=${second.keyId}`))).toEqual(ids.second);
    expect(requestIds(await list(subject.key, `operation=me.get&since=${encodeURIComponent(started)}`))).toEqual([...ids.me!].reverse());
    expect(requestIds(await list(subject.key, `operation=me.get&until=${encodeURIComponent(started)}`))).toEqual([]);

    // Newest first, two to a page; the cursor belongs to this filter.
    const first = await list(subject.key, 'operation=me.get&limit=2');
    expect(requestIds(first)).toEqual([ids.me![2], ids.me![1]]);
    expect(first.meta.next_cursor).toBeTruthy();
    const next = await list(subject.key, `operation=me.get&limit=2&cursor=${encodeURIComponent(first.meta.next_cursor!)}`);
    expect(requestIds(next)).toEqual([ids.me![0]]);
    expect(next.meta.next_cursor).toBeNull();
    const mixed = await t.request(`/public/v1/request-logs?status=4xx&limit=2&cursor=${encodeURIComponent(first.meta.next_cursor!)}`, { key: subject.key });
    expect(mixed.status).toBe(400);

    const bad = await t.request('/public/v1/request-logs?status=4x', { key: subject.key });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0]).toMatchObject({ path: 'query.status' });
  });

  it('marks an Idempotency-Key replay', async () => {
    const subject = await account();
    const send = () =>
      t.request('/public/v1/creators', { method: 'POST', key: subject.key, headers: { 'idempotency-key': 'logs-replay-1' }, json: { display_name: 'Replayed Creator' } });
    const firstCall = await send();
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await flush();
    expect((await entry(subject.key, firstCall.headers.get('x-request-id')!)).body.data.idempotent_replayed).toBe(false);
    expect((await entry(subject.key, again.headers.get('x-request-id')!)).body.data).toMatchObject({ idempotent_replayed: true, operation: 'creators.create' });
  });

  describe('over MCP', () => {
    let client: Client;
    beforeAll(async () => {
      client = await connectMcp(t, agency.key);
    });
    afterAll(async () => {
      await client?.close();
    });

    it('logs each tool call with the same key id, and a failed one with its redacted arguments', async () => {
      const ok = dataOf(await client.callTool({ name: 'me_get', arguments: {} }));
      const failed = problemOf(await client.callTool({ name: 'creators_get', arguments: { creator_id: '6b0262a17c1e9a0d6a1f0e98' } }));
      const invalid = problemOf(await client.callTool({ name: 'creators_create', arguments: { display_name: '', notes: agency.key } }));
      await flush();

      expect((await entry(agency.key, ok.request_id)).body.data).toMatchObject({
        source: 'mcp',
        method: 'POST',
        path: '/mcp',
        operation: 'me.get',
        status: 200,
        key_id: agency.keyId,
        subject_id: agency.id,
        client_address: '127.0.0.1',
        request_body: null,
      });
      expect((await entry(agency.key, failed.request_id)).body.data).toMatchObject({ source: 'mcp', operation: 'creators.get', status: 404, problem_type: 'not-found' });
      const rejected = (await entry(agency.key, invalid.request_id)).body.data;
      expect(rejected).toMatchObject({ status: 400, problem_type: 'validation-error' });
      expect(JSON.parse(rejected.request_body!)).toMatchObject({ display_name: '', notes: '[REDACTED]' });
      expect(JSON.stringify(rejected)).not.toContain(agency.key);
    });
  });
});
