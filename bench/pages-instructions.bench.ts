/**
 * `npm run bench:pages:instructions`: the share page hit path (issue 27) in instructions, not req/s —
 * what a shared, noisy machine cannot disturb. The full server (`dist/server.js`, NODE_ENV=production,
 * PostgreSQL) and the anchor (bench/bare-page-server.ts, the page's bytes from memory) each run under
 * callgrind with instrumentation off; after a warm-up it is switched on (`callgrind_control -i on`),
 * a fixed number of page loads is driven from a separate client process (keep-alive connections,
 * every load from its own X-Forwarded-For address with a browser User-Agent, so every load is a
 * counted view), and the dump's instructions are divided by the loads. Prints main-thread and
 * all-thread instructions per request of each process and the ratio anchor / service (the main
 * thread — the event loop — is what bounds req/s).
 *
 * BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench), BENCH_PORT (3902;
 * the anchor uses the next one), BENCH_NODE (the node binary both run on; default this one),
 * BENCH_REQUESTS (3000), BENCH_WARMUP (20000: after 6,000, Node 24 still spent 8–18k a request on the main
 * thread tiering up), BENCH_CONNECTIONS (10), BENCH_SERVICE_ARGS (extra node
 * flags for the service, space-separated), BENCH_SERVICE_SCRIPT (another build's server.js, run from here
 * for a before/after pair), BENCH_KEEP=1 (keep the dumps for callgrind_annotate),
 * BENCH_ANCHOR=0 (the service alone, for quick before/after pairs), BENCH_BUILD=0 (run dist/ and .next/ as
 * they are). Needs valgrind; builds what is stale first.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import pg from 'pg';
import { callgrindArgs, countInstructions, type InstructionCount } from './callgrind';
import { BROWSER_USER_AGENT as BROWSER, createBenchSharePage, sharePageServiceEnv } from './share-page-fixture';
import { fmt, startProcess, stopProcess } from './support';

const run = promisify(execFile);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const port = Number(process.env.BENCH_PORT ?? 3902);
const nodeBinary = process.env.BENCH_NODE ?? process.execPath;
const requests = Number(process.env.BENCH_REQUESTS ?? 3000);
const warmup = Number(process.env.BENCH_WARMUP ?? 20000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const serviceArgs = (process.env.BENCH_SERVICE_ARGS ?? '').split(' ').filter(Boolean);
const serviceScript = process.env.BENCH_SERVICE_SCRIPT ?? 'dist/server.js';
const origin = `http://127.0.0.1:${port}`;
const bareOrigin = `http://127.0.0.1:${port + 1}`;

const { pageId, pagePath } = await createBenchSharePage(databaseUrl);

const dir = await mkdtemp(path.join(tmpdir(), 'bench-pages-instr-'));
// The load generator, in its own process (its work is not counted): `count` loads over `connections`
// keep-alive connections, load n from address 10.a.b.c with n = first + i; fails on any non-200.
const client = path.join(dir, 'client.mjs');
await writeFile(
  client,
  `import http from 'node:http';
const [url, countText, connectionsText, firstText] = process.argv.slice(2);
const count = Number(countText), first = Number(firstText);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connectionsText) });
let sent = 0, done = 0, bad = 0;
function next() {
  if (sent >= count) return;
  const n = first + sent++;
  const address = '10.' + ((n >>> 16) & 255) + '.' + ((n >>> 8) & 255) + '.' + (n & 255);
  http.get(url, { agent, headers: { 'x-forwarded-for': address, 'user-agent': ${JSON.stringify(BROWSER)} } }, (res) => {
    if (res.statusCode !== 200) bad += 1;
    res.resume();
    res.on('end', () => { done += 1; if (done === count) { agent.destroy(); console.log(JSON.stringify({ done, bad })); } else next(); });
  }).on('error', (e) => { console.error(e); process.exit(1); });
}
for (let i = 0; i < Number(connectionsText); i += 1) next();
`,
);
let nextAddress = 1;
async function drive(url: string, count: number): Promise<void> {
  const { stdout } = await run(process.execPath, [client, url, String(count), String(connections), String(nextAddress)], { maxBuffer: 1 << 20 });
  nextAddress += count;
  const { bad } = JSON.parse(stdout) as { done: number; bad: number };
  if (bad > 0) throw new Error(`${bad} of ${count} loads of ${url} were not 200`);
}

async function measure(url: string, pid: number): Promise<InstructionCount> {
  await drive(url, warmup);
  return countInstructions(pid, dir, requests, () => drive(url, requests));
}

const env = sharePageServiceEnv(databaseUrl, port);
if (process.env.BENCH_BUILD !== '0') {
  execFileSync(process.execPath, ['scripts/ensure-next-build.mjs'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { stdio: 'inherit' });
}
const nodeVersion = execFileSync(nodeBinary, ['--version'], { encoding: 'utf8' }).trim();

const waitLong = { timeoutMs: 600_000, pollMs: 2_000 };
const server = await startProcess('valgrind', [...callgrindArgs(dir), nodeBinary, ...serviceArgs, serviceScript], env, `${origin}/healthz`, waitLong);
let service: InstructionCount | undefined;
let anchor: InstructionCount | undefined;
let viewsCounted = 0;
try {
  // The page's bytes, for the anchor (one more counted view, from this address).
  const sample = await fetch(`${origin}${pagePath}`, { headers: { 'user-agent': BROWSER } });
  const pageBytes = Buffer.from(await sample.arrayBuffer());
  if (sample.status !== 200) throw new Error(`${pagePath} answered ${sample.status}`);
  await writeFile(path.join(dir, 'page.html'), pageBytes);
  const views = new pg.Client({ connectionString: databaseUrl });
  await views.connect();
  const countViews = async () => Number((await views.query('SELECT count(*)::int AS n FROM page_views WHERE resource_id = $1', [pageId])).rows[0].n);
  try {
    service = await measure(`${origin}${pagePath}`, server.pid!);
    await new Promise((resolve) => setTimeout(resolve, 5000)); // a flush or two under valgrind
    viewsCounted = await countViews();
  } finally {
    await views.end();
  }
  await stopProcess(server);
  if (process.env.BENCH_ANCHOR !== '0') {
    await build({ entryPoints: ['bench/bare-page-server.ts'], outfile: path.join(dir, 'bare-page-server.mjs'), bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
    const bare = await startProcess(
      'valgrind',
      [...callgrindArgs(dir), nodeBinary, path.join(dir, 'bare-page-server.mjs')],
      { ...env, PORT: String(port + 1), BODY_FILE: path.join(dir, 'page.html'), CONTENT_TYPE: sample.headers.get('content-type') ?? 'text/html; charset=utf-8' },
      `${bareOrigin}${pagePath}`,
      waitLong,
    );
    try {
      anchor = await measure(`${bareOrigin}${pagePath}`, bare.pid!);
    } finally {
      await stopProcess(bare);
    }
  }
  console.log(`\nShare page hit ${pagePath} (${fmt(pageBytes.length)} B) vs bare node:http, callgrind, node ${nodeVersion}, ${requests} loads after ${warmup} warm-up, ${connections} keep-alive connections`);
} finally {
  await stopProcess(server);
  if (process.env.BENCH_KEEP) console.log(`callgrind dumps kept in ${dir}`);
  else await rm(dir, { recursive: true, force: true });
}
if (!service) throw new Error('no figures');
const k = (n: number) => `${fmt(n / 1000, 1)}k`;
console.log(`service: ${k(service.main)} instructions per request on the main thread (${k(service.all)} all threads)`);
if (anchor) {
  console.log(`anchor:  ${k(anchor.main)} instructions per request on the main thread (${k(anchor.all)} all threads)`);
  console.log(`ratio anchor / service: ${(anchor.main / service.main).toFixed(2)}× main thread, ${(anchor.all / service.all).toFixed(2)}× all threads`);
}
console.log(`views counted: ${viewsCounted} of ${warmup + requests + 1} loads (the first fetched the anchor's bytes)`);
