/**
 * `npm run bench:takeover`: how long a job stays stuck when the instance running it freezes.
 * Two real instances on PostgreSQL with the default lease (8 s, renewed every 2 s); in each of five
 * runs a 500-row CSV import is uploaded, the instance holding its job is frozen (SIGSTOP) midway,
 * and the time until the other instance holds the job, and until the import completes, is printed,
 * next to the lease time that was left at the freeze (the floor any lease-based takeover must wait).
 * DATABASE_URL defaults to a local creator_api_bench database; ports 3194/3195 (BENCH_PORT_A/B).
 * The only non-default setting is a 100 ms pause per job step, so the import is still running when
 * the bench freezes its holder.
 */
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openMigratedDatabase } from '../src/server/db/database';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { newObjectId } from '../src/server/lib/object-id';
import { holderPid, jobForImport, killInstance, rosterCsv, startInstance, waitFor, type Instance } from '../tests/support/instances';
import { ensureDatabase, fmt } from './support';

const RUNS = 5;
const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
const queue = `takeover-bench-${newObjectId()}`;
const env = { DATABASE_URL: databaseUrl, REDIS_URL: process.env.REDIS_URL ?? '', JOBS_QUEUE: queue, JOBS_STEP_PAUSE_MS: '100' };
const defaults = loadConfig({} as NodeJS.ProcessEnv).jobs;
console.log(`lease ${defaults.leaseMs / 1000} s, renewed every ${defaults.renewMs / 1000} s (defaults); ${RUNS} runs, SIGSTOP midway through a 500-row import`);

const instances: Instance[] = await Promise.all([
  startInstance('a', Number(process.env.BENCH_PORT_A ?? 3194), env),
  startInstance('b', Number(process.env.BENCH_PORT_B ?? 3195), env),
]);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const results: { leftMs: number; takeoverMs: number; completedMs: number }[] = [];
try {
  for (let run = 1; run <= RUNS; run += 1) {
    const { agency } = await createAgency(database.prisma, { name: `Takeover bench ${run}`, ownerEmail: `takeover-${newObjectId()}@bench.test` });
    const { secret } = await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: 'bench', scopes: ['roster:read', 'roster:write'] });
    const response = await fetch(`${instances[run % 2]!.baseUrl}/public/v1/creator-imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
      body: rosterCsv(500, `bench${run}${newObjectId().slice(-6)}`),
    });
    if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    const importId = ((await response.json()) as { data: { id: string } }).data.id;
    const job = await waitFor('the import to be midway', async () => {
      const row = await jobForImport(client, importId);
      const { rows } = await client.query<{ processed: number }>('SELECT processed FROM creator_imports WHERE id = $1', [importId]);
      return row?.lease_owner && rows[0]!.processed >= 100 ? row : null;
    }, 60_000, 20);
    const holder = instances.find((i) => i.pid === holderPid(job.lease_owner))!;
    const other = instances.find((i) => i !== holder)!;
    holder.child.kill('SIGSTOP');
    const stoppedAt = Date.now();
    const { rows: [lease] } = await client.query<{ left_ms: number }>(
      `SELECT (extract(epoch FROM lease_expires_at - now()) * 1000)::float8 AS left_ms FROM jobs WHERE id = $1`,
      [job.id],
    );
    await waitFor('the takeover', async () => holderPid((await jobForImport(client, importId))?.lease_owner ?? null) === other.pid, 60_000, 20);
    const takeoverMs = Date.now() - stoppedAt;
    await waitFor('completion', async () => {
      const { rows } = await client.query<{ status: string; created: number }>('SELECT status, created FROM creator_imports WHERE id = $1', [importId]);
      if (rows[0]!.status === 'failed') throw new Error('the import failed');
      return rows[0]!.status === 'completed' && rows[0]!.created === 500;
    }, 60_000, 20);
    const completedMs = Date.now() - stoppedAt;
    holder.child.kill('SIGCONT');
    results.push({ leftMs: Math.max(0, lease!.left_ms), takeoverMs, completedMs });
    console.log(
      `run ${run}: lease left at the freeze ${fmt(lease!.left_ms / 1000, 1)} s; taken over after ${fmt(takeoverMs / 1000, 1)} s; import completed (500/500) after ${fmt(completedMs / 1000, 1)} s`,
    );
  }
} finally {
  await Promise.all(instances.map((i) => killInstance(i)));
  await client.end();
  await database.close();
}
const sorted = (key: 'takeoverMs' | 'completedMs' | 'leftMs') => results.map((r) => r[key]).sort((x, y) => x - y);
const summary = (key: 'takeoverMs' | 'completedMs' | 'leftMs') => {
  const values = sorted(key);
  return `min ${fmt(values[0]! / 1000, 1)} s, median ${fmt(values[Math.floor(values.length / 2)]! / 1000, 1)} s, max ${fmt(values.at(-1)! / 1000, 1)} s`;
};
console.log(`\ntakeover:   ${summary('takeoverMs')} (bound 15 s)`);
console.log(`completion: ${summary('completedMs')}`);
console.log(`lease left: ${summary('leftMs')} → detection after the lease lapsed: ${results.map((r) => fmt((r.takeoverMs - r.leftMs) / 1000, 1)).join(', ')} s`);
process.exit(0);
