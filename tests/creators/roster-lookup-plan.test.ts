import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../src/server/lib/object-id';
import { knownOnRosterSql } from '../../src/server/services/creators';
import { startTestApp, type TestApp } from '../support/app';
import { planNodes, type PlanNode } from '../support/query-plan';

/**
 * A new creator's socials are checked against the agency's roster in POST /creators' one statement
 * (issue 27, the write path). The check must probe the (roster_agency_id, identity) key per identity
 * also when the table's statistics do not know the roster yet — a roster that grew by 20,000 since
 * the last ANALYZE (here: written in the explained transaction, which autovacuum cannot see). As a
 * semi-join the planner took the agency's whole roster for a row or two and read it all: 0.5 s per
 * write on a 160,000-social roster in `npm run bench:write`. EXPLAIN ANALYZE, rolled back, PostgreSQL.
 */
const ROSTER = `WITH creator AS (
    INSERT INTO creators (id, username, display_name, languages, tags, rates, brands, plan_code, entitlement, livemode, created_at, updated_at)
    VALUES ($2::text, $2::text, 'Plan test', '{}', '{}', '[]'::jsonb, '{}', 'free', 'active', true, now(), now()) RETURNING id)
  INSERT INTO social_accounts (id, creator_id, roster_agency_id, platform, identity, username, profile_url, status, created_at, updated_at)
  SELECT $2::text || lpad(to_hex(n), 6, '0'), creator.id, $1::text, 'tiktok', 'tiktok:plan' || n, 'plan' || n, 'https://www.tiktok.com/@plan' || n,
         'unverified', now(), now()
    FROM creator, generate_series(1, 20000) AS n`;

describe.skipIf(!process.env.DATABASE_URL)('the roster check of a new creator’s socials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads one key entry per identity, not the agency’s roster', async () => {
    const agencyId = newObjectId();
    const plan = await t.db
      .$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe(ROSTER, agencyId, newObjectId().slice(0, 18));
          const rows = await tx.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${knownOnRosterSql('$1', '$2')}`,
            agencyId,
            JSON.stringify(['tiktok:plan7', 'instagram:not-on-the-roster']),
          );
          throw Object.assign(new Error('rollback'), { plan: rows[0]!['QUERY PLAN'][0].Plan });
        },
        { timeout: 60_000 },
      )
      .catch((error: { plan?: PlanNode }) => { if (!error.plan) throw error; return error.plan; });
    const onSocials = planNodes(plan).filter((node) => node['Relation Name'] === 'social_accounts');
    expect(onSocials.length).toBeGreaterThan(0);
    const touched = onSocials.reduce((sum, node) => sum + ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1), 0);
    // One identity found, one not: a row; the semi-join read all 20,000.
    expect(touched).toBeLessThan(10);
  }, 120_000);
});
