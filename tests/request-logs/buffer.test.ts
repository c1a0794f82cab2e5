import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopyRows } from '../../src/server/db/database';
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

  /** The real COPY (database.ts `copyRows`), its calls counted. */
  function counting(): { copyRows: CopyRows; statements: () => number } {
    let statements = 0;
    const copyRows: CopyRows = (table, columns, data, options) => {
      statements += 1;
      return t.app.database.copyRows(table, columns, data, options);
    };
    return { copyRows, statements: () => statements };
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

  it('writes a burst of entries with one COPY, not one per request', async () => {
    const who = await principal();
    const { copyRows, statements } = counting();
    const buffer = new RequestLogBuffer(t.db, { logger, copyRows, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000 });
    const before = Date.now();
    for (let i = 0; i < 300; i += 1) buffer.record(who, facts(i));
    const after = Date.now();
    expect(await countFor(who.subjectId)).toBe(0);
    expect(await buffer.flush()).toBe(300);
    // Each entry's time, to the millisecond, is when it was recorded.
    const times = await t.db.requestLog.findMany({ where: { subjectId: who.subjectId }, select: { createdAt: true } });
    for (const { createdAt } of times) expect(createdAt.getTime()).toSatisfy((ms: number) => ms >= before && ms <= after);
    expect(statements()).toBe(1);
    expect(buffer.stats).toMatchObject({ statements: 1, written: 300, dropped: 0 });
    expect(await countFor(who.subjectId)).toBe(300);
    await buffer.close();
  });

  it('stores every field as recorded, whatever characters it holds (binary COPY; U+0000 as U+FFFD)', async () => {
    const who = await principal();
    const buffer = new RequestLogBuffer(t.db, { logger, copyRows: t.app.database.copyRows, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000 });
    const awkward = 'tab\there, newline\nthere, cr\rback\\slash \\N \\. "quoted" ünïcödé 🦊 nul\0end';
    buffer.record(who, {
      ...facts(1, 422),
      path: '/public/v1/creators/a\\b',
      operation: null,
      clientAddress: null,
      userAgent: `agent\t${awkward}`,
      requestBody: { note: awkward, empty: '' },
      responseBody: JSON.stringify({ type: 'https://creator-api.dev/problems/validation-error', detail: awkward }),
    });
    buffer.record(who, { ...facts(2), userAgent: null, replayed: true });
    expect(await buffer.flush()).toBe(2);
    const [failed, replayed] = await t.db.requestLog.findMany({ where: { subjectId: who.subjectId }, orderBy: { id: 'asc' } });
    // PostgreSQL text cannot hold U+0000: it is stored as U+FFFD.
    const stored = awkward.replace('\0', '\uFFFD');
    expect(failed).toMatchObject({
      requestId: 'req_buffer_test_1',
      keyId: who.keyId,
      mode: 'live',
      door: 'rest',
      method: 'GET',
      path: '/public/v1/creators/a\\b',
      operation: null,
      status: 422,
      durationMs: 3,
      problemType: 'validation-error',
      idempotentReplayed: false,
      clientAddress: null,
      userAgent: `agent\t${stored}`,
    });
    // Bodies are JSON text, where U+0000 is the escape \u0000: kept.
    expect(JSON.parse(failed!.requestBody!)).toEqual({ note: awkward, empty: '' });
    expect(JSON.parse(failed!.responseBody!)).toMatchObject({ detail: awkward });
    expect(replayed).toMatchObject({ requestId: 'req_buffer_test_2', status: 200, userAgent: null, idempotentReplayed: true, requestBody: null, responseBody: null, problemType: null });
    // created_at is the id's instant (the sweep reads the id): same second, millisecond kept.
    expect(Math.floor(replayed!.createdAt.getTime() / 1000)).toBe(Number.parseInt(replayed!.id.slice(0, 8), 16));
    await buffer.close();
  });

  it('stores each call with its own account, key, path and client when consecutive calls differ and repeat (runs of fields encoded once)', async () => {
    const [first, second] = [await principal(), await principal()];
    const buffer = new RequestLogBuffer(t.db, { logger, copyRows: t.app.database.copyRows, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000 });
    const longAgent = `long-agent/${'x'.repeat(300)}`;
    const calls = [
      { who: first, path: '/public/v1/me', userAgent: 'a', clientAddress: '10.0.0.1', status: 200 },
      { who: first, path: '/public/v1/me', userAgent: 'a', clientAddress: '10.0.0.1', status: 201 },
      { who: second, path: '/public/v1/me', userAgent: 'a', clientAddress: '10.0.0.1', status: 202 },
      { who: first, path: '/public/v1/creators/ü', userAgent: 'nul\0agent', clientAddress: '10.0.0.1', status: 203 },
      { who: first, path: '/public/v1/creators/ü', userAgent: longAgent, clientAddress: '10.0.0.2', status: 204 },
      { who: first, path: '/public/v1/me', userAgent: 'a', clientAddress: null, status: 205 },
    ];
    calls.forEach((call, i) => buffer.record(call.who, { ...facts(100 + i, call.status), path: call.path, userAgent: call.userAgent, clientAddress: call.clientAddress }));
    expect(await buffer.flush()).toBe(calls.length);
    const stored = await t.db.requestLog.findMany({ where: { subjectId: { in: [first.subjectId, second.subjectId] } }, orderBy: { status: 'asc' } });
    expect(stored.map((entry) => [entry.subjectId, entry.keyId, entry.path, entry.userAgent, entry.clientAddress, entry.status])).toEqual(
      calls.map((call) => [call.who.subjectId, call.who.keyId, call.path, call.userAgent.replace('\0', '\uFFFD'), call.clientAddress, call.status]),
    );
    await buffer.close();
  });

  it('writes at most maxStatementRows rows per statement, and starts a flush as soon as maxBatch entries wait', async () => {
    const who = await principal();
    const { copyRows, statements } = counting();
    const buffer = new RequestLogBuffer(t.db, { logger, copyRows, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000, maxBatch: 50, maxStatementRows: 50 });
    for (let i = 0; i < 120; i += 1) buffer.record(who, facts(i));
    await buffer.close();
    expect(await countFor(who.subjectId)).toBe(120);
    // 50 written as the batch filled, the rest in at most two statements of 50.
    expect(statements()).toBeLessThanOrEqual(4);
  });

  /** copyRows whose first statement waits until `release` (a slow database while calls keep coming). */
  function gatedFirstStatement(): { copyRows: CopyRows; statements: () => number; release: () => void } {
    let statements = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const copyRows: CopyRows = async (table, columns, data, options) => {
      statements += 1;
      if (statements === 1) await gate;
      return t.app.database.copyRows(table, columns, data, options);
    };
    return { copyRows, statements: () => statements, release };
  }

  it('catches up on a backlog with one statement, not one per maxBatch entries', async () => {
    const who = await principal();
    const { copyRows, statements, release } = gatedFirstStatement();
    const buffer = new RequestLogBuffer(t.db, { logger, copyRows, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000, maxBatch: 50 });
    // The 50th entry starts a write that the database holds; 250 more arrive meanwhile.
    for (let i = 0; i < 300; i += 1) buffer.record(who, facts(i));
    release();
    await buffer.flush();
    expect(await countFor(who.subjectId)).toBe(300);
    // Written as 50-row statements the backlog would take five more, each paying its own commit.
    expect(statements()).toBe(2);
    await buffer.close();
  });

  it('holds a few seconds of calls while a write is slow: 30,000 entries waiting are all written, none dropped', async () => {
    const who = await principal();
    const { copyRows, release } = gatedFirstStatement();
    const buffer = new RequestLogBuffer(t.db, { logger, copyRows, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000, maxBatch: 1_000 });
    for (let i = 0; i < 31_000; i += 1) buffer.record(who, facts(i));
    expect(buffer.size).toBe(30_000);
    release();
    await buffer.close();
    expect(buffer.stats).toMatchObject({ written: 31_000, dropped: 0 });
    expect(await countFor(who.subjectId)).toBe(31_000);
  });

  it.skipIf(!process.env.DATABASE_URL)('commits its COPY without waiting for the WAL flush, and leaves the pooled sessions synchronous', async () => {
    const who = await principal();
    // The setting each row was inserted under, stored in its user_agent: for this test's account only.
    const trigger = `request_logs_commit_probe_${who.subjectId}`;
    await t.db.$executeRawUnsafe(
      `CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.user_agent := current_setting('synchronous_commit'); RETURN NEW; END $$`,
    );
    await t.db.$executeRawUnsafe(`CREATE TRIGGER ${trigger} BEFORE INSERT ON request_logs FOR EACH ROW WHEN (NEW.subject_id = '${who.subjectId}') EXECUTE FUNCTION ${trigger}()`);
    try {
      const buffer = new RequestLogBuffer(t.db, { logger, copyRows: t.app.database.copyRows, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000 });
      for (let i = 0; i < 3; i += 1) buffer.record(who, facts(i));
      await buffer.close();
      const rows = await t.db.requestLog.findMany({ where: { subjectId: who.subjectId }, select: { userAgent: true } });
      expect(rows.map((row) => row.userAgent)).toEqual(['off', 'off', 'off']);
      // SET LOCAL ended with the COPY's transaction: every pooled session still commits synchronously.
      const settings = await Promise.all(Array.from({ length: 10 }, () => t.app.database.sql<{ s: string }>(`SELECT current_setting('synchronous_commit') AS s`, [])));
      expect(settings.map((rows) => rows[0]!.s)).toEqual(Array.from({ length: 10 }, () => 'on'));
    } finally {
      await t.db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${trigger} ON request_logs`);
      await t.db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${trigger}()`);
    }
  });

  it('keeps entries while the database fails, up to its bound, dropping the oldest and counting them', async () => {
    const who = await principal();
    let away = true;
    const flaky: CopyRows = (table, columns, data, options) => (away ? Promise.reject(new Error('connection refused')) : t.app.database.copyRows(table, columns, data, options));
    const buffer = new RequestLogBuffer(t.db, { logger, copyRows: flaky, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000, maxBuffered: 10 });
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

  it('keeps what a failed flush did not write, ahead of what was recorded meanwhile, in order', async () => {
    const who = await principal();
    let statements = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first statement waits for the gate (entries pile up meanwhile); the third fails.
    const copyRows: CopyRows = async (table, columns, data, options) => {
      statements += 1;
      if (statements === 1) await gate;
      if (statements === 3) throw new Error('connection reset');
      return t.app.database.copyRows(table, columns, data, options);
    };
    const buffer = new RequestLogBuffer(t.db, { logger, copyRows, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000, maxBatch: 3, maxStatementRows: 3 });
    for (let i = 0; i < 10; i += 1) buffer.record(who, facts(i));
    release();
    // 0–2 went with the first statement; of 3–9, one statement of three is written, the next fails.
    await expect(buffer.flush()).rejects.toThrow('connection reset');
    expect(buffer.size).toBe(4);
    // Five waiting: a batch is full, so this record starts a flush of its own.
    buffer.record(who, facts(10));
    await buffer.flush();
    expect(buffer.size).toBe(0);
    const kept = await t.db.requestLog.findMany({ where: { subjectId: who.subjectId }, orderBy: { id: 'asc' } });
    expect(kept.map((row) => row.requestId)).toEqual(Array.from({ length: 11 }, (_, i) => `req_buffer_test_${i}`));
    expect(buffer.stats).toMatchObject({ written: 11, dropped: 0 });
    await buffer.close();
  });

  it('sweeps entries past the retention, and holds each account it wrote for to its newest maxPerAccount', async () => {
    const who = await principal();
    const buffer = new RequestLogBuffer(t.db, { logger, copyRows: t.app.database.copyRows, retentionDays: 30, maxPerAccount: 4, flushIntervalMs: 3_600_000 });
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
    const buffer = new RequestLogBuffer(t.db, { logger, copyRows: t.app.database.copyRows, retentionDays: 30, maxPerAccount: 100_000, flushIntervalMs: 3_600_000 });
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
