/**
 * `npm run bench:write`: POST /public/v1/creators (a new roster creator with two socials, each
 * request with its own Idempotency-Key) against a physical anchor, on PostgreSQL.
 *
 * The service runs as production does (`node dist/server.js --api-only`); the anchor is
 * bench/bare-write-server.ts (node:http + pg: one prepared key lookup, then one prepared statement —
 * one transaction — inserting the creator, its membership and its socials). Load comes from wrk in a
 * process of its own, a Lua script making every request a new creator (unique handles and key).
 * A warm-up per server, then two alternating rounds. Prints req/s, p50, p99, failures, the CPU ms
 * each server's process spent per answered request and the ratios service / anchor. What the
 * service does beyond the anchor (issue 27 asked to measure it and set the goal from it): the
 * Idempotency-Key claim and settle, input validation and handle normalisation, the roster match
 * (inside the write's statement), the agency's default media kit, share-page invalidation, the
 * creator.created and media_kit.created events, the request log. `BENCH_SERVICE_SCRIPT` runs another
 * build (e.g. the branch base's) for a before/after pair in one sitting.
 *
 * Env: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench),
 * BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (20), BENCH_PORT (3931; uses it
 * and the next one). BENCH_PROFILE=1 runs the service under `node --cpu-prof` (bench/results/).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { openMigratedDatabase } from '../src/server/db/database';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { loadGenerator, runLoad, type LoadResult } from './load';
import { ensureDatabase, fmt, productionServiceEnv, startProcess, stopProcess } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const portBase = Number(process.env.BENCH_PORT ?? 3931);
const profile = process.env.BENCH_PROFILE === '1';
const [barePort, servicePort] = [portBase, portBase + 1];

execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { stdio: 'inherit' });
mkdirSync('bench/results', { recursive: true });
await build({ entryPoints: ['bench/bare-write-server.ts'], outfile: 'bench/results/bare-write-server.mjs', bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });

// A fresh agency per run: every write is a new creator on its roster.
await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 2 });
const { agency } = await createAgency(database.prisma, { name: 'Bench Write Agency', ownerEmail: `bench-write-${Date.now()}@bench.test` });
const { secret } = await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: 'bench write', scopes: ['roster:read', 'roster:write'] });

const env = productionServiceEnv(databaseUrl);
const auth = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
const path = '/public/v1/creators';
const run = Date.now().toString(36);
let loads = 0;

/** wrk Lua: each request a new creator (handles unique per run, load, thread and request) with its own Idempotency-Key. */
function writeScript(): string {
  loads += 1;
  return `
wrk.method = "POST"
local threads = 0
function setup(thread) thread:set("tid", threads); threads = threads + 1 end
local counter = 0
function request()
  counter = counter + 1
  local key = string.format("w${run}_${loads}_%d_%d", tid or 0, counter)
  local body = '{"display_name":"Write ' .. key .. '","socials":[{"platform":"instagram","handle_or_url":"' .. key .. '"},{"platform":"tiktok","handle_or_url":"' .. key .. '"}]}'
  -- wrk.format replaces wrk.headers (the -H ones: Authorization) by the table given: copy them in.
  local headers = { ["Idempotency-Key"] = key }
  for name, value in pairs(wrk.headers) do headers[name] = value end
  return wrk.format(nil, nil, headers, body)
end
`;
}
const load = (port: number, duration = seconds) =>
  runLoad({ url: `http://127.0.0.1:${port}${path}`, headers: auth, connections, seconds: duration, requestScript: writeScript() });

const bare = await startProcess(process.execPath, ['bench/results/bare-write-server.mjs'], { ...env, PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
const serviceArgs = [...(profile ? ['--cpu-prof', '--cpu-prof-dir=bench/results'] : []), process.env.BENCH_SERVICE_SCRIPT ?? 'dist/server.js', '--api-only'];
const service = await startProcess(process.execPath, serviceArgs, { ...env, PORT: String(servicePort) }, `http://127.0.0.1:${servicePort}${path}`, { headers: auth });

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
async function measured(port: number, pid: number): Promise<LoadResult & { cpuPerRequest: number }> {
  const before = cpuMs(pid);
  const result = await load(port);
  return { ...result, cpuPerRequest: (cpuMs(pid) - before) / Math.max(1, result.requests) };
}

const rounds: { bare: LoadResult & { cpuPerRequest: number }; service: LoadResult & { cpuPerRequest: number } }[] = [];
let rows = { creators: 0, socials: 0 };
try {
  // Both answer 201 with a new creator.
  for (const port of [barePort, servicePort]) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': `check-${run}-${port}` },
      body: JSON.stringify({ display_name: `Check ${port}`, socials: [{ platform: 'instagram', handle_or_url: `check${run}${port}` }] }),
    });
    if (response.status !== 201) throw new Error(`POST on ${port} answered ${response.status}: ${await response.text()}`);
  }
  await load(barePort, warmupSeconds);
  await load(servicePort, warmupSeconds);
  for (let round = 0; round < 2; round += 1) rounds.push({ bare: await measured(barePort, bare.pid!), service: await measured(servicePort, service.pid!) });
  const [counts] = await database.sql<{ creators: number; socials: number }>(
    `SELECT (SELECT count(*)::int FROM roster_memberships WHERE agency_id = $1) AS creators, (SELECT count(*)::int FROM social_accounts WHERE roster_agency_id = $1) AS socials`,
    [agency.id],
  );
  rows = counts!;
} finally {
  await stopProcess(service);
  await stopProcess(bare);
  await database.close();
}

const ms = (n: number) => fmt(n, 1).padStart(7);
const row = (name: string, r: LoadResult & { cpuPerRequest: number }) =>
  `${name.padEnd(30)} ${fmt(r.rps).padStart(8)} ${ms(r.p50)} ${ms(r.p99)} ${String(r.failures).padStart(8)} ${fmt(r.cpuPerRequest, 2).padStart(12)}`;
console.log(`\nPOST ${path} (new creator, 2 socials, Idempotency-Key), ${connections} connections, ${seconds} s per round after a ${warmupSeconds} s warm-up; load: ${loadGenerator} (own process); PostgreSQL`);
console.log(`${'server / round'.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'failures'.padStart(8)} ${'CPU ms/req'.padStart(12)}`);
rounds.forEach((r, i) => {
  console.log(row(`bare insert, round ${i + 1}`, r.bare));
  console.log(row(`creator-api, round ${i + 1}`, r.service));
});
const mean = (values: number[]) => values.reduce((x, y) => x + y, 0) / values.length;
const ratio = mean(rounds.map((r) => r.service.rps)) / mean(rounds.map((r) => r.bare.rps));
const cpuRatio = mean(rounds.map((r) => r.bare.cpuPerRequest)) / mean(rounds.map((r) => r.service.cpuPerRequest));
console.log(`\nratio creator-api / bare insert (mean of rounds): ${ratio.toFixed(2)}× (goal: see README, Benchmarks)`);
console.log(`CPU per request, bare / creator-api (mean of rounds): ${cpuRatio.toFixed(2)}× (the process's own cost; what a loaded machine disturbs least)`);
console.log(`rows on the bench agency's roster (both servers, warm-ups included): ${rows.creators} creators, ${rows.socials} socials (2 per creator, 1 for the two checks)`);
if (rounds.some((r) => r.service.failures > 0 || r.bare.failures > 0)) console.log('warning: some writes failed (see the failures column)');
if (profile) console.log('CPU profile of the service: bench/results/*.cpuprofile');
