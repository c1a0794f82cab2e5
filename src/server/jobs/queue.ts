import type { Db, SqlQuery } from '../db/database';
import { newObjectId } from '../lib/object-id';
import { JOBS_CHANNEL, laneOf, type JobWriter, type NewJob, type SettleWrite } from '../domain/jobs';

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
  lane: string;
  fairKey: string;
  accountType: string;
  accountId: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  /** Results of the steps finished by earlier holders, by step id. */
  steps: Record<string, unknown>;
  /** What the kind's preload read in the statement that leased the job (a hand-off); see JobRunContext. */
  preloaded?: unknown;
}

/**
 * Writes the job row and its wake-up inside `tx`. PostgreSQL delivers a NOTIFY sent in a transaction
 * only when it commits, so no instance is woken for a job that is rolled back, and a committed job is
 * in the table whether or not anybody was listening: the backstop poll finds it.
 */
export async function insertJob(tx: JobWriter, queue: string, job: NewJob): Promise<string> {
  const id = newObjectId();
  await tx.$executeRawUnsafe(
    `INSERT INTO jobs (id, queue, kind, lane, fair_key, account_type, account_id, payload, max_attempts, run_at)
     VALUES ($1, $2, $3, $9, $10, $4, $5, $6::jsonb, $7, COALESCE($8::timestamptz, now()))`,
    id,
    queue,
    job.kind,
    job.account.type,
    job.account.id,
    JSON.stringify(job.payload),
    job.maxAttempts ?? 1,
    job.runAt ?? null,
    laneOf(job.kind),
    job.fairKey ?? '',
  );
  await tx.$executeRawUnsafe(`SELECT 1 FROM (SELECT pg_notify('${JOBS_CHANNEL}', $1)) AS sent`, queue);
  return id;
}

type ClaimedRow = {
  id: string;
  kind: string;
  lane: string;
  fair_key: string;
  account_type: string;
  account_id: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  steps: Record<string, unknown>;
};

const CLAIMED_COLUMNS = 'jobs.id, jobs.kind, jobs.lane, jobs.fair_key, jobs.account_type, jobs.account_id, jobs.payload, jobs.attempts, jobs.max_attempts, jobs.steps';
const TAKE_LEASE = `state = 'running', lease_owner = $3, lease_expires_at = now() + $4 * interval '1 millisecond',
              attempts = jobs.attempts + 1, claimed_at = now(), updated_at = now()`;

/**
 * The groups of a lane that have queued jobs — (account, fair key) — found by a skip scan of the
 * queued jobs' (queue, lane, account, fair key, run_at, id) index (`jobs_queued_idx`, partial): one
 * index probe per group, however many jobs each group has queued, so a backlog of tens of thousands
 * costs no more to claim from than ten.
 */
const QUEUED_GROUPS = `groups AS (
    (SELECT j.account_type, j.account_id, j.fair_key FROM jobs j
      WHERE j.queue = $1 AND j.lane = $2 AND j.state = 'queued'
      ORDER BY j.account_type, j.account_id, j.fair_key LIMIT 1)
    UNION ALL
    SELECT n.account_type, n.account_id, n.fair_key FROM groups g
     CROSS JOIN LATERAL (
       SELECT j.account_type, j.account_id, j.fair_key FROM jobs j
        WHERE j.queue = $1 AND j.lane = $2 AND j.state = 'queued'
          AND (j.account_type, j.account_id, j.fair_key) > (g.account_type, g.account_id, g.fair_key)
        ORDER BY j.account_type, j.account_id, j.fair_key LIMIT 1) n
  )`;

/** Running under a live lease in the lane: bounded by its slots times the instances. */
const LIVE = `live AS MATERIALIZED (
    SELECT account_type, account_id, fair_key FROM jobs
     WHERE queue = $1 AND lane = $2 AND state = 'running' AND lease_expires_at > now()
  )`;

/**
 * The claim of due jobs ($1 queue, $2 lane, $3 owner, $4 lease ms, $5 account limit, $6 group limit or
 * null, $7 how many); one jsonb per claimed job, in the order they should start (turn, then due time).
 * Exported so a test can EXPLAIN it against a long lane. A group may get several jobs in one claim, up
 * to its room under the group and account limits (a delivery burst to one endpoint: both of its slots
 * in one statement), but turns go round first: every chosen group's first job before any group's second.
 */
export const CLAIM_DUE_SQL = `WITH RECURSIVE ${QUEUED_GROUPS}, ${LIVE},
       due AS MATERIALIZED (
         SELECT g.account_type, g.account_id, g.fair_key,
                (SELECT max(r.claimed_at) FROM jobs r
                  WHERE r.queue = $1 AND r.lane = $2 AND r.account_type = g.account_type AND r.account_id = g.account_id
                    AND r.fair_key = g.fair_key) AS last_turn,
                $5 - (SELECT count(*) FROM live l WHERE l.account_type = g.account_type AND l.account_id = g.account_id) AS account_room,
                CASE WHEN $6::int IS NULL THEN $7::int
                     ELSE $6::int - (SELECT count(*) FROM live l
                                      WHERE l.account_type = g.account_type AND l.account_id = g.account_id AND l.fair_key = g.fair_key)::int
                END AS group_room
           FROM groups g
          WHERE NOT EXISTS (SELECT 1 FROM job_holds h WHERE h.lane = $2 AND h.fair_key = g.fair_key AND h.until > now())
            -- A scalar subquery, not EXISTS: EXISTS became a hash semi-join that read every due job of
            -- the lane whenever the statistics lagged behind a burst; this is one index probe per group.
            AND (SELECT true FROM jobs d
                  WHERE d.queue = $1 AND d.lane = $2 AND d.state = 'queued' AND d.account_type = g.account_type
                    AND d.account_id = g.account_id AND d.fair_key = g.fair_key AND d.run_at <= now()
                  LIMIT 1)
            AND ($6::int IS NULL OR (SELECT count(*) FROM live l
                                      WHERE l.account_type = g.account_type AND l.account_id = g.account_id AND l.fair_key = g.fair_key) < $6::int)
       ), chosen AS (
         SELECT r.* FROM (
           SELECT d.*, row_number() OVER (PARTITION BY d.account_type, d.account_id ORDER BY d.last_turn ASC NULLS FIRST, d.fair_key) AS nth
             FROM due d) r
          WHERE r.nth <= r.account_room
          ORDER BY r.last_turn ASC NULLS FIRST, r.account_type, r.account_id, r.fair_key
          LIMIT $7
       ), picked AS (
         SELECT c.account_type, c.account_id, c.fair_key, c.last_turn, c.account_room, next.id, next.run_at FROM chosen c
          CROSS JOIN LATERAL (
            SELECT j.id, j.run_at FROM jobs j
             WHERE j.queue = $1 AND j.lane = $2 AND j.state = 'queued' AND j.account_type = c.account_type
               AND j.account_id = c.account_id AND j.fair_key = c.fair_key AND j.run_at <= now()
             ORDER BY j.run_at, j.id
             LIMIT least(c.group_room, c.account_room, $7)
             FOR UPDATE SKIP LOCKED) next
       ), turns AS (
         SELECT p.*, row_number() OVER (PARTITION BY p.account_type, p.account_id, p.fair_key ORDER BY p.run_at, p.id) AS turn FROM picked p
       ), taken AS (
         SELECT a.id, a.turn FROM (
           SELECT t.*, row_number() OVER (PARTITION BY t.account_type, t.account_id ORDER BY t.turn, t.last_turn ASC NULLS FIRST, t.fair_key) AS in_account
             FROM turns t) a
          WHERE a.in_account <= a.account_room
          ORDER BY a.turn, a.last_turn ASC NULLS FIRST, a.account_type, a.account_id, a.fair_key
          LIMIT $7
       ), claimed AS (
         UPDATE jobs SET ${TAKE_LEASE} FROM taken WHERE jobs.id = taken.id
         RETURNING ${CLAIMED_COLUMNS}, jobs.run_at, taken.turn
       )
       SELECT to_jsonb(claimed) AS job FROM claimed ORDER BY claimed.turn, claimed.run_at, claimed.id`;

/** Takeovers: jobs whose holder's lease lapsed, oldest lapse first (same parameters as CLAIM_DUE_SQL). */
const CLAIM_LAPSED_SQL = `WITH lapsed AS (
         SELECT id FROM jobs
          WHERE queue = $1 AND lane = $2 AND state = 'running' AND lease_expires_at <= now()
          ORDER BY lease_expires_at LIMIT $7 FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE jobs SET ${TAKE_LEASE} FROM lapsed WHERE jobs.id = lapsed.id
         RETURNING ${CLAIMED_COLUMNS}, jobs.lease_expires_at
       )
       SELECT to_jsonb(claimed) AS job FROM claimed`;

/** Jobs this owner finished since its last pass ($3 owner, $8 ids): settled at the start of the next pass. */
const FINISH_SUCCEEDED_SQL = `UPDATE jobs SET state = 'succeeded', lease_owner = NULL, lease_expires_at = NULL, last_error = NULL,
            finished_at = now(), updated_at = now()
      WHERE id = ANY($8::text[]) AND lease_owner = $3 AND state = 'running'`;

export interface ClaimOptions {
  queue: string;
  /** The lane to claim from (default `interactive`). */
  lane?: string;
  owner: string;
  /** Jobs of one account running at once in this lane, across instances. */
  accountLimit: number;
  /** Jobs of one fair key (a delivery's endpoint) running at once, across instances; null: no limit. */
  groupLimit?: number | null;
  leaseMs: number;
}

export interface ClaimPass {
  jobs: ClaimedJob[];
  /**
   * When fewer jobs than asked were claimed (nothing more is claimable now): the next wake-up in ms
   * from now, as nextWakeInMs (null: nothing pending). Undefined when the claim filled the room.
   */
  wakeMs?: number | null;
}

/**
 * One pass of a claimer in one statement (the `jobs_claim_pass` function, one round trip), fairly:
 * - first the jobs in `finished` (this owner's, succeeded since its last pass) are settled, so their
 *   slots count as free;
 * - then any job whose holder's lease lapsed (a takeover), oldest lapse first;
 * - then groups (account, fair key) with a due job, under the account's and the group's running
 *   limits, round-robin: the group whose last turn is oldest (never claimed first); a group gets up to
 *   its room, turn by turn (every group's first job before any group's second), and an account no more
 *   than its room under the limit;
 * - within a group, the earliest due job first (so an endpoint receives its backlog in order);
 * - `FOR UPDATE SKIP LOCKED` passes over a row another transaction holds instead of waiting for it;
 * - when fewer than `limit` were claimed, the next wake-up (see nextWakeInMs) in the same statement.
 * The transaction-scoped advisory lock serializes claimers of one lane of one queue (each claim is a
 * few milliseconds), and every statement after it takes a fresh snapshot (a VOLATILE PL/pgSQL
 * function), so the claim sees every earlier claim and the limits are exact across instances; lanes
 * never wait for each other's claims.
 */
export async function claimPass(db: Db, options: ClaimOptions & { limit: number; finished?: string[]; wake?: boolean }): Promise<ClaimPass> {
  const lane = options.lane ?? 'interactive';
  const finished = options.finished ?? [];
  const room = Math.max(0, options.limit);
  if (room === 0 && finished.length === 0) return { jobs: [] };
  const rows = await db.$queryRawUnsafe<{ row: (ClaimedRow & { wake_ms?: undefined }) | { wake_ms: number | null } }[]>(
    `SELECT jobs_claim_pass($1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::int, $10::int, $11::int, $12::int, $13::text[]) AS row`,
    `jobs:${options.queue}:${lane}`,
    FINISH_SUCCEEDED_SQL,
    CLAIM_LAPSED_SQL,
    CLAIM_DUE_SQL,
    options.wake ? WAKE_SQL : null,
    options.queue,
    lane,
    options.owner,
    options.leaseMs,
    options.accountLimit,
    options.groupLimit ?? null,
    room,
    finished,
  );
  const pass: ClaimPass = { jobs: [] };
  for (const { row } of rows) {
    if ('id' in row) pass.jobs.push(claimedJob(row));
    else pass.wakeMs = row.wake_ms === null ? null : Math.max(0, row.wake_ms);
  }
  return pass;
}

function claimedJob(row: ClaimedRow): ClaimedJob {
  return {
    id: row.id,
    kind: row.kind,
    lane: row.lane,
    fairKey: row.fair_key,
    accountType: row.account_type,
    accountId: row.account_id,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    steps: row.steps ?? {},
  };
}

/** Claims up to `limit` jobs of one lane (see claimPass). */
export async function claimJobs(db: Db, options: ClaimOptions & { limit: number }): Promise<ClaimedJob[]> {
  if (options.limit <= 0) return [];
  return (await claimPass(db, options)).jobs;
}

/** One job (see claimJobs), or null when nothing in the lane is claimable now. */
export async function claimJob(db: Db, options: ClaimOptions): Promise<ClaimedJob | null> {
  return (await claimJobs(db, { ...options, limit: 1 }))[0] ?? null;
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

/**
 * The hand-off ($1 queue, $2 lane, $3 owner, $4 lease ms, $5 the job that succeeded): settles the job
 * and, in the same statement, leases the next due job of its group (account and fair key), earliest
 * first, unless the group is held. Swapping one running job of a group for another keeps every running
 * count — the group's, the account's, the instance's — as it was, so it needs neither the claim
 * pass's lock nor its walk of the lane, and the limits stay exact. It waits for a row another claim has
 * locked rather than skip it, so an endpoint's next delivery is never handed over the head of one a
 * concurrent claim pass is taking: the skipped one would start late, behind later events. The only
 * locks it can wait on are claims' (a few milliseconds), which never wait on it. Committed without waiting for the
 * WAL flush (`synchronous_commit` off, for this transaction only): a crash of PostgreSQL can lose the
 * last fraction of a second of hand-offs, and the jobs they stood for are run again once their leases
 * lapse — at least once, as deliveries always are — while the writes of the work itself keep their own
 * durability. The job's success record (JobRunContext.settleWith) may ride along as CTEs of its own,
 * committing with the settling (a crash loses both or neither), and the next job's preload (JobOptions)
 * as a read of the job just leased: on a burst to one endpoint, one statement per delivery.
 */
const HAND_OFF_CTES = `job_settled AS (
         UPDATE jobs SET state = 'succeeded', lease_owner = NULL, lease_expires_at = NULL, last_error = NULL,
                finished_at = now(), updated_at = now()
          WHERE id = $5 AND lease_owner = $3 AND state = 'running'
          RETURNING account_type, account_id, fair_key, set_config('synchronous_commit', 'off', true) AS commit_mode
       ), job_next AS (
         -- The group's first entry in the queued jobs' index, the hold checked once for the group: as a
         -- join of the backlog with the hold check, a plan from statistics that lag behind a burst read
         -- and sorted the endpoint's whole backlog.
         SELECT n.id FROM job_settled s
          CROSS JOIN LATERAL (
            SELECT j.id FROM jobs j
             WHERE j.queue = $1 AND j.lane = $2 AND j.state = 'queued' AND j.account_type = s.account_type
               AND j.account_id = s.account_id AND j.fair_key = s.fair_key AND j.run_at <= now()
               AND NOT EXISTS (SELECT 1 FROM job_holds h WHERE h.lane = $2 AND h.fair_key = s.fair_key AND h.until > now())
             ORDER BY j.run_at, j.id
             LIMIT 1
             -- Not SKIP LOCKED: a claim pass taking the group's earliest job meanwhile makes the hand-off
             -- wait for it (milliseconds) and take the one after, instead of overtaking that job now.
             FOR UPDATE) n
       ), job_claimed AS (
         UPDATE jobs SET ${TAKE_LEASE} FROM job_next WHERE jobs.id = job_next.id
         RETURNING ${CLAIMED_COLUMNS}
       )`;

/** The hand-off's statement, with the finished job's success record (its CTEs first) and the next job's preload, if any. */
function handOffSql(write: SettleWrite | undefined, preload: string | undefined): string {
  const key = `${write?.ctes ?? ''}\u0000${preload ?? ''}`;
  let text = handOffTexts.get(key);
  if (text === undefined) {
    const recorded = write ? `${renumberParams(write.ctes, HAND_OFF_PARAMS)}, ` : '';
    const preloaded = preload ? `(SELECT to_jsonb(p) FROM (${preload}) p LIMIT 1)` : 'NULL::jsonb';
    text = `WITH ${recorded}${HAND_OFF_CTES}
       SELECT (SELECT count(*) FROM job_settled)::int AS settled, (SELECT to_jsonb(job_claimed) FROM job_claimed) AS job, ${preloaded} AS preloaded`;
    handOffTexts.set(key, text);
  }
  return text;
}
const handOffTexts = new Map<string, string>();
const HAND_OFF_PARAMS = 5;
/** The hand-off's statement alone (no record, no preload): exported so a test can EXPLAIN it against a long lane. */
export const HAND_OFF_SQL = handOffSql(undefined, undefined);

/** Moves a SettleWrite's $1… past the statement's own parameters; its text has no `$` but placeholders (SettleWrite). */
function renumberParams(text: string, offset: number): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
}

/** One name per statement text: named statements are planned once per connection, and a name must always mean the same text. */
const statementNames = new Map<string, string>();
function statementName(prefix: string, text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `${prefix}_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

export interface HandOff {
  /** False when the lease on the finished job was lost meanwhile: nothing was settled or claimed (a success record given along is written all the same). */
  settled: boolean;
  /** The group's next job, now leased to this owner (null: none due, or the group is held). */
  next: ClaimedJob | null;
}

/**
 * Settles a job that succeeded and takes the next due job of its group in one statement (see
 * HAND_OFF_CTES). With `sql` (PostgreSQL's raw path) it is a named statement, parsed and planned once
 * per connection: planning it took about as long as running it.
 */
export async function handOffJob(
  db: Db,
  options: { queue: string; lane: string; owner: string; leaseMs: number; finished: string; write?: SettleWrite; preload?: string },
  sql?: SqlQuery,
): Promise<HandOff> {
  const text = handOffSql(options.write, options.preload);
  const params = [options.queue, options.lane, options.owner, options.leaseMs, options.finished, ...(options.write?.params ?? [])];
  type Row = { settled: number; job: ClaimedRow | null; preloaded: unknown };
  const rows = sql ? await sql<Row>(text, params, { name: statementName('jobs_hand_off', text) }) : await db.$queryRawUnsafe<Row[]>(text, ...params);
  const row = rows[0];
  const next = row?.job ? claimedJob(row.job) : null;
  if (next && row?.preloaded !== null && row?.preloaded !== undefined) next.preloaded = row.preloaded;
  return { settled: (row?.settled ?? 0) > 0, next };
}

/** A success's record on its own, when its job is not settled by a hand-off (see JobRunContext.settleWith). */
export async function runSettleWrite(db: Db, write: SettleWrite, sql?: SqlQuery): Promise<void> {
  const text = `WITH ${write.ctes} SELECT 1 AS done`;
  if (sql) await sql(text, write.params, { name: statementName('jobs_settle_write', text) });
  else await db.$queryRawUnsafe(text, ...write.params);
}

/** Settles succeeded jobs this owner still holds (what a claim pass does first; drain has no next pass). */
export async function finishSucceededJobs(db: Db, owner: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.$executeRawUnsafe(FINISH_SUCCEEDED_SQL.replace('$3', '$1').replace('$8', '$2'), owner, ids);
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

/** Holds a lane's group until `until` (null: releases it); see JobRunner.hold. */
export async function holdGroup(tx: JobWriter, lane: string, fairKey: string, until: Date | null): Promise<void> {
  if (until === null) {
    await tx.$executeRawUnsafe(`DELETE FROM job_holds WHERE lane = $1 AND fair_key = $2`, lane, fairKey);
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO job_holds (lane, fair_key, until) VALUES ($1, $2, $3::timestamptz)
     ON CONFLICT (lane, fair_key) DO UPDATE SET until = EXCLUDED.until`,
    lane,
    fairKey,
    until,
  );
}

/** Back in the queue in its place (run_at kept), not charged as an attempt: its group is held (PostponeJob). */
export async function postponeJob(db: Db, id: string, owner: string): Promise<boolean> {
  const count = await db.$executeRawUnsafe(
    `UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_expires_at = NULL, attempts = greatest(attempts - 1, 0), updated_at = now()
      WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
    id,
    owner,
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

/** nextWakeInMs's query, with CLAIM_DUE_SQL's parameters ($1 queue, $2 lane, $3 owner, $5 account limit, $6 group limit). */
const WAKE_SQL = `WITH RECURSIVE ${QUEUED_GROUPS}, ${LIVE},
     firsts AS (
       SELECT greatest((SELECT min(d.run_at) FROM jobs d
                         WHERE d.queue = $1 AND d.lane = $2 AND d.state = 'queued' AND d.account_type = g.account_type
                           AND d.account_id = g.account_id AND d.fair_key = g.fair_key),
                       (SELECT h.until FROM job_holds h WHERE h.lane = $2 AND h.fair_key = g.fair_key)) AS run_at,
              (SELECT count(*) FROM live l WHERE l.account_type = g.account_type AND l.account_id = g.account_id) >= $5
                OR ($6::int IS NOT NULL AND (SELECT count(*) FROM live l WHERE l.account_type = g.account_type
                                               AND l.account_id = g.account_id AND l.fair_key = g.fair_key) >= $6::int) AS is_full
         FROM groups g
     )
     SELECT (extract(epoch FROM least(
              (SELECT min(f.run_at) FROM firsts f WHERE f.run_at > now() OR NOT f.is_full),
              (SELECT min(j.lease_expires_at) FROM jobs j
                WHERE j.queue = $1 AND j.lane = $2 AND j.state = 'running' AND j.lease_owner IS DISTINCT FROM $3)) - now()) * 1000)::float8 AS ms`;

/**
 * When something in the lane next becomes claimable without a notification, in milliseconds from
 * now (null: nothing pending): the earliest queued job of a group under its limits, and the earliest
 * lapsing lease held by another instance. A job that fell due between the claim and this query
 * counts (0: claim again at once) — leaving it out made a retry due a millisecond after the claim
 * wait for the backstop poll. A due job of a group at its limit does not count: the job that frees
 * the slot wakes every claimer when it ends. Walks the groups like claimJobs: O(groups), not O(jobs).
 */
export async function nextWakeInMs(
  db: Db,
  queue: string,
  owner: string,
  accountLimit: number,
  lane: string = 'interactive',
  groupLimit: number | null = null,
): Promise<number | null> {
  const rows = await db.$queryRawUnsafe<{ ms: number | null }[]>(
    WAKE_SQL.replaceAll('$5', '$4').replaceAll('$6', '$5'),
    queue,
    lane,
    owner,
    accountLimit,
    groupLimit,
  );
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, ms);
}

/** Jobs due now or running (under any lease) in the queue, or in one lane of it: what `idle()` waits for. */
export async function pendingJobCount(db: Db, queue: string, lane?: string): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM jobs
      WHERE queue = $1 AND ($2::text IS NULL OR lane = $2) AND ((state = 'queued' AND run_at <= now()) OR state = 'running')`,
    queue,
    lane ?? null,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Deletes ended jobs (`succeeded`, and `failed` ones) finished more than `olderThanMs` ago, at most
 * `limit` per call, oldest first: run on a schedule so the table holds the live work plus a short
 * history, not every job ever run. Returns how many it deleted.
 */
export async function sweepFinishedJobs(db: Db, options: { succeededOlderThanMs: number; failedOlderThanMs: number; limit: number }): Promise<number> {
  return db.$executeRawUnsafe(
    `DELETE FROM jobs WHERE id IN (
       SELECT id FROM jobs
        WHERE (state = 'succeeded' AND finished_at < now() - $1 * interval '1 millisecond')
           OR (state = 'failed' AND finished_at < now() - $2 * interval '1 millisecond')
        LIMIT $3)`,
    options.succeededOlderThanMs,
    options.failedOlderThanMs,
    options.limit,
  );
}

export interface LaneDepth {
  lane: string;
  queued: number;
  /** Queued and due now: waiting for a slot. */
  due: number;
  running: number;
}

/** What waits and runs in each lane (operator view and metrics); read-only. */
export async function laneDepths(db: Db, queue?: string): Promise<LaneDepth[]> {
  const rows = await db.$queryRawUnsafe<{ lane: string; queued: number; due: number; running: number }[]>(
    `SELECT lane, count(*) FILTER (WHERE state = 'queued')::int AS queued,
            count(*) FILTER (WHERE state = 'queued' AND run_at <= now())::int AS due,
            count(*) FILTER (WHERE state = 'running')::int AS running
       FROM jobs WHERE state IN ('queued', 'running') AND ($1::text IS NULL OR queue = $1)
      GROUP BY lane ORDER BY lane`,
    queue ?? null,
  );
  return rows;
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
  lane: string;
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
    lane: row.lane,
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
