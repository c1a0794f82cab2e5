/**
 * `npm run bench:request-logs`: the CPU one logged call costs, Node and PostgreSQL, read from /proc
 * (Linux) rather than from throughput, so a machine shared with other work still gives a figure.
 *
 * Two copies of the service (`node dist/server.js --api-only`) on one database, one with request logs
 * on and one with REQUEST_LOGS=off, take GET /public/v1/me in alternating rounds (wrk, 50 connections).
 * Per round: the service process's CPU (utime + stime, all its threads) and the CPU of every
 * PostgreSQL backend connected to the bench database, each divided by the requests answered. The
 * difference on − off is what logging costs a call. Each round ends with the logging copy's buffer
 * written (a 1 s flush interval: the round waits 1.5 s after the load before reading the counters).
 * Then the RSS of each copy after its load. The bench database's request log is emptied first.
 *
 * Env: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench),
 * BENCH_SECONDS (8), BENCH_ROUNDS (3), BENCH_PORT (3901; uses BENCH_PORT+1 and +2), BENCH_SERVICE_COMMAND
 * (default `node dist/server.js --api-only`; another build, e.g. the main branch's, to compare before/after).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { openMigratedDatabase } from '../src/server/db/database';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { loadGenerator, runLoad, treeRssMb } from './load';
import { ensureDatabase, fmt, productionServiceEnv, startProcess, stopProcess } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
const portBase = Number(process.env.BENCH_PORT ?? 3901);
const serviceCommand = (process.env.BENCH_SERVICE_COMMAND ?? 'node dist/server.js --api-only').split(' ');
const connections = 50;
const [onPort, offPort] = [portBase + 1, portBase + 2];
const databaseName = new URL(databaseUrl).pathname.slice(1);

execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { stdio: 'inherit' });
await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 1 });
// Every run logs into an empty request log, as `npm run bench` does (me.bench.ts says why).
await database.sql('TRUNCATE request_logs', []);
const { agency } = await createAgency(database.prisma, { name: 'Request log CPU bench', ownerEmail: `bench-reqlog-${Date.now()}@bench.test` });
const { secret } = await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: 'bench', scopes: ['all'] });
const auth = { authorization: `Bearer ${secret}` };

const TICKS_PER_SECOND = 100;
/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
/** The backends serving the bench database, but this script's own connection. */
async function backendPids(): Promise<number[]> {
  const rows = await database.sql<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    [databaseName],
  );
  return rows.map((r) => r.pid);
}
/** PostgreSQL CPU of the bench database's backends; pids seen before are kept, so a backend that ended still counts what it used while seen. */
const lastSeen = new Map<number, number>();
async function postgresCpuSeconds(): Promise<number> {
  for (const pid of await backendPids()) lastSeen.set(pid, cpuSeconds(pid) || lastSeen.get(pid) || 0);
  for (const pid of lastSeen.keys()) lastSeen.set(pid, cpuSeconds(pid) || lastSeen.get(pid)!);
  return [...lastSeen.values()].reduce((a, b) => a + b, 0);
}
const loggedRows = async () => Number((await database.sql<{ n: string }>('SELECT count(*) AS n FROM request_logs WHERE subject_id = $1', [agency.id]))[0]!.n);

const env = productionServiceEnv(databaseUrl);
const on = await startProcess(serviceCommand[0]!, serviceCommand.slice(1), { ...env, PORT: String(onPort) }, `http://127.0.0.1:${onPort}/public/v1/me`, { headers: auth, pollMs: 10 });
const off = await startProcess(serviceCommand[0]!, serviceCommand.slice(1), { ...env, REQUEST_LOGS: 'off', PORT: String(offPort) }, `http://127.0.0.1:${offPort}/public/v1/me`, {
  headers: auth,
  pollMs: 10,
});

interface Round {
  variant: 'on' | 'off';
  requests: number;
  rps: number;
  nodeUs: number;
  postgresUs: number;
}
const rounds: Round[] = [];
let rss = { on: 0, off: 0 };
try {
  for (const port of [onPort, offPort]) await runLoad({ url: `http://127.0.0.1:${port}/public/v1/me`, headers: auth, connections, seconds: 3 });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  for (let round = 0; round < roundCount; round += 1) {
    for (const [variant, child, port] of [['on', on, onPort], ['off', off, offPort]] as const) {
      const node0 = cpuSeconds(child.pid!);
      const pg0 = await postgresCpuSeconds();
      const result = await runLoad({ url: `http://127.0.0.1:${port}/public/v1/me`, headers: auth, connections, seconds });
      // The last second of entries is written by the next timer tick: counted in this round.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const node = cpuSeconds(child.pid!) - node0;
      const postgres = (await postgresCpuSeconds()) - pg0;
      rounds.push({ variant, requests: result.requests, rps: result.rps, nodeUs: (node / result.requests) * 1e6, postgresUs: (postgres / result.requests) * 1e6 });
    }
  }
  rss = { on: treeRssMb(on.pid!).mb, off: treeRssMb(off.pid!).mb };
} finally {
  await stopProcess(on);
  await stopProcess(off);
}
const rows = await loggedRows();
await database.close();

console.log(`\nservice: ${serviceCommand.join(' ')}`);
console.log(`GET /public/v1/me, ${connections} connections, ${seconds} s rounds (${loadGenerator}); CPU per request from /proc; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
console.log(`${'round'.padEnd(16)} ${'req/s'.padStart(8)} ${'requests'.padStart(9)} ${'Node µs'.padStart(8)} ${'PG µs'.padStart(7)} ${'sum µs'.padStart(7)}`);
rounds.forEach((r, i) =>
  console.log(
    `${`${Math.floor(i / 2) + 1} logs ${r.variant}`.padEnd(16)} ${fmt(r.rps).padStart(8)} ${fmt(r.requests).padStart(9)} ${fmt(r.nodeUs, 1).padStart(8)} ${fmt(r.postgresUs, 1).padStart(7)} ${fmt(r.nodeUs + r.postgresUs, 1).padStart(7)}`,
  ),
);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const of = (variant: 'on' | 'off') => rounds.filter((r) => r.variant === variant);
const nodeCost = mean(of('on').map((r) => r.nodeUs)) - mean(of('off').map((r) => r.nodeUs));
const postgresCost = mean(of('on').map((r) => r.postgresUs)) - mean(of('off').map((r) => r.postgresUs));
const loggedRequests = of('on').reduce((a, r) => a + r.requests, 0);
console.log(`\nlogging costs per call: Node ${fmt(nodeCost, 1)} µs + PostgreSQL ${fmt(postgresCost, 1)} µs = ${fmt(nodeCost + postgresCost, 1)} µs`);
console.log(`throughput on / off (mean of rounds): ${(mean(of('on').map((r) => r.rps)) / mean(of('off').map((r) => r.rps))).toFixed(3)}×`);
console.log(`RSS after load: ${fmt(rss.on)} MB with logging, ${fmt(rss.off)} MB without`);
console.log(`entries written for the bench key: ${fmt(rows)} (requests answered by the logging copy, warm-up and probes included: ≥ ${fmt(loggedRequests)})`);
