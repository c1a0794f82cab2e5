import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { killInstance, startInstance, waitFor, type Instance } from '../support/instances';
import { freePort } from '../support/throwaway-servers';

interface LogLine {
  level: string;
  message: string;
  request_id?: string;
  operation?: string;
  req?: { method: string; path: string; headers: Record<string, string> };
  res?: { status: number };
}

function logLines(stderr: string): LogLine[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** A real API-only process with LOG_LEVEL=info and METRICS_PORT, next to a test app that makes keys. */
describe('logs and metrics of a running instance', () => {
  let t: TestApp;
  let instance: Instance | undefined;
  let metricsPort: number;
  let agencyId: string;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp();
    metricsPort = await freePort();
    instance = await startInstance('observe', await freePort(), { LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort) });
    agencyId = (await t.agency()).id;
    key = await t.key({ type: 'agency', id: agencyId });
  }, 120_000);
  afterAll(async () => {
    await killInstance(instance);
    await t?.close();
  });

  it('writes one access line per request with its request_id, the key redacted', async () => {
    const response = await fetch(`${instance!.baseUrl}/public/v1/me`, { headers: { authorization: `Bearer ${key}`, cookie: 'session=abc' } });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    const line = await waitFor('the access line', () => Promise.resolve(logLines(instance!.stderr()).find((l) => l.request_id === requestId && l.message === 'request')), 10_000);
    expect(line).toMatchObject({
      level: 'info',
      operation: 'GET /public/v1/me',
      req: { method: 'GET', path: '/public/v1/me', headers: { authorization: '[Redacted]', cookie: '[Redacted]' } },
      res: { status: 200 },
    });
    expect(instance!.stderr()).not.toContain(key);
    expect(instance!.stderr()).not.toContain('session=abc');
    // Probes are not traffic: no access line for them.
    await fetch(`${instance!.baseUrl}/readyz`);
    await fetch(`${instance!.baseUrl}/healthz`);
    await fetch(`${instance!.baseUrl}/public/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    await waitFor('the next access line', () => Promise.resolve(logLines(instance!.stderr()).filter((l) => l.operation === 'GET /public/v1/me').length >= 2), 10_000);
    expect(logLines(instance!.stderr()).filter((l) => l.req?.path === '/readyz' || l.req?.path === '/healthz')).toEqual([]);
  });

  it('exposes Prometheus metrics on METRICS_PORT, labelled by operation and status class, with no ids or keys', async () => {
    for (let i = 0; i < 3; i += 1) await (await fetch(`${instance!.baseUrl}/public/v1/me`, { headers: { authorization: `Bearer ${key}` } })).arrayBuffer();
    await (await fetch(`${instance!.baseUrl}/public/v1/creators/${agencyId}`, { headers: { authorization: `Bearer ${key}` } })).arrayBuffer();
    await (await fetch(`${instance!.baseUrl}/public/v1/no-such-thing`)).arrayBuffer();
    const form = new FormData();
    form.append('file', new Blob(['display_name\nMetrics Person\n'], { type: 'text/csv' }), 'creators.csv');
    const upload = await fetch(`${instance!.baseUrl}/public/v1/creator-imports`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    expect(upload.status).toBe(202);
    const importUrl = upload.headers.get('location')!;
    await waitFor(
      'the import to finish',
      async () => ((await (await fetch(importUrl, { headers: { authorization: `Bearer ${key}` } })).json()).data.status === 'completed' ? true : undefined),
      30_000,
    );
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    const count = (labels: RegExp) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('http_server_request_duration_seconds_count{') && labels.test(l))
        .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
    expect(count(/operation="GET \/public\/v1\/me".*status_class="2xx"/)).toBeGreaterThanOrEqual(3);
    expect(count(/operation="GET \/public\/v1\/creators\/\{creator_id\}".*status_class="4xx"/)).toBe(1);
    expect(count(/operation="unmatched".*status_class="4xx"/)).toBe(1);
    expect(text).toMatch(/creator_api_api_key_cache_lookups_total\{[^}]*result="hit"[^}]*\} [1-9]/);
    expect(text).toMatch(/creator_api_db_pool_connections\{[^}]*state="idle"/);
    // The request log's buffer: what waits for its write, and a counter of entries a full buffer dropped (none here).
    expect(text).toMatch(/^creator_api_request_logs_pending \d+$/m);
    expect(text).toMatch(/^creator_api_request_logs_dropped_total 0$/m);
    expect(text).toContain('# TYPE http_server_request_duration_seconds histogram');
    // Cumulative buckets ending in +Inf, which holds every request of the series (its _count).
    const meSeries = (suffix: string) => text.split('\n').filter((l) => l.startsWith(`http_server_request_duration_seconds_${suffix}{`) && /operation="GET \/public\/v1\/me".*status_class="2xx"/.test(l));
    const meBuckets = meSeries('bucket').map((l) => Number(l.split(' ').at(-1)));
    expect(meSeries('bucket').map((l) => /le="([^"]+)"/.exec(l)![1])).toEqual(['0.005', '0.01', '0.025', '0.05', '0.075', '0.1', '0.25', '0.5', '0.75', '1', '2.5', '5', '7.5', '10', '+Inf']);
    expect(meBuckets).toEqual([...meBuckets].sort((a, b) => a - b));
    expect(meBuckets.at(-1)).toBe(Number(meSeries('count')[0]!.split(' ').at(-1)));
    expect(Number(meSeries('sum')[0]!.split(' ').at(-1))).toBeGreaterThan(0);
    // Job outcomes per queue and kind: a CSV import run by this instance's job runner ended as succeeded.
    expect(text).toMatch(/creator_api_jobs_outcomes_total\{[^}]*kind="creator-import\/requested"[^}]*outcome="succeeded"[^}]*\} [1-9]/);
    // No label carries an id or a key.
    expect(text).not.toContain(agencyId);
    expect(text).not.toContain(key.slice(0, 16));
  });

  it('is not served on the public port', async () => {
    const response = await fetch(`${instance!.baseUrl}/metrics`);
    expect(response.status).not.toBe(200);
  });
});
