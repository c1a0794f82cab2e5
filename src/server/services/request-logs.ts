import type { CopyRows, Db } from '../db/database';
import { BOOL_BYTES, FIELD_COUNT_BYTES, INT4_BYTES, LENGTH_BYTES, NULL_BYTES, putBool, putFieldCount, putInt4, putLength, putText, putTimestamp, setTimestampValue, textBound, TIMESTAMP_BYTES } from '../db/copy-binary';
import { notFound } from '../domain/errors';
import type { Owner } from '../domain/owner';
import type { PrincipalMode } from '../domain/principal';
import type { Prisma, RequestLog } from '../../generated/prisma/client';
import { objectIdOfRequestId, type RequestLogRow } from './request-log-rules';
import type { ByteRecords } from '../lib/byte-records';
import { OBJECT_ID_COUNTER_AT, OBJECT_ID_LENGTH, objectIdFloor, putObjectIdAscii, putObjectIdCounterAscii } from '../lib/object-id';
import { keysetWindow } from '../domain/pagination';

/**
 * The request log (issue 31): reads scoped to the owning account, the batched write the buffer
 * (request-log-buffer.ts) calls, and the retention sweep. Another account's entry is a 404.
 */

/** `404`, or a class: `2xx`, `3xx`, `4xx`, `5xx`. */
export type StatusFilter = { exact: number } | { from: number; to: number };

export interface RequestLogFilter {
  status?: StatusFilter;
  method?: string;
  operation?: string;
  keyId?: string;
  since?: Date;
  until?: Date;
}

/** `"404"` → exact, `"4xx"` → 400–499; anything else was refused by the input schema. */
export function parseStatusFilter(value: string): StatusFilter {
  const klass = /^([1-5])xx$/i.exec(value);
  if (klass) {
    const from = Number(klass[1]) * 100;
    return { from, to: from + 99 };
  }
  return { exact: Number(value) };
}

/** `request_logs`' columns, in the order `RequestLogRowWriter` writes them. */
export const REQUEST_LOG_COLUMNS = [
  'id', 'request_id', 'subject_type', 'subject_id', 'mode', 'key_id', 'door', 'method', 'path', 'operation', 'status', 'duration_ms',
  'problem_type', 'idempotent_replayed', 'client_address', 'user_agent', 'request_body', 'response_body', 'created_at',
] as const;

const OWN_REQUEST_ID_PREFIX = Buffer.from('req_', 'latin1');
/** Room for a row's field count, its fixed-size fields (two int4, a bool, a timestamp), its id and our own request id. */
const FIXED_ROW_BYTES =
  FIELD_COUNT_BYTES + 2 * INT4_BYTES + BOOL_BYTES + TIMESTAMP_BYTES + (4 + OBJECT_ID_LENGTH) + (4 + OWN_REQUEST_ID_PREFIX.length + OBJECT_ID_LENGTH);

/** Text fields one after another, encoded once: a run the rows that share its values copy. */
function encodedTexts(values: readonly (string | null)[]): Buffer {
  let room = 0;
  for (const value of values) room += textBound(value);
  const scratch = Buffer.allocUnsafe(room);
  let at = 0;
  for (const value of values) at = putText(scratch, at, value);
  return Buffer.from(scratch.subarray(0, at));
}

/** The call's run: account, mode, key, door, method, path and operation, re-encoded only when one of them changes. */
class CallFields {
  private last: RequestLogRow | null = null;
  private bytes: Buffer = Buffer.alloc(0);

  of(row: RequestLogRow): Buffer {
    const last = this.last;
    if (
      last !== null && row.path === last.path && row.subjectId === last.subjectId && row.keyId === last.keyId && row.operation === last.operation &&
      row.method === last.method && row.subjectType === last.subjectType && row.mode === last.mode && row.door === last.door
    ) {
      return this.bytes;
    }
    this.bytes = encodedTexts([row.subjectType, row.subjectId, row.mode, row.keyId, row.door, row.method, row.path, row.operation]);
    this.last = row;
    return this.bytes;
  }
}

/** The client's run: its address and user agent. */
class ClientFields {
  private last: RequestLogRow | null = null;
  private bytes: Buffer = Buffer.alloc(0);

  of(row: RequestLogRow): Buffer {
    const last = this.last;
    if (last !== null && row.clientAddress === last.clientAddress && row.userAgent === last.userAgent) return this.bytes;
    this.bytes = encodedTexts([row.clientAddress, row.userAgent]);
    this.last = row;
    return this.bytes;
  }
}

/**
 * Appends entries to a ByteRecords as rows of binary COPY (db/copy-binary.ts), fields in
 * `REQUEST_LOG_COLUMNS` order. No string is built or read for most of a row: the id's digits are
 * written from its parts (lib/object-id.ts), our own request id is `req_` and a copy of those bytes,
 * numbers and the time are written as bytes, and the runs of fields that repeat from call to call —
 * the account, key, door, method, path and operation; the client's address and user agent — are
 * encoded once and copied while they stay the same (consecutive calls are mostly one client's),
 * compared field by field with no array made per call. A common row goes further: it is a copy of
 * the last one's bytes with its own values written over them (`CommonRow`).
 */
export class RequestLogRowWriter {
  private readonly call = new CallFields();
  private readonly client = new ClientFields();
  private readonly common = new CommonRow();

  write(out: ByteRecords, row: RequestLogRow): void {
    const call = this.call.of(row);
    const client = this.client.of(row);
    if (CommonRow.fits(row)) {
      this.common.write(out, row, call, client);
      return;
    }
    const room =
      FIXED_ROW_BYTES + (row.requestIdIsOwn ? 0 : textBound(row.requestId)) + call.length + textBound(row.problemType) + client.length +
      textBound(row.requestBody) + textBound(row.responseBody);
    out.commit(writeRow(out.room(room), out.end, row, call, client, null));
  }
}

/** Where a common row's per-call values sit, from the row's start (`writeRow` fills it in as it writes). */
interface CommonRowLayout {
  idCounterAt: number;
  requestIdCounterAt: number;
  statusAt: number;
  durationAt: number;
  replayedAt: number;
  createdAtAt: number;
}

/** One row in `REQUEST_LOG_COLUMNS` order from `start` (room made by the caller), field by field; returns where it ends. With `layout`, notes where the per-call values went. */
function writeRow(bytes: Buffer, start: number, row: RequestLogRow, call: Buffer, client: Buffer, layout: CommonRowLayout | null): number {
  let at = putFieldCount(bytes, start, REQUEST_LOG_COLUMNS.length);
  at = putLength(bytes, at, OBJECT_ID_LENGTH);
  const idAt = at;
  at = putObjectIdAscii(bytes, at, row.id);
  if (row.requestIdIsOwn) {
    at = putLength(bytes, at, OWN_REQUEST_ID_PREFIX.length + OBJECT_ID_LENGTH);
    bytes.set(OWN_REQUEST_ID_PREFIX, at);
    at += OWN_REQUEST_ID_PREFIX.length;
    bytes.copyWithin(at, idAt, idAt + OBJECT_ID_LENGTH);
    if (layout) {
      layout.idCounterAt = idAt + OBJECT_ID_COUNTER_AT - start;
      layout.requestIdCounterAt = at + OBJECT_ID_COUNTER_AT - start;
    }
    at += OBJECT_ID_LENGTH;
  } else {
    at = putText(bytes, at, row.requestId);
  }
  bytes.set(call, at);
  at += call.length;
  if (layout) layout.statusAt = at + LENGTH_BYTES - start;
  at = putInt4(bytes, at, row.status);
  if (layout) layout.durationAt = at + LENGTH_BYTES - start;
  at = putInt4(bytes, at, row.durationMs);
  at = putText(bytes, at, row.problemType);
  if (layout) layout.replayedAt = at + LENGTH_BYTES - start;
  at = putBool(bytes, at, row.idempotentReplayed);
  bytes.set(client, at);
  at += client.length;
  at = putText(bytes, at, row.requestBody);
  at = putText(bytes, at, row.responseBody);
  if (layout) layout.createdAtAt = at + LENGTH_BYTES - start;
  return putTimestamp(bytes, at, row.createdAtMs);
}

/**
 * Most calls make a common row: our own request id, no problem type, no bodies. Between two such
 * rows of one client and operation in one second only the id's counter (in the id and the request
 * id), the status, the duration, the replay flag and the time differ; everything else — the field
 * count, every length word, the NULLs, the runs of call and client fields, the ids' first 18 digits —
 * is the same bytes. So the first such row is written field by field as a template, and each one
 * after it is the template copied at once with those values written over it. Counted by callgrind
 * in a loop over fresh rows (`node --single-threaded`, 2026-11-29): 3,235 instructions a row written
 * field by field, 1,330–1,343 this way. The template is made again when the call's or the client's run changes
 * (a new Buffer from `CallFields` / `ClientFields`) or a new second begins.
 */
class CommonRow {
  private template: Buffer = Buffer.alloc(0);
  private call: Buffer | null = null;
  private client: Buffer | null = null;
  private second = Number.NaN;
  private readonly layout: CommonRowLayout = { idCounterAt: 0, requestIdCounterAt: 0, statusAt: 0, durationAt: 0, replayedAt: 0, createdAtAt: 0 };

  static fits(row: RequestLogRow): boolean {
    return row.requestIdIsOwn && row.problemType === null && row.requestBody === null && row.responseBody === null;
  }

  write(out: ByteRecords, row: RequestLogRow, call: Buffer, client: Buffer): void {
    if (call !== this.call || client !== this.client || row.id.second !== this.second) this.remake(row, call, client);
    const template = this.template;
    const layout = this.layout;
    const bytes = out.room(template.length);
    const at = out.end;
    bytes.set(template, at);
    putObjectIdCounterAscii(bytes, at + layout.idCounterAt, row.id.counter);
    putObjectIdCounterAscii(bytes, at + layout.requestIdCounterAt, row.id.counter);
    const view = out.view;
    view.setInt32(at + layout.statusAt, row.status | 0);
    view.setInt32(at + layout.durationAt, row.durationMs | 0);
    bytes[at + layout.replayedAt] = row.idempotentReplayed ? 1 : 0;
    setTimestampValue(view, at + layout.createdAtAt, row.createdAtMs);
    out.commit(at + template.length);
  }

  private remake(row: RequestLogRow, call: Buffer, client: Buffer): void {
    const bytes = Buffer.alloc(FIXED_ROW_BYTES + call.length + 3 * NULL_BYTES + client.length);
    this.template = bytes.subarray(0, writeRow(bytes, 0, row, call, client, this.layout));
    this.call = call;
    this.client = client;
    this.second = row.id.second;
  }
}

/**
 * Writes a batch of entries (`RequestLogRowWriter` rows, one after another) with one binary COPY: the
 * buffer's flush. Through the driver, not Prisma: a raw statement with a batch-sized parameter cost
 * Prisma about 2.3 µs of Node CPU per row once warm (the driver: 0.7), and COPY costs PostgreSQL
 * about half of json_populate_recordset. Committed without waiting for the WAL flush
 * (request-log-buffer.ts says why).
 */
export function copyRequestLogRows(copyRows: CopyRows, rows: Buffer): Promise<number> {
  return copyRows('request_logs', REQUEST_LOG_COLUMNS, rows, { synchronousCommit: false });
}

function whereOf(owner: Owner, filter: RequestLogFilter): Prisma.RequestLogWhereInput {
  const status = filter.status;
  return {
    subjectType: owner.type,
    subjectId: owner.id,
    ...(status ? { status: 'exact' in status ? status.exact : { gte: status.from, lte: status.to } } : {}),
    ...(filter.method ? { method: filter.method.toUpperCase() } : {}),
    ...(filter.operation ? { operation: filter.operation } : {}),
    ...(filter.keyId ? { keyId: filter.keyId } : {}),
    ...(filter.since || filter.until ? { createdAt: { ...(filter.since ? { gte: filter.since } : {}), ...(filter.until ? { lt: filter.until } : {}) } } : {}),
  };
}

/** The account's entries, newest first, after `afterId` (keyset paging). */
export function listRequestLogs(db: Db, owner: Owner, filter: RequestLogFilter, afterId: string | undefined, take: number): Promise<RequestLog[]> {
  return db.requestLog.findMany(keysetWindow(whereOf(owner, filter), afterId, take));
}

/**
 * The request ids of entries not stored under them (`request_id <> 'req_' || id`): a client's own
 * X-Request-Id, an MCP request's tool calls. The partial index of the same predicate holds only those.
 */
export const FOREIGN_REQUEST_ID_SQL = `SELECT id FROM request_logs
  WHERE subject_type = $1::"SubjectType" AND subject_id = $2 AND request_id = $3 AND request_id <> ('req_' || id)
  ORDER BY id DESC LIMIT 1`;

/**
 * The account's entry for `requestId`. A request id is the client's own when it sent a well-formed
 * X-Request-Id, and an MCP request with several tool calls logs one entry per call: the newest wins.
 * One of ours is the key of its entry (request-log-rules.ts `entryIdOf`); the others are found
 * through the partial index of foreign request ids. Both are asked: a client may send an id shaped
 * like ours (even one we made), and entries written before ids were made this way are foreign.
 */
export async function getRequestLog(db: Db, owner: Owner, requestId: string): Promise<RequestLog> {
  const ownId = objectIdOfRequestId(requestId);
  const [own, foreign] = await Promise.all([
    ownId ? db.requestLog.findUnique({ where: { subjectType_subjectId_id: { subjectType: owner.type, subjectId: owner.id, id: ownId } } }) : null,
    db.$queryRawUnsafe<{ id: string }[]>(FOREIGN_REQUEST_ID_SQL, owner.type, owner.id, requestId),
  ]);
  const ownEntry = own?.requestId === requestId ? own : null;
  const foreignId = foreign[0]?.id;
  if (foreignId && (!ownEntry || foreignId > ownEntry.id)) {
    const entry = await db.requestLog.findUnique({ where: { subjectType_subjectId_id: { subjectType: owner.type, subjectId: owner.id, id: foreignId } } });
    if (entry) return entry;
  }
  if (!ownEntry) throw notFound('request log entry', requestId);
  return ownEntry;
}

export interface RequestLogView {
  id: string;
  request_id: string;
  created_at: string;
  mode: PrincipalMode;
  key_id: string;
  subject_type: 'agency' | 'creator';
  subject_id: string;
  source: 'rest' | 'mcp';
  method: string;
  path: string;
  operation: string | null;
  status: number;
  duration_ms: number;
  problem_type: string | null;
  idempotent_replayed: boolean;
  client_address: string | null;
  user_agent: string | null;
  request_body: string | null;
  response_body: string | null;
}

export function requestLogView(entry: RequestLog): RequestLogView {
  return {
    id: entry.id,
    request_id: entry.requestId,
    created_at: entry.createdAt.toISOString(),
    mode: entry.mode === 'test' ? 'test' : 'live',
    key_id: entry.keyId,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    source: entry.door === 'mcp' ? 'mcp' : 'rest',
    method: entry.method,
    path: entry.path,
    operation: entry.operation,
    status: entry.status,
    duration_ms: entry.durationMs,
    problem_type: entry.problemType,
    idempotent_replayed: entry.idempotentReplayed,
    client_address: entry.clientAddress,
    user_agent: entry.userAgent,
    request_body: entry.requestBody,
    response_body: entry.responseBody,
  };
}

export interface SweepOptions {
  retentionDays: number;
  maxPerAccount: number;
  /**
   * Accounts to hold to `maxPerAccount`: the buffer passes those it wrote for since its last sweep (an
   * account only grows when written to, so no sweep scans every account).
   */
  subjects: readonly Owner[];
  now?: Date;
  /** Rows deleted per statement (the sweep repeats until less than this is left). */
  batch?: number;
}

/**
 * Every account with entries older than `floorId`, by skip-scan over the primary key (subject_type,
 * subject_id, id): one index descent per account, never a pass over every row. PostgreSQL 15 has no
 * skip scan of its own, so the recursive query jumps from one account to the next.
 */
export const SUBJECTS_WITH_EXPIRED_SQL = `
  WITH RECURSIVE subjects AS (
    (SELECT subject_type, subject_id FROM request_logs ORDER BY subject_type, subject_id LIMIT 1)
    UNION ALL
    SELECT next.subject_type, next.subject_id
      FROM subjects s
     CROSS JOIN LATERAL (
       SELECT r.subject_type, r.subject_id FROM request_logs r
        WHERE (r.subject_type, r.subject_id) > (s.subject_type, s.subject_id)
        ORDER BY r.subject_type, r.subject_id LIMIT 1) next
  )
  SELECT s.subject_type::text AS type, s.subject_id AS id FROM subjects s
   WHERE EXISTS (SELECT 1 FROM request_logs r WHERE r.subject_type = s.subject_type AND r.subject_id = s.subject_id AND r.id < $1)`;

/** Deletes up to `batch` of the account's entries matching `idCondition` (on `id`, its parameter `$4`), oldest first; returns how many. */
function deleteOldest(db: Db, subject: Owner, idCondition: string, parameter: unknown, batch: number): Promise<number> {
  // The account in the outer WHERE too: the key leads with it, so each id is a key lookup.
  return db.$executeRawUnsafe(
    `DELETE FROM request_logs
      WHERE subject_type = $1::"SubjectType" AND subject_id = $2
        AND id IN (SELECT id FROM request_logs
                    WHERE subject_type = $1::"SubjectType" AND subject_id = $2 AND ${idCondition}
                    ORDER BY id LIMIT $3)`,
    subject.type,
    subject.id,
    batch,
    parameter,
  );
}

/**
 * Deletes entries older than the retention, then each account's entries beyond its newest
 * `maxPerAccount`. Bounded statements (`batch` rows each), so a large backlog never holds one long
 * lock. Returns how many rows went.
 */
export async function sweepRequestLogs(db: Db, options: SweepOptions): Promise<number> {
  const batch = options.batch ?? 10_000;
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.retentionDays * 86_400_000);
  // An entry's id starts with its creation second (an ObjectId made from the same instant as
  // created_at), so the key finds expired entries and created_at needs no index of its own.
  const floorId = objectIdFloor(cutoff);
  let deleted = 0;
  const expired = await db.$queryRawUnsafe<{ type: Owner['type']; id: string }[]>(SUBJECTS_WITH_EXPIRED_SQL, floorId);
  for (const { type, id } of expired) {
    for (;;) {
      const n = await deleteOldest(db, { type, id }, 'id < $4', floorId, batch);
      deleted += n;
      if (n < batch) break;
    }
  }
  for (const subject of options.subjects) {
    // The newest id past the cap; it and everything older go.
    for (;;) {
      const n = await deleteOldest(
        db,
        subject,
        'id <= (SELECT id FROM request_logs WHERE subject_type = $1::"SubjectType" AND subject_id = $2 ORDER BY id DESC OFFSET $4 LIMIT 1)',
        options.maxPerAccount,
        batch,
      );
      deleted += n;
      if (n < batch) break;
    }
  }
  return deleted;
}
