import { describe, expect, it } from 'vitest';
import { ByteRecords } from '../../src/server/lib/byte-records';
import { objectIdText, type ObjectIdParts } from '../../src/server/lib/object-id';
import type { RequestLogRow } from '../../src/server/services/request-log-rules';
import { REQUEST_LOG_COLUMNS, RequestLogRowWriter } from '../../src/server/services/request-logs';

/**
 * The request log's rows of binary COPY (request-logs.ts `RequestLogRowWriter`), read back by a
 * decoder of the format written here from PostgreSQL's documentation: a common row (our own request
 * id, no problem type, no bodies) is a template copied with its per-call values written over it, so
 * each of those values must come back as given — across seconds, runs of call and client fields that
 * change, rows of the other kind in between, and a Buffer that grows while rows are written.
 */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const INT_COLUMNS = new Set(['status', 'duration_ms']);

function decodeRows(bytes: Buffer): Record<string, string | number | boolean | null>[] {
  const rows: Record<string, string | number | boolean | null>[] = [];
  let at = 0;
  while (at < bytes.length) {
    expect(bytes.readInt16BE(at)).toBe(REQUEST_LOG_COLUMNS.length);
    at += 2;
    const row: Record<string, string | number | boolean | null> = {};
    for (const column of REQUEST_LOG_COLUMNS) {
      const length = bytes.readInt32BE(at);
      at += 4;
      if (length === -1) {
        row[column] = null;
        continue;
      }
      const value = bytes.subarray(at, at + length);
      at += length;
      if (INT_COLUMNS.has(column)) {
        expect(length).toBe(4);
        row[column] = value.readInt32BE(0);
      } else if (column === 'idempotent_replayed') {
        expect(length).toBe(1);
        row[column] = value[0] === 1;
      } else if (column === 'created_at') {
        expect(length).toBe(8);
        row[column] = Number(value.readBigInt64BE(0) / 1000n) + POSTGRES_EPOCH_MS;
      } else {
        row[column] = value.toString('utf8');
      }
    }
    rows.push(row);
  }
  return rows;
}

/** A row as the decoder reads it back: what `RequestLogRow` says, under the table's column names. */
function expected(row: RequestLogRow): Record<string, string | number | boolean | null> {
  return {
    id: objectIdText(row.id),
    request_id: row.requestIdIsOwn ? `req_${objectIdText(row.id)}` : row.requestId,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    mode: row.mode,
    key_id: row.keyId,
    door: row.door,
    method: row.method,
    path: row.path,
    operation: row.operation,
    status: row.status,
    duration_ms: row.durationMs,
    problem_type: row.problemType,
    idempotent_replayed: row.idempotentReplayed,
    client_address: row.clientAddress,
    user_agent: row.userAgent,
    request_body: row.requestBody,
    response_body: row.responseBody,
    created_at: row.createdAtMs,
  };
}

describe('request log rows of binary COPY', () => {
  const second = Math.floor(Date.UTC(2026, 10, 29, 10, 0, 0) / 1000);
  let counter = 0xfffff0;
  const idAt = (s: number): ObjectIdParts => ({ second: s, counter: (counter = (counter + 1) % 0x1000000) });

  function common(at: number, overrides: Partial<RequestLogRow> = {}): RequestLogRow {
    const id = idAt(Math.floor(at / 1000));
    return {
      id,
      requestId: `req_${objectIdText(id)}`,
      requestIdIsOwn: true,
      subjectType: 'agency',
      subjectId: '65a1b2c3d4e5f60718293a4b',
      mode: 'live',
      keyId: '65a1b2c3d4e5f60718293a4c',
      door: 'rest',
      method: 'GET',
      path: '/public/v1/me',
      operation: 'me.get',
      status: 200,
      durationMs: 3,
      problemType: null,
      idempotentReplayed: false,
      clientAddress: '127.0.0.1',
      userAgent: 'rows-test',
      requestBody: null,
      responseBody: null,
      createdAtMs: at,
      ...overrides,
    };
  }

  it('reads every value back as given, common rows and others interleaved, across seconds, runs and a growing Buffer', () => {
    const start = second * 1000;
    const rows: RequestLogRow[] = [];
    for (let i = 0; i < 400; i += 1) {
      // Seconds change every 50 rows; the counter wraps past 0xffffff early on.
      const at = start + Math.floor(i / 50) * 1000 + (i % 50) * 7;
      const variant = i % 13;
      if (variant === 3) {
        rows.push(common(at, { requestId: `client-chosen-${i}`, requestIdIsOwn: false }));
      } else if (variant === 7) {
        rows.push(common(at, { status: 422, problemType: 'validation-error', requestBody: '{"name":""}', responseBody: '{"type":"validation-error"}' }));
      } else if (variant === 11) {
        // Our own request id on a failed call: not a common row (it has a problem type).
        rows.push(common(at, { status: 404, problemType: 'not-found', responseBody: '{"type":"not-found"}' }));
      } else {
        rows.push(
          common(at, {
            status: [200, 201, 204, 304][i % 4]!,
            durationMs: i % 5 === 0 ? 2_147_483_647 : i,
            idempotentReplayed: i % 6 === 0,
            // The call's run changes (path, operation), then the client's (no user agent, another address).
            path: i < 200 ? '/public/v1/me' : `/public/v1/creators/${i % 3}`,
            operation: i < 200 ? 'me.get' : 'creators.get',
            userAgent: i % 40 < 20 ? 'rows-test' : null,
            clientAddress: i % 80 < 40 ? '127.0.0.1' : '2001:db8::1',
          }),
        );
      }
    }
    // Times before 2000 and far ahead: the timestamp's high half negative, then large.
    rows.push(common(Date.UTC(1999, 11, 31, 23, 59, 59, 999)), common(start, { createdAtMs: Date.UTC(2200, 0, 1, 0, 0, 0, 1) }));

    const out = new ByteRecords(64);
    const writer = new RequestLogRowWriter();
    for (const row of rows) writer.write(out, row);
    const taken = out.take();
    expect(taken.ends).toHaveLength(rows.length);
    expect(decodeRows(taken.bytes)).toEqual(rows.map(expected));
  });

  it('gives a row copied from an earlier row’s template the same bytes as a row whose template is its own', () => {
    const row = common(second * 1000 + 123, { status: 201, durationMs: 17, idempotentReplayed: true });
    const first = new ByteRecords(1024);
    const viaTemplate = new RequestLogRowWriter();
    viaTemplate.write(first, common(second * 1000 + 5));
    viaTemplate.write(first, row);
    const templated = first.take();
    const fieldByField = new ByteRecords(1024);
    new RequestLogRowWriter().write(fieldByField, row);
    expect(templated.bytes.subarray(templated.ends[0])).toEqual(fieldByField.take().bytes);
  });
});
