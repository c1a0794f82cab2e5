/**
 * `npm run bench:instructions`: instructions per `GET /public/v1/me`, counted by valgrind's callgrind —
 * counts, not seconds, so other work on the machine does not move them (req/s on this shared 2-core
 * machine swing ±10 % between runs of one build). Not exact either: when V8 compiles and collects is
 * not fixed (after a 6,000-request warm-up two runs of one build differed by up to 20 %), so
 * BENCH_RUNS repeats each server and prints every run, and the median is used. Four servers, one after another,
 * each under callgrind with instrumentation off until it is warm:
 *   - the anchor: `bench/bare-server.ts` (node:http + one prepared pg key lookup per request);
 *   - the service (`node dist/server.js --api-only`, as production runs it) with the request log on,
 *     as shipped; with `REQUEST_LOGS=off`; and with metrics on (METRICS_PORT).
 * The client is this process (keep-alive, BENCH_CONCURRENCY in flight); it sends BENCH_WARMUP (20,000)
 * requests, then counts BENCH_REQUESTS (bench/callgrind.ts `countInstructions`). Printed per server:
 * instructions per request on the main thread (what bounds req/s: the event loop is one thread) and on
 * all threads (GC and compiler threads included), then the ratios. The database's own work is not
 * counted here (the service's /me does no query — its key lookup is cached — while the anchor pays one;
 * the request log's rows cost PostgreSQL ~2–3 µs each, see README).
 * Env: BENCH_DATABASE_URL, BENCH_PORT (3921), BENCH_NODE (the node binary; default this one), BENCH_RUNS (1),
 * BENCH_SERVICE_ARGS ("dist/server.js --api-only"; `--perf-basic-prof dist/server.js --api-only` names JIT frames in the dumps),
 * BENCH_VARIANTS (comma list of anchor,logs-on,logs-off,metrics-on), BENCH_KEEP=1 (keep each server's callgrind dumps; their folder is printed).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { openMigratedDatabase } from '../src/server/db/database';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { callgrindArgs, countInstructions, type InstructionCount } from './callgrind';
import { ensureDatabase, fmt, productionServiceEnv } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const port = Number(process.env.BENCH_PORT ?? 3921);
const nodeBinary = process.env.BENCH_NODE ?? process.execPath;
const serviceArgs = (process.env.BENCH_SERVICE_ARGS ?? 'dist/server.js --api-only').split(' ');
// After 6,000 requests V8 was still tiering up: two runs of one build then differed by up to 20 %.
const warmup = Number(process.env.BENCH_WARMUP ?? 20_000);
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

async function measure(name: string, args: string[], extraEnv: Record<string, string>): Promise<InstructionCount> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cg-'));
  if (process.env.BENCH_KEEP) console.log(`  ${name}: dumps in ${dir}`);
  const env = { ...process.env, ...productionServiceEnv(databaseUrl), PORT: String(port), ...extraEnv };
  const child = spawn('valgrind', [...callgrindArgs(dir), nodeBinary, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  try {
    await waitReady(child);
    await send(warmup);
    // The request log's flush (once a second, or at 10,000 entries) falls inside the counted requests.
    return await countInstructions(child.pid!, dir, requests, () => send(requests));
  } catch (error) {
    throw new Error(`${name}: ${String(error)}\n${stderr}`);
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
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
const results: Record<string, InstructionCount> = {};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const name of variants) {
  const server = SERVERS[name];
  if (!server) throw new Error(`unknown variant ${name}`);
  const measured: InstructionCount[] = [];
  for (let run = 0; run < runs; run += 1) measured.push(await measure(name, server.args, server.env));
  results[name] = { main: median(measured.map((m) => m.main)), all: median(measured.map((m) => m.all)) };
  const each = (pick: (m: InstructionCount) => number) => measured.map((m) => fmt(pick(m))).join(' / ');
  console.log(`  ${name.padEnd(11)} main thread ${each((m) => m.main)}  all threads ${each((m) => m.all)}${runs > 1 ? ' (median used)' : ''}`);
}
const ratio = (a: string, b: string) => (results[a] && results[b] ? `${fmt(results[b].main / results[a].main, 3)}× (main thread), ${fmt(results[b].all / results[a].all, 3)}× (all)` : 'n/a');
console.log(`anchor / service as shipped (logs on): ${ratio('logs-on', 'anchor')}`);
console.log(`logs off / logs on (1 − the log's share): ${ratio('logs-on', 'logs-off')}`);
console.log(`logs on, metrics off / metrics on: ${ratio('metrics-on', 'logs-on')}`);
agent.destroy();
