import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_DUE_SQL } from '../../src/server/jobs/queue';
import { newObjectId } from '../../src/server/lib/object-id';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Claims stay O(batch) when a lane is long (issue 34 item 4): with 20,000 jobs queued in one lane the
 * claim's plan reads index entries per group, never the whole lane. Checked with EXPLAIN ANALYZE
 * (rolled back: the claim is an UPDATE), on PostgreSQL.
 */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe.skipIf(!process.env.DATABASE_URL)('the claim’s plan on a long lane', () => {
  let t: TestApp;
  const queue = `plan-${newObjectId()}`;

  beforeAll(async () => {
    t = await startTestApp();
    // 20,000 queued deliveries over 4 endpoints of 2 accounts, as an endpoint's dead backlog would pile up.
    await t.db.$executeRawUnsafe(
      `INSERT INTO jobs (id, queue, kind, lane, fair_key, account_type, account_id, payload, run_at)
       SELECT lpad(to_hex(n), 24, '0'), $1, 'webhooks/delivery.attempt', 'deliveries', 'endpoint-' || (n % 4),
              'agency', 'account-' || (n % 2), '{}'::jsonb, now() - interval '1 minute'
         FROM generate_series(1, 20000) AS n`,
      queue,
    );
    await t.db.$executeRawUnsafe('ANALYZE jobs');
  }, 120_000);

  afterAll(async () => {
    await t?.db.$executeRawUnsafe('DELETE FROM jobs WHERE queue = $1', queue);
    await t?.close();
  });

  it('reads a few index entries per group, not the 20,000 queued rows', async () => {
    const plan = await t.db
      .$transaction(async (tx) => {
        const rows = await tx.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${CLAIM_DUE_SQL}`,
          queue,
          'deliveries',
          'plan-test',
          60_000,
          2,
          2,
          4,
        );
        throw Object.assign(new Error('rollback'), { plan: rows[0]!['QUERY PLAN'][0].Plan });
      })
      .catch((error: { plan?: PlanNode }) => error.plan);
    expect(plan).toBeDefined();
    const onJobs = nodes(plan!).filter((node) => node['Relation Name'] === 'jobs');
    expect(onJobs.length).toBeGreaterThan(0);
    // No sequential scan of the table, and no node that touched rows in proportion to the backlog.
    expect(onJobs.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    const touched = onJobs.reduce((sum, node) => sum + ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1), 0);
    expect(touched).toBeLessThan(500);
  }, 120_000);
});
