import type { Db } from '../db/database';
import { newObjectId } from '../lib/object-id';
import { JOBS_CHANNEL, type JobWriter, type NewJob } from '../domain/jobs';

/**
 * The `jobs` table: every statement the runners and the operator CLI use. Each write that changes
 * who holds a job is conditional on the lease (`lease_owner = $me AND state = 'running'`), so an
 * instance that lost its lease (frozen, partitioned) can never overwrite the new holder's work.
 * All times come from the database's clock (`now()`), never an instance's.
 */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'dispatched'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface ClaimedJob {
  id: string;
  kind: string;
  accountType: string;
  accountId: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  /** Results of the steps finished by earlier holders, by step id. */
  steps: Record<string, unknown>;
}

/**
 * Writes the job row and its wake-up inside `tx`. PostgreSQL delivers a NOTIFY sent in a transaction
 * only when it commits, so no instance is woken for a job that is rolled back, and a committed job is
 * in the table whether or not anybody was listening: the backstop poll finds it.
 */
export async function insertJob(tx: JobWriter, queue: string, job: NewJob): Promise<string> {
  const id = newObjectId();
  await tx.$executeRawUnsafe(
    `INSERT INTO jobs (id, queue, kind, account_type, account_id, payload, max_attempts, run_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, COALESCE($8::timestamptz, now()))`,
    id,
    queue,
    job.kind,
    job.account.type,
    job.account.id,
    JSON.stringify(job.payload),
    job.maxAttempts ?? 1,
    job.runAt ?? null,
  );
  await tx.$executeRawUnsafe(`SELECT 1 FROM (SELECT pg_notify('${JOBS_CHANNEL}', $1)) AS sent`, queue);
  return id;
}

/** Claimable: due and queued, or running under a lease that has lapsed. */
const CLAIMABLE = `((j.state = 'queued' AND j.run_at <= now()) OR (j.state = 'running' AND j.lease_expires_at <= now()))`;

/**
 * Claims one job in a single statement, fairly:
 * - accounts that have something claimable and fewer than `accountLimit` jobs running under a live
 *   lease are served round-robin: the one whose last claim is oldest (never claimed first);
 * - within an account, the earliest due job first;
 * - `FOR UPDATE SKIP LOCKED` passes over a row another transaction holds instead of waiting for it,
 *   and only the first account that yields a row is locked (the accounts are ordered beforehand).
 * The transaction-scoped advisory lock serializes claimers of one queue (each claim is a few
 * milliseconds), so the statement's snapshot sees every earlier claim and the per-account limit is
 * exact across instances. Returns null when nothing is claimable now.
 */
export async function claimJob(db: Db, options: { queue: string; owner: string; accountLimit: number; leaseMs: number }): Promise<ClaimedJob | null> {
  const rows = await db.$transaction(async (tx) => {
    // A claimer frozen while holding the lock is ended by the idle-transaction timeout; meanwhile
    // the others give up after 2 s and try again, instead of piling up on the connection pool.
    await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '2s'`);
    await tx.$executeRawUnsafe(`SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext('jobs:' || $1))) AS locked`, options.queue);
    return tx.$queryRawUnsafe<
      { id: string; kind: string; account_type: string; account_id: string; payload: Record<string, unknown>; attempts: number; max_attempts: number; steps: Record<string, unknown> }[]
    >(
      `WITH accounts AS MATERIALIZED (
         SELECT c.account_type, c.account_id
           FROM (SELECT DISTINCT j.account_type, j.account_id FROM jobs j WHERE j.queue = $1 AND ${CLAIMABLE}) c
          WHERE (SELECT count(*) FROM jobs r
                  WHERE r.queue = $1 AND r.account_type = c.account_type AND r.account_id = c.account_id
                    AND r.state = 'running' AND r.lease_expires_at > now()) < $3
          ORDER BY (SELECT max(r.claimed_at) FROM jobs r
                     WHERE r.queue = $1 AND r.account_type = c.account_type AND r.account_id = c.account_id) ASC NULLS FIRST,
                   c.account_type, c.account_id
       ), picked AS (
         SELECT next.id
           FROM accounts a
          CROSS JOIN LATERAL (
            SELECT j.id FROM jobs j
             WHERE j.queue = $1 AND j.account_type = a.account_type AND j.account_id = a.account_id AND ${CLAIMABLE}
             ORDER BY j.run_at, j.id
             LIMIT 1
             FOR UPDATE SKIP LOCKED) next
          LIMIT 1
       )
       UPDATE jobs
          SET state = 'running', lease_owner = $2, lease_expires_at = now() + $4 * interval '1 millisecond',
              attempts = jobs.attempts + 1, claimed_at = now(), updated_at = now()
         FROM picked
        WHERE jobs.id = picked.id
       RETURNING jobs.id, jobs.kind, jobs.account_type, jobs.account_id, jobs.payload, jobs.attempts, jobs.max_attempts, jobs.steps`,
      options.queue,
      options.owner,
      options.accountLimit,
      options.leaseMs,
    );
  });
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    accountType: row.account_type,
    accountId: row.account_id,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    steps: row.steps ?? {},
  };
}

/** Extends the leases this instance holds; returns the ids it still holds (a missing one was lost). */
export async function renewLeases(db: Db, owner: string, ids: string[], leaseMs: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE jobs SET lease_expires_at = now() + $3 * interval '1 millisecond', updated_at = now()
      WHERE id = ANY($2::text[]) AND lease_owner = $1 AND state = 'running'
      RETURNING id`,
    owner,
    ids,
    leaseMs,
  );
  return new Set(rows.map((r) => r.id));
}

/** Records a finished step (and renews the lease); false when the lease was lost meanwhile. */
export async function recordStep(db: Db, id: string, owner: string, stepId: string, result: unknown, leaseMs: number): Promise<boolean> {
  const count = await db.$executeRawUnsafe(
    `UPDATE jobs SET steps = steps || jsonb_build_object($3::text, $4::jsonb),
            lease_expires_at = now() + $5 * interval '1 millisecond', updated_at = now()
      WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
    id,
    owner,
    stepId,
    JSON.stringify(result),
    leaseMs,
  );
  return count > 0;
}

/** The job ended (`succeeded`, `failed`, or `dispatched` to Inngest). False when the lease was lost. */
export async function finishJob(db: Db, id: string, owner: string, state: 'succeeded' | 'failed' | 'dispatched', lastError: string | null = null): Promise<boolean> {
  const count = await db.$executeRawUnsafe(
    `UPDATE jobs SET state = $3::"JobState", lease_owner = NULL, lease_expires_at = NULL, last_error = $4,
            finished_at = CASE WHEN $3::"JobState" = 'dispatched' THEN NULL ELSE now() END, updated_at = now()
      WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
    id,
    owner,
    state,
    lastError,
  );
  return count > 0;
}

/** Back in the queue, due after `delayMs` (a retry), keeping the finished steps. */
export async function retryJob(db: Db, id: string, owner: string, delayMs: number, lastError: string): Promise<boolean> {
  const count = await db.$executeRawUnsafe(
    `UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_expires_at = NULL, last_error = $4,
            run_at = now() + $3 * interval '1 millisecond', updated_at = now()
      WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
    id,
    owner,
    delayMs,
    lastError,
  );
  return count > 0;
}

/** Graceful release (shutdown): due at once for any instance, and the claim is not charged as an attempt. */
export async function releaseJobs(db: Db, owner: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.$executeRawUnsafe(
    `UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_expires_at = NULL, run_at = now(),
            attempts = greatest(attempts - 1, 0), updated_at = now()
      WHERE id = ANY($2::text[]) AND lease_owner = $1 AND state = 'running'`,
    owner,
    ids,
  );
}

/**
 * When something in the queue next becomes claimable without a notification, in milliseconds from
 * now (null: nothing pending): the earliest queued job of an account under its limit, and the
 * earliest lapsing lease held by another instance. A job that fell due between the claim and this
 * query counts (0: claim again at once) — leaving it out made a retry due a millisecond after the
 * claim wait for the backstop poll. A due job of an account at its limit does not count: the job
 * that frees the slot wakes every claimer when it ends.
 */
export async function nextWakeInMs(db: Db, queue: string, owner: string, accountLimit: number): Promise<number | null> {
  const rows = await db.$queryRawUnsafe<{ ms: number | null }[]>(
    `WITH full_accounts AS (
       SELECT account_type, account_id FROM jobs
        WHERE queue = $1 AND state = 'running' AND lease_expires_at > now()
        GROUP BY account_type, account_id HAVING count(*) >= $3
     )
     SELECT (extract(epoch FROM least(
              min(j.run_at) FILTER (WHERE j.state = 'queued' AND (j.run_at > now() OR f.account_id IS NULL)),
              min(j.lease_expires_at) FILTER (WHERE j.state = 'running' AND j.lease_owner IS DISTINCT FROM $2)) - now()) * 1000)::float8 AS ms
       FROM jobs j
       LEFT JOIN full_accounts f ON f.account_type = j.account_type AND f.account_id = j.account_id
      WHERE j.queue = $1 AND j.state IN ('queued', 'running')`,
    queue,
    owner,
    accountLimit,
  );
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, ms);
}

/** Jobs due now or running (under any lease) in the queue: what `idle()` waits for. */
export async function pendingJobCount(db: Db, queue: string): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM jobs WHERE queue = $1 AND ((state = 'queued' AND run_at <= now()) OR state = 'running')`,
    queue,
  );
  return rows[0]?.n ?? 0;
}

/** Inngest reports back: the run ended. Keyed by job id only (Inngest holds no lease here). */
export async function settleDispatchedJob(db: Db, id: string, state: 'succeeded' | 'failed', attempts: number, lastError: string | null): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE jobs SET state = $2, attempts = greatest(attempts, $3), last_error = $4, finished_at = now(), updated_at = now()
      WHERE id = $1 AND state IN ('dispatched', 'queued', 'running')`,
    id,
    state,
    attempts,
    lastError,
  );
}

export interface JobListing {
  id: string;
  queue: string;
  kind: string;
  account: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Operator view (`npm run admin -- jobs`): newest first. */
export async function listJobs(db: Db, options: { states?: JobState[]; queue?: string; limit?: number } = {}): Promise<JobListing[]> {
  const rows = await db.job.findMany({
    where: {
      ...(options.states && options.states.length > 0 ? { state: { in: options.states } } : {}),
      ...(options.queue ? { queue: options.queue } : {}),
    },
    orderBy: { id: 'desc' },
    take: options.limit ?? 100,
  });
  return rows.map((row) => ({
    id: row.id,
    queue: row.queue,
    kind: row.kind,
    account: `${row.accountType}:${row.accountId}`,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAt: row.runAt,
    leaseOwner: row.leaseOwner,
    leaseExpiresAt: row.leaseExpiresAt,
    lastError: row.lastError,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}
