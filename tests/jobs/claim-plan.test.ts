import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_DUE_SQL, HAND_OFF_SQL } from '../../src/server/jobs/queue';
import { newObjectId } from '../../src/server/lib/object-id';
import { startTestApp, type TestApp } from '../support/app';
import { planNodes, type PlanNode } from '../support/query-plan';

/**
 * Claims and hand-offs stay O(batch) when a lane is long (issue 34): with 20,000 jobs queued in one
 * lane the claim's plan reads index entries per group, and the hand-off's one entry, never the whole
 * lane — also when the table's statistics lag behind the burst, as they do in production (autovacuum
 * analyzes a table a while after it changed): the lane's 20,000 ended jobs are analyzed, the 20,000
 * queued ones are not (they are written in the explained transaction, which autovacuum cannot see).
 * Checked with EXPLAIN ANALYZE (rolled back: both are UPDATEs), on PostgreSQL.
 */

/** 20,000 deliveries over 4 endpoints of 2 accounts, as an endpoint's dead backlog (or a burst) piles up. */
const BACKLOG = `INSERT INTO jobs (id, queue, kind, lane, fair_key, account_type, account_id, payload, run_at, state, claimed_at, finished_at)
  SELECT $2 || lpad(to_hex(n), 23, '0'), $1, 'webhooks/delivery.attempt', 'deliveries', 'endpoint-' || (n % 4), 'agency', 'account-' || (n % 2),
         '{}'::jsonb, now() - interval '1 minute', $3::"JobState", CASE WHEN $3 = 'succeeded' THEN now() - interval '1 hour' END,
         CASE WHEN $3 = 'succeeded' THEN now() - interval '1 hour' END
    FROM generate_series(1, 20000) AS n`;

describe.skipIf(!process.env.DATABASE_URL)('the claim’s and the hand-off’s plans on a long lane', () => {
  let t: TestApp;
  const queue = `plan-${newObjectId()}`;
  const runningId = newObjectId();

  beforeAll(async () => {
    t = await startTestApp();
    // Indexes as a fresh database has them: each run of this file leaves 40,000 dead entries in the
    // queued index (its bursts are rolled back), and a partial index of a few live rows spread over
    // thousands of pages looks dearer than a sequential scan — a different case from lagging statistics,
    // and one a database this test has run on many times would otherwise always be in.
    await t.db.$executeRawUnsafe('REINDEX TABLE CONCURRENTLY jobs');
    // The lane's history: 20,000 ended deliveries, in the statistics.
    await t.db.$executeRawUnsafe(BACKLOG, queue, 'e', 'succeeded');
    await t.db.$executeRawUnsafe('ANALYZE jobs');
    // The job a slot has just finished, for the hand-off.
    await t.db.$executeRawUnsafe(
      `INSERT INTO jobs (id, queue, kind, lane, fair_key, account_type, account_id, payload, state, lease_owner, lease_expires_at, claimed_at)
       VALUES ($1, $2, 'webhooks/delivery.attempt', 'deliveries', 'endpoint-1', 'agency', 'account-1', '{}'::jsonb, 'running', 'plan-test', now() + interval '1 hour', now())`,
      runningId,
      queue,
    );
  }, 120_000);

  afterAll(async () => {
    await t?.db.$executeRawUnsafe('DELETE FROM jobs WHERE queue = $1', queue);
    await t?.close();
  });

  /** EXPLAIN ANALYZE of `sql` after 20,000 jobs were queued in the same (rolled back) transaction; the rows it touched on `jobs`. */
  async function touchedRows(sql: string, ...params: unknown[]): Promise<{ touched: number; seqScans: number }> {
    const plan = await t.db
      .$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe(BACKLOG, queue, 'q', 'queued');
          const rows = await tx.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, ...params);
          throw Object.assign(new Error('rollback'), { plan: rows[0]!['QUERY PLAN'][0].Plan });
        },
        { timeout: 60_000 },
      )
      .catch((error: { plan?: PlanNode }) => error.plan);
    expect(plan).toBeDefined();
    const onJobs = planNodes(plan!).filter((node) => node['Relation Name'] === 'jobs');
    expect(onJobs.length).toBeGreaterThan(0);
    return {
      touched: onJobs.reduce((sum, node) => sum + ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1), 0),
      seqScans: onJobs.filter((node) => node['Node Type'] === 'Seq Scan').length,
    };
  }

  it('the claim reads a few index entries per group, not the 20,000 queued rows', async () => {
    const { touched, seqScans } = await touchedRows(CLAIM_DUE_SQL, queue, 'deliveries', 'plan-test', 60_000, 2, 2, 4);
    expect(seqScans).toBe(0);
    // 120,000 before the queued-only index and the per-group probe for a due job (EXISTS was a hash join over the lane).
    expect(touched).toBeLessThan(500);
  }, 120_000);

  it('the hand-off reads the group’s first queued entry, not its backlog', async () => {
    const { touched, seqScans } = await touchedRows(HAND_OFF_SQL, queue, 'deliveries', 'plan-test', 60_000, runningId);
    expect(seqScans).toBe(0);
    // 20,000 before: the group's backlog read through the (…, state, run_at) index and sorted.
    expect(touched).toBeLessThan(50);
  }, 120_000);
});
