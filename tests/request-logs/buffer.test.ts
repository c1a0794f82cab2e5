import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import type { ApiKeyPrincipal } from '../../src/server/domain/principal';
import { createLogger } from '../../src/server/lib/logger';
import { RequestLogBuffer } from '../../src/server/services/request-log-buffer';
import type { RequestLogFacts } from '../../src/server/services/request-log-rules';
import { sweepRequestLogs } from '../../src/server/services/request-logs';
import { createApiKey } from '../../src/server/services/api-keys';
import { startTestApp, type TestApp } from '../support/app';

const logger = createLogger('silent');

/** The write side of the request log: batching, the bound while the database is away, retention and the per-account cap. */
describe('request log buffer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function principal(): Promise<ApiKeyPrincipal> {
    const agency = await t.agency();
    const { key } = await createApiKey(t.db, { subject: { type: 'agency', id: agency.id }, name: 'buffer test', scopes: ['all'] });
    return { kind: 'api_key', keyId: key.id, subjectType: 'agency', subjectId: agency.id, userId: agency.ownerUserId, scopes: [], entitlement: 'active', plan: { code: 'pro', pitchDeckAllowance: 0, sponsorshipMatches: false }, mode: 'live', lastUsedAt: null };
  }

  function facts(i: number, status = 200): RequestLogFacts {
    return { requestId: `req_buffer_test_${i}`, door: 'rest', method: 'GET', path: '/public/v1/me', operation: 'me.get', status, durationMs: 3, replayed: false, clientAddress: '127.0.0.1', userAgent: 'buffer-test' };
  }

  /** The real database, with its INSERT statements counted. */
  function counting(db: Db): { db: Db; inserts: () => number } {
    let inserts = 0;
    const proxy = new Proxy(db, {
      get(target, property, receiver) {
        if (property === '$executeRawUnsafe') {
          return (query: string, ...values: unknown[]) => {
            if (query.startsWith('INSERT')) inserts += 1;
            return target.$executeRawUnsafe(query, ...values);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    return { db: proxy, inserts: () => inserts };
  }

  const countFor = (subjectId: string) => t.db.requestLog.count({ where: { subjectId } });
  /** Makes entries look `age` old: created_at, and the id, which starts with its creation second (what the sweep reads). */
  const backdate = (subjectId: string, age: string, requestId?: string) =>
    t.db.$executeRawUnsafe(
      `UPDATE request_logs
          SET created_at = now() - $2::interval,
              id = lpad(to_hex(floor(extract(epoch FROM now() - $2::interval))::bigint), 8, '0') || substr(id, 9)
        WHERE subject_id = $1 AND ($3::text IS NULL OR request_id = $3)`,
      subjectId,
      age,
      requestId ?? null,
    );

  it('writes a burst of entries with one INSERT, not one per request', async () => {
    const who = await principal();
    const { db, inserts } = counting(t.db);
    const buffer = new RequestLogBuffer(db, { logger, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000 });
    for (let i = 0; i < 300; i += 1) buffer.record(who, facts(i));
    expect(await countFor(who.subjectId)).toBe(0);
    expect(await buffer.flush()).toBe(300);
    expect(inserts()).toBe(1);
    expect(buffer.stats).toMatchObject({ statements: 1, written: 300, dropped: 0 });
    expect(await countFor(who.subjectId)).toBe(300);
    await buffer.close();
  });

  it('writes at most maxBatch rows per statement, and starts a flush as soon as a batch is full', async () => {
    const who = await principal();
    const { db, inserts } = counting(t.db);
    const buffer = new RequestLogBuffer(db, { logger, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000, maxBatch: 50 });
    for (let i = 0; i < 120; i += 1) buffer.record(who, facts(i));
    await buffer.close();
    expect(await countFor(who.subjectId)).toBe(120);
    // 50 written as the batch filled, the rest in at most two statements of 50.
    expect(inserts()).toBeLessThanOrEqual(4);
  });

  it('keeps entries while the database fails, up to its bound, dropping the oldest and counting them', async () => {
    const who = await principal();
    let away = true;
    const flaky = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === '$executeRawUnsafe' && away) return () => Promise.reject(new Error('connection refused'));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const buffer = new RequestLogBuffer(flaky, { logger, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000, maxBuffered: 10 });
    for (let i = 0; i < 8; i += 1) buffer.record(who, facts(i));
    await expect(buffer.flush()).rejects.toThrow('connection refused');
    expect(buffer.size).toBe(8);
    for (let i = 8; i < 15; i += 1) buffer.record(who, facts(i));
    expect(buffer.size).toBe(10);
    expect(buffer.stats.dropped).toBe(5);
    away = false;
    expect(await buffer.flush()).toBe(10);
    const kept = await t.db.requestLog.findMany({ where: { subjectId: who.subjectId }, orderBy: { id: 'asc' } });
    expect(kept.map((row) => row.requestId)).toEqual(Array.from({ length: 10 }, (_, i) => `req_buffer_test_${i + 5}`));
    await buffer.close();
  });

  it('sweeps entries past the retention, and holds each account it wrote for to its newest maxPerAccount', async () => {
    const who = await principal();
    const buffer = new RequestLogBuffer(t.db, { logger, retentionDays: 30, maxPerAccount: 4, flushIntervalMs: 3_600_000 });
    for (let i = 0; i < 6; i += 1) buffer.record(who, facts(i, 404));
    await buffer.flush();
    await backdate(who.subjectId, '31 days', 'req_buffer_test_5');
    await buffer.sweep();
    const kept = await t.db.requestLog.findMany({ where: { subjectId: who.subjectId }, orderBy: { id: 'desc' } });
    // The newest (5) was expired; of the other five the newest four stay.
    expect(kept.map((row) => row.requestId)).toEqual(['req_buffer_test_4', 'req_buffer_test_3', 'req_buffer_test_2', 'req_buffer_test_1']);
    await buffer.close();
  });

  it('sweeps by age on its own, whichever instance wrote the entries', async () => {
    const who = await principal();
    const buffer = new RequestLogBuffer(t.db, { logger, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000 });
    for (let i = 0; i < 3; i += 1) buffer.record(who, facts(i));
    await buffer.close();
    await backdate(who.subjectId, '40 days');
    // Another instance's sweep (nothing written by it) still removes expired rows.
    expect(await sweepRequestLogs(t.db, { retentionDays: 30, maxPerAccount: 100_000, subjects: [] })).toBeGreaterThanOrEqual(3);
    expect(await countFor(who.subjectId)).toBe(0);
  });

  it('records nothing with REQUEST_LOGS=off', async () => {
    const off = await startTestApp({ config: { requestLogs: { enabled: false, retentionDays: 30, maxPerAccount: 100_000 } } });
    try {
      const agency = await off.agency();
      const key = await off.key({ type: 'agency', id: agency.id });
      expect((await off.request('/public/v1/me', { key })).status).toBe(200);
      expect(off.app.services.requestLogs.size).toBe(0);
      await off.app.services.requestLogs.flush();
      expect(await off.db.requestLog.count({ where: { subjectId: agency.id } })).toBe(0);
    } finally {
      await off.close();
    }
  });
});
