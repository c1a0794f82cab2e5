import type { CopyRows, Db } from '../db/database';
import { copyField } from '../db/copy-text';
import { notFound } from '../domain/errors';
import type { Owner } from '../domain/owner';
import type { PrincipalMode } from '../domain/principal';
import type { Prisma, RequestLog } from '../../generated/prisma/client';
import { objectIdOfRequestId, type RequestLogRow } from './request-log-rules';
import { objectIdFloor } from '../lib/object-id';
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

/** `request_logs`' columns, in the order `requestLogLine` writes them. */
export const REQUEST_LOG_COLUMNS = [
  'id', 'request_id', 'subject_type', 'subject_id', 'mode', 'key_id', 'door', 'method', 'path', 'operation', 'status', 'duration_ms',
  'problem_type', 'idempotent_replayed', 'client_address', 'user_agent', 'request_body', 'response_body', 'created_at',
] as const;

/**
 * One entry as the line of COPY text the batched write sends (copy-text.ts), fields in
 * `REQUEST_LOG_COLUMNS` order. Values this service made or checked — ids, the request id (ours, or
 * a client's that matched `REQUEST_ID_PATTERN`), enums, the method (one of IMPLEMENTED_METHODS),
 * the operation's name, numbers, the ISO time — hold no character COPY escapes and are written as
 * they are (a null as `\N`); what came from the request goes through `copyField`. Per call on the
 * hot path: `copyField`'s test on every field was a fifth of an entry's cost.
 */
export function requestLogLine(row: RequestLogRow): string {
  return (
    `${row.id}\t${row.requestId}\t${row.subjectType}\t${row.subjectId}\t${row.mode}\t${row.keyId}\t${row.door}\t` +
    `${row.method}\t${copyField(row.path)}\t${row.operation ?? '\\N'}\t${row.status}\t${row.durationMs}\t` +
    `${copyField(row.problemType)}\t${row.idempotentReplayed ? 't' : 'f'}\t${copyField(row.clientAddress)}\t${copyField(row.userAgent)}\t` +
    `${copyField(row.requestBody)}\t${copyField(row.responseBody)}\t${row.createdAt}\n`
  );
}

/**
 * Writes a batch of entries (`requestLogLine` texts, UTF-8, one after another) with one COPY: the buffer's flush. Through the
 * driver, not Prisma: a raw statement with a batch-sized parameter cost Prisma about 2.3 µs of Node
 * CPU per row once warm (the driver: 0.7), and COPY costs PostgreSQL about half of
 * json_populate_recordset. Committed without waiting for the WAL flush (request-log-buffer.ts says why).
 */
export function copyRequestLogLines(copyRows: CopyRows, lines: Buffer): Promise<number> {
  return copyRows('request_logs', REQUEST_LOG_COLUMNS, lines, { synchronousCommit: false });
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
