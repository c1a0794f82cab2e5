import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newObjectId, newObjectIdParts, objectIdFloor, objectIdText } from '../../src/server/lib/object-id';
import { FOREIGN_REQUEST_ID_SQL, getRequestLog, REQUEST_LOG_COLUMNS, RequestLogRowWriter, SUBJECTS_WITH_EXPIRED_SQL, sweepRequestLogs } from '../../src/server/services/request-logs';
import type { RequestLogRow } from '../../src/server/services/request-log-rules';
import { ByteRecords } from '../../src/server/lib/byte-records';
import { startTestApp, type TestApp } from '../support/app';
import { planNodes, type PlanNode } from '../support/query-plan';

/**
 * How request_logs is stored (issues 31 and 27): every logged call pays PostgreSQL for each index on
 * the table, so it keeps one per question the API asks (a call with our own request id enters one), and the age sweep finds expired entries by
 * walking accounts along the primary key instead of reading every row. On PostgreSQL.
 */

const DAY_MS = 86_400_000;

describe.skipIf(!process.env.DATABASE_URL)('request log storage', () => {
  let t: TestApp;
  const accounts = [
    { type: 'agency' as const, id: newObjectId() },
    { type: 'creator' as const, id: newObjectId() },
    { type: 'agency' as const, id: newObjectId() },
    { type: 'creator' as const, id: newObjectId() },
  ];
  const keyId = newObjectId();

  function row(subject: (typeof accounts)[number], at: number, i: number): RequestLogRow {
    return {
      id: newObjectIdParts(at),
      requestId: `req_storage_${subject.id}_${i}`,
      requestIdIsOwn: false,
      subjectType: subject.type,
      subjectId: subject.id,
      mode: 'live',
      keyId,
      door: 'rest',
      method: 'GET',
      path: '/public/v1/me',
      operation: 'me.get',
      status: 200,
      durationMs: 1,
      problemType: null,
      idempotentReplayed: false,
      clientAddress: '127.0.0.1',
      userAgent: 'storage-test',
      requestBody: null,
      responseBody: null,
      createdAtMs: at,
    };
  }

  /** Rows as the request log's buffer encodes them, one after another. */
  function requestLogRows(rows: RequestLogRow[]): Buffer {
    const out = new ByteRecords(64 * 1024);
    const writer = new RequestLogRowWriter();
    for (const entry of rows) writer.write(out, entry);
    return out.take().bytes;
  }

  beforeAll(async () => {
    t = await startTestApp();
    // 20,000 entries over four accounts (two agencies, two creators); the first three of each account are 40 days old.
    const now = Date.now();
    const rows: RequestLogRow[] = [];
    for (const subject of accounts) {
      for (let i = 0; i < 5_000; i += 1) rows.push(row(subject, i < 3 ? now - 40 * DAY_MS + i : now - 60_000 + i, i));
    }
    await t.app.database.copyRows('request_logs', REQUEST_LOG_COLUMNS, requestLogRows(rows));
    await t.db.$executeRawUnsafe('ANALYZE request_logs');
  }, 120_000);

  afterAll(async () => {
    await t?.db.$executeRawUnsafe('DELETE FROM request_logs WHERE key_id = $1', keyId);
    await t?.close();
  });

  it('maintains one index per entry with our own request id: the account’s key; other request ids have a partial index', async () => {
    const indexes = await t.db.$queryRawUnsafe<{ indexdef: string }[]>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'request_logs' ORDER BY indexname`);
    expect(indexes.map((index) => index.indexdef.replace(/^.* USING /, ''))).toEqual([
      `btree (request_id) WHERE ((request_id)::text <> ('req_'::text || (id)::text))`,
      'btree (subject_type, subject_id, id)',
    ]);
    // An entry stored under its own request id's ObjectId never enters the partial index.
    const [agency] = accounts;
    const ownIdParts = newObjectIdParts();
    const ownId = objectIdText(ownIdParts);
    await t.app.database.copyRows('request_logs', REQUEST_LOG_COLUMNS, requestLogRows([{ ...row(agency!, Date.now(), 0), id: ownIdParts, requestId: `req_${ownId}`, requestIdIsOwn: true }]));
    // Stored under its ObjectId, with the request id the writer made from the id's bytes.
    expect((await t.db.requestLog.findFirst({ where: { id: ownId } }))?.requestId).toBe(`req_${ownId}`);
    const inPartial = await t.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM request_logs WHERE request_id = $1 AND request_id <> ('req_' || id)`,
      `req_${ownId}`,
    );
    expect(inPartial[0]!.n).toBe(0);
    await t.db.requestLog.deleteMany({ where: { id: ownId } });
  });

  it('sends a batch to PostgreSQL as it is: no Buffer of the batch’s size is allocated to copy it', async () => {
    const [, , agency] = accounts;
    const at = Date.now();
    const batch = requestLogRows(Array.from({ length: 8_000 }, (_, i) => row(agency!, at, 10_000 + i)));
    expect(batch.length).toBeGreaterThan(1_000_000);
    const sizes: number[] = [];
    const spies = (['alloc', 'allocUnsafe', 'allocUnsafeSlow'] as const).map((name) => {
      const original = Buffer[name].bind(Buffer) as (size: number, ...rest: unknown[]) => Buffer;
      return vi.spyOn(Buffer, name).mockImplementation(((size: number, ...rest: unknown[]) => {
        sizes.push(size);
        return original(size, ...rest);
      }) as never);
    });
    try {
      try {
        expect(await t.app.database.copyRows('request_logs', REQUEST_LOG_COLUMNS, batch)).toBe(8_000);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      expect(Math.max(0, ...sizes)).toBeLessThan(64 * 1024);
      const stored = await t.db.requestLog.findMany({ where: { subjectType: agency!.type, subjectId: agency!.id, requestId: { in: [`req_storage_${agency!.id}_10000`, `req_storage_${agency!.id}_17999`] } } });
      expect(stored.map((entry) => entry.requestId).sort()).toEqual([`req_storage_${agency!.id}_10000`, `req_storage_${agency!.id}_17999`]);
    } finally {
      // The sweep's test below counts this account's entries.
      await t.db.$executeRawUnsafe('DELETE FROM request_logs WHERE subject_id = $1 AND request_id LIKE $2', agency!.id, `req_storage_${agency!.id}_1____`);
    }
  });

  it('finds a foreign request id through the partial index, and only the account’s own', async () => {
    const [agency, creator] = accounts;
    const plan = await t.db.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${FOREIGN_REQUEST_ID_SQL}`,
      'agency',
      agency!.id,
      `req_storage_${agency!.id}_4321`,
    );
    const onLogs = planNodes(plan[0]!['QUERY PLAN'][0].Plan).filter((node) => node['Relation Name'] === 'request_logs');
    expect(onLogs.map((node) => node['Index Name'])).toEqual(['request_logs_foreign_request_id_idx']);
    expect(onLogs.reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0), 0)).toBeLessThan(10);
    const found = await getRequestLog(t.db, { type: 'agency', id: agency!.id }, `req_storage_${agency!.id}_4321`);
    expect(found.requestId).toBe(`req_storage_${agency!.id}_4321`);
    await expect(getRequestLog(t.db, { type: 'creator', id: creator!.id }, `req_storage_${agency!.id}_4321`)).rejects.toMatchObject({ slug: 'not-found' });
  });

  it('sweeps expired entries of every account, walking accounts along the key rather than reading every row', async () => {
    const deleted = await sweepRequestLogs(t.db, { retentionDays: 30, maxPerAccount: 100_000, subjects: [] });
    expect(deleted).toBeGreaterThanOrEqual(accounts.length * 3);
    for (const subject of accounts) {
      const kept = await t.db.requestLog.count({ where: { subjectType: subject.type, subjectId: subject.id } });
      expect(kept, `${subject.type} ${subject.id}`).toBe(4_997);
    }
    // The statement that picks the accounts to sweep: a few index entries per account, not the 20,000 rows.
    const plan = await t.db.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`EXPLAIN (ANALYZE, FORMAT JSON) ${SUBJECTS_WITH_EXPIRED_SQL}`, objectIdFloor(new Date(Date.now() - 30 * DAY_MS)));
    const onLogs = planNodes(plan[0]!['QUERY PLAN'][0].Plan).filter((node) => node['Relation Name'] === 'request_logs');
    expect(onLogs.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const touched = onLogs.reduce((sum, node) => sum + ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1), 0);
    expect(touched).toBeLessThan(2_000);
  });
});
