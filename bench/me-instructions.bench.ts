/**
 * `npm run bench:instructions`: instructions per `GET /public/v1/me`, counted by valgrind's callgrind —
 * counts, not seconds, so other work on the machine does not move them (req/s on this shared 2-core
 * machine swing ±10 % between runs of one build). Not exact either: when V8 compiles and collects is
 * not fixed, and two runs of one build differed by ~3 % on the main thread and up to 15 % over all
 * threads; BENCH_RUNS repeats each server and prints every run. Four servers, one after another,
 * each under callgrind with instrumentation off until it is warm:
 *   - the anchor: `bench/bare-server.ts` (node:http + one prepared pg key lookup per request);
 *   - the service (`node dist/server.js --api-only`, as production runs it) with the request log on,
 *     as shipped; with `REQUEST_LOGS=off`; and with metrics on (METRICS_PORT).
 * The client is this process (keep-alive, BENCH_CONCURRENCY in flight); it sends BENCH_WARMUP requests,
 * turns counting on (`callgrind_control -i on`), sends BENCH_REQUESTS and stops the server (SIGTERM),
 * whose shutdown is counted too (for the service: writing the request log's last batch). Printed per server:
 * instructions per request on the main thread (what bounds req/s: the event loop is one thread) and on
 * all threads (GC and compiler threads included), then the ratios. The database's own work is not
 * counted here (the service's /me does no query — its key lookup is cached — while the anchor pays one;
 * the request log's rows cost PostgreSQL ~2–3 µs each, see README).
 * Env: BENCH_DATABASE_URL, BENCH_PORT (3921), BENCH_NODE (the node binary; default this one), BENCH_RUNS (1),
 * BENCH_SERVICE_ARGS ("dist/server.js --api-only"), BENCH_VARIANTS (comma list of anchor,logs-on,logs-off,metrics-on).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { openMigratedDatabase } from '../src/server/db/database';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { ensureDatabase, fmt, productionServiceEnv } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const port = Number(process.env.BENCH_PORT ?? 3921);
const nodeBinary = process.env.BENCH_NODE ?? process.execPath;
const serviceArgs = (process.env.BENCH_SERVICE_ARGS ?? 'dist/server.js --api-only').split(' ');
const warmup = Number(process.env.BENCH_WARMUP ?? 6_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 4_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const variants = (process.env.BENCH_VARIANTS ?? 'anchor,logs-on,logs-off,metrics-on').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 1);

execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { stdio: 'inherit' });
mkdirSync('bench/results', { recursive: true });
await build({ entryPoints: ['bench/bare-server.ts'], outfile: 'bench/results/bare-server.mjs', bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });

await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 2 });
const { agency } = await createAgency(database.prisma, { name: 'Bench Agency', ownerEmail: `bench-${Date.now()}@bench.test` });
const { secret } = await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: 'bench', scopes: ['all'] });
await database.close();

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
function get(urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent, headers: { authorization: `Bearer ${secret}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

/** `count` GET /me, `concurrency` in flight; throws unless every answer is a 200. */
async function send(count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const status = await get('/public/v1/me');
      if (status !== 200) throw new Error(`GET /me answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Turns callgrind's instrumentation on (it exits 0 when it finds no such process too: its output says whether the command was taken). */
function instrumentationOn(pid: number, env: NodeJS.ProcessEnv): void {
  // The same environment as the server's: valgrind names its control pipes after $USER and $HOST,
  // and the service's HOST (the address it listens on) is not the shell's.
  const output = execFileSync('callgrind_control', ['-i', 'on', String(pid)], { encoding: 'utf8', env });
  if (!/OK\./.test(output)) throw new Error(`callgrind_control -i on ${pid}: ${output}`);
}

async function waitReady(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await get('/public/v1/me')) === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server not ready within 300 s under valgrind');
}

/** Instructions (Ir) in each dump file's `totals:` line, main thread first (`-01`). */
function readTotals(dir: string): { main: number; all: number } {
  const files = readdirSync(dir).filter((f) => f.startsWith('cg.out')).sort();
  let main = 0;
  let all = 0;
  for (const file of files) {
    const totals = /^totals:\s+(\d+)/m.exec(readFileSync(path.join(dir, file), 'utf8'));
    const ir = totals ? Number(totals[1]) : 0;
    all += ir;
    if (/-01$/.test(file)) main = ir;
  }
  return { main, all };
}

async function measure(name: string, args: string[], extraEnv: Record<string, string>): Promise<{ main: number; all: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cg-'));
  const env = { ...process.env, ...productionServiceEnv(databaseUrl), PORT: String(port), ...extraEnv };
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', '--separate-threads=yes', '--smc-check=all', `--callgrind-out-file=${dir}/cg.out`, nodeBinary, ...args],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  try {
    await waitReady(child);
    await send(warmup);
    instrumentationOn(child.pid!, env);
    await send(requests);
    // Counting ends with the process: SIGTERM runs the service's graceful shutdown, which writes the
    // request log's last batch (its cost belongs in the count), and callgrind dumps at exit.
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    const totals = readTotals(dir);
    if (totals.main === 0) throw new Error(`${name}: no instructions counted\n${stderr}`);
    return { main: totals.main / requests, all: totals.all / requests };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

const SERVERS: Record<string, { args: string[]; env: Record<string, string> }> = {
  anchor: { args: ['bench/results/bare-server.mjs'], env: {} },
  'logs-on': { args: serviceArgs, env: {} },
  'logs-off': { args: serviceArgs, env: { REQUEST_LOGS: 'off' } },
  'metrics-on': { args: serviceArgs, env: { METRICS_PORT: String(port + 1) } },
};

console.log(`GET /me, instructions per request (callgrind; ${fmt(warmup)} warm-up, ${fmt(requests)} counted, ${concurrency} in flight; node ${execFileSync(nodeBinary, ['-v']).toString().trim()})`);
const results: Record<string, { main: number; all: number }> = {};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const name of variants) {
  const server = SERVERS[name];
  if (!server) throw new Error(`unknown variant ${name}`);
  const measured: { main: number; all: number }[] = [];
  for (let run = 0; run < runs; run += 1) measured.push(await measure(name, server.args, server.env));
  results[name] = { main: median(measured.map((m) => m.main)), all: median(measured.map((m) => m.all)) };
  const each = (pick: (m: { main: number; all: number }) => number) => measured.map((m) => fmt(pick(m))).join(' / ');
  console.log(`  ${name.padEnd(11)} main thread ${each((m) => m.main)}  all threads ${each((m) => m.all)}${runs > 1 ? ' (median used)' : ''}`);
}
const ratio = (a: string, b: string) => (results[a] && results[b] ? `${fmt(results[b].main / results[a].main, 3)}× (main thread), ${fmt(results[b].all / results[a].all, 3)}× (all)` : 'n/a');
console.log(`anchor / service as shipped (logs on): ${ratio('logs-on', 'anchor')}`);
console.log(`logs off / logs on (1 − the log's share): ${ratio('logs-on', 'logs-off')}`);
console.log(`logs on, metrics off / metrics on: ${ratio('metrics-on', 'logs-on')}`);
agent.destroy();
