import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { capturingLogger } from '../support/capturing-logger';
import { startTestApp, type TestApp } from '../support/app';
import { connectMcp, problemOf } from '../mcp/support';
import {
  canStartThrowawayPostgres,
  canStartThrowawayRedis,
  startThrowawayPostgres,
  startThrowawayRedis,
  type ThrowawayPostgres,
  type ThrowawayRedis,
} from '../support/throwaway-servers';

/**
 * Dependency outages with the real servers: a PostgreSQL cluster and a Redis server of this file's
 * own (temp folder, free port), stopped and started while the API runs — never the shared servers
 * other test runs use. Skipped where their binaries are missing or SKIP_OUTAGE_TESTS=1.
 */
const skip = process.env.SKIP_OUTAGE_TESTS === '1';

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return { value, ms: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(skip || !canStartThrowawayPostgres())('PostgreSQL stopped under a running API', () => {
  let postgres: ThrowawayPostgres;
  let t: TestApp;
  let key: string;
  let mcp: Client;
  const logger = capturingLogger();

  beforeAll(async () => {
    postgres = (await startThrowawayPostgres())!;
    await postgres.createDatabase('outage');
    t = await startTestApp({ config: { databaseUrl: postgres.url('outage'), redisUrl: null }, logger });
    key = await t.key({ type: 'agency', id: (await t.agency()).id });
    expect((await t.request('/public/v1/creators', { key, method: 'POST', json: { display_name: 'Before' } })).status).toBe(201);
    // Warm: the key is in the key cache, the MCP session initialized.
    expect((await t.request('/public/v1/me', { key })).status).toBe(200);
    mcp = await connectMcp(t, key);
  });
  afterAll(async () => {
    await mcp?.close().catch(() => {});
    await t?.close().catch(() => {});
    await postgres?.destroy();
  });

  it('answers 503 service-unavailable with Retry-After, keeps cached reads, logs once, and recovers by itself', async () => {
    await postgres.stop();

    // Every read and write that needs the database: 503 problem+json, no internals.
    for (let i = 0; i < 3; i += 1) {
      const list = await t.request('/public/v1/creators?limit=10', { key });
      expect(list.status).toBe(503);
      expect(list.headers.get('content-type')).toContain('application/problem+json');
      expect(list.headers.get('retry-after')).toBe('2');
      const body = (await list.json()) as { type: string; status: number; detail: string; request_id: string };
      expect(body.type).toBe('https://creator-api.dev/problems/service-unavailable');
      expect(body.status).toBe(503);
      expect(body.request_id).toBe(list.headers.get('x-request-id'));
      expect(body.detail).not.toMatch(/prisma|127\.0\.0\.1|ECONN|invocation/i);
    }
    const write = await t.request('/public/v1/creators', { key, method: 'POST', json: { display_name: 'During' }, headers: { 'idempotency-key': 'outage-write-1' } });
    expect(write.status).toBe(503);
    expect(write.headers.get('retry-after')).toBe('2');

    // The MCP door reports the same problem as a tool error.
    const tool = problemOf(await mcp.callTool({ name: 'creators_list', arguments: {} }));
    expect(tool.status).toBe(503);
    expect(tool.type).toBe('https://creator-api.dev/problems/service-unavailable');
    expect(tool.retry_after).toBe(2);

    // A read answered from the key cache needs no database.
    expect((await t.request('/public/v1/me', { key })).status).toBe(200);

    // One line for the whole outage, not one per failed request.
    expect(logger.lines.filter((l) => l.message === 'database unavailable')).toHaveLength(1);
    expect(logger.lines.filter((l) => l.message === 'unhandled error')).toHaveLength(0);

    await postgres.start();
    const recovered = await until(async () => {
      const response = await t.request('/public/v1/creators?limit=10', { key });
      await response.arrayBuffer();
      return response.status === 200 ? true : undefined;
    }, 10_000);
    expect(recovered.ms).toBeLessThan(5_000);

    // The write refused during the outage runs when retried with its key; what was acknowledged before is there.
    const retried = await t.request('/public/v1/creators', { key, method: 'POST', json: { display_name: 'During' }, headers: { 'idempotency-key': 'outage-write-1' } });
    expect(retried.status).toBe(201);
    const names = ((await (await t.request('/public/v1/creators?limit=10', { key })).json()) as { data: { display_name: string }[] }).data.map((c) => c.display_name);
    expect(names.sort()).toEqual(['Before', 'During']);

    // The probe notices the database is back and logs the end of the outage once.
    await until(() => Promise.resolve(logger.lines.some((l) => l.message === 'database available again') ? true : undefined), 5_000);
    const end = logger.lines.find((l) => l.message === 'database available again')!;
    expect(end.fields?.failed_calls).toBeGreaterThanOrEqual(5);
  });
});

describe.skipIf(skip || !canStartThrowawayRedis())('Redis stopped under a running API', () => {
  let redis: ThrowawayRedis;
  let t: TestApp;
  let key: string;
  const logger = capturingLogger();

  beforeAll(async () => {
    redis = (await startThrowawayRedis())!;
    t = await startTestApp({ config: { redisUrl: redis.url, rateLimitRequests: 1000 }, logger });
    key = await t.key({ type: 'agency', id: (await t.agency()).id });
  });
  afterAll(async () => {
    await t?.close().catch(() => {});
    await redis?.destroy();
  });

  it('fails open, logs the outage once (not per request) and counts again when Redis is back', async () => {
    const before = await t.request('/public/v1/me', { key });
    expect(before.headers.get('ratelimit-limit')).toBe('1000');

    await redis.stop();
    for (let i = 0; i < 5; i += 1) {
      const response = await t.request('/public/v1/me', { key });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBeNull();
    }
    expect(logger.lines.filter((l) => l.message === 'rate limit store unavailable')).toHaveLength(1);

    await redis.start();
    await until(async () => {
      const response = await t.request('/public/v1/me', { key });
      return response.headers.get('ratelimit-limit') === '1000' ? true : undefined;
    }, 15_000);
    expect(logger.lines.filter((l) => l.message === 'rate limit store available again')).toHaveLength(1);
    expect(logger.lines.filter((l) => l.message === 'rate limit store unavailable')).toHaveLength(1);
  });
});
