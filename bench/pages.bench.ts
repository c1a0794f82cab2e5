/**
 * `npm run bench:pages`: a link-in-bio share page against a static file from public/, both served by
 * the full server as production runs it (`node dist/server.js`: API handler + share-page cache + Next,
 * NODE_ENV=production) on PostgreSQL, each loaded by wrk (a separate process) with 50 connections.
 * Every page request comes from its own client address (X-Forwarded-For from loopback, listed in
 * TRUSTED_PROXIES) with a browser User-Agent, so every load is a counted view: the figures include view counting. Prints req/s, p50, p99, the ratio
 * (target ≥ 0.25× with p99 ≤ 100 ms), then checks that 500 loads from 500 new addresses are counted
 * as exactly 500 views within 5 s.
 *
 * The physical anchor (issue 27): bench/bare-page-server.ts, a bare node:http server in its own
 * process answering the page's bytes (fetched once from the service) from memory; goal ≥ 0.7× its
 * req/s. Both rows also print the CPU ms each server's process spent per answered request (what a
 * busy machine disturbs least; the service's includes counting the views and writing them).
 *
 * BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench), BENCH_SECONDS
 * (10), BENCH_PORT (3902; the anchor uses the next one), BENCH_SERVICE_COMMAND (`node dist/server.js`;
 * another build for an A/B, or `node --cpu-prof … dist/server.js` for a profile). Needs `wrk`; builds
 * what is stale first, as `npm start` does.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import pg from 'pg';
import { BROWSER_USER_AGENT as BROWSER, createBenchSharePage, sharePageServiceEnv } from './share-page-fixture';
import { fmt, startProcess, stopProcess } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3902);
const connections = 50;
const serviceCommand = (process.env.BENCH_SERVICE_COMMAND ?? 'node dist/server.js').split(' ');
const origin = `http://127.0.0.1:${port}`;
const bareOrigin = `http://127.0.0.1:${port + 1}`;

const { pageId, pagePath } = await createBenchSharePage(databaseUrl);
const staticPath = '/examples/creators.csv';

// wrk: every request from its own address (per-thread counter), with a browser User-Agent.
const dir = await mkdtemp(path.join(tmpdir(), 'bench-pages-'));
const script = path.join(dir, 'distinct-addresses.lua');
await writeFile(
  script,
  `local counter = 0
local threads = 0
function setup(thread) thread:set("id", threads); threads = threads + 1 end
function init(args) counter = 0 end
function request()
  counter = counter + 1
  local n = counter * 4 + (id or 0)
  local address = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format("GET", nil, { ["X-Forwarded-For"] = address, ["User-Agent"] = "${BROWSER}" })
end
`,
);

interface Load {
  rps: number;
  /** CPU ms the measured server's process spent per answered request (from /proc). */
  cpuPerRequest?: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
}

/** wrk prints latencies as 812.00us, 1.23ms, 2.01s. */
function millis(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

async function load(url: string, duration = seconds): Promise<Load> {
  const { stdout } = await promisify(execFile)('wrk', ['-t4', `-c${connections}`, `-d${duration}s`, '--latency', '-s', script, url], { maxBuffer: 1 << 20 });
  const line = (label: string) => new RegExp(`^\\s*${label}\\s+(\\S+)`, 'm').exec(stdout)?.[1] ?? '';
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0) + Number(/Socket errors:.*timeout (\d+)/.exec(stdout)?.[1] ?? 0);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0), p50: millis(line('50%')), p99: millis(line('99%')), requests, non2xx };
}

/** CPU time (user + system) a process has used, in ms, from /proc. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
async function measured(url: string, pid: number): Promise<Load> {
  const before = cpuMs(pid);
  const result = await load(url);
  return { ...result, cpuPerRequest: (cpuMs(pid) - before) / Math.max(1, result.requests) };
}

const views = new pg.Client({ connectionString: databaseUrl });
await views.connect();
const countViews = async () => Number((await views.query('SELECT count(*)::int AS n FROM page_views WHERE resource_id = $1', [pageId])).rows[0].n);

const env = sharePageServiceEnv(databaseUrl, port);
// As production runs it (`npm start` without npm): the Next build and the compiled server, plain node.
execFileSync(process.execPath, ['scripts/ensure-next-build.mjs'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { stdio: 'inherit' });
const server = await startProcess(serviceCommand[0] === 'node' ? process.execPath : serviceCommand[0]!, serviceCommand.slice(1), env, `${origin}${staticPath}`);
// The anchor answers the bytes the service answers for the page (fetched once; not a counted view
// from any address the bench uses later).
const sample = await fetch(`${origin}${pagePath}`, { headers: { 'user-agent': BROWSER } });
const pageBytes = Buffer.from(await sample.arrayBuffer());
if (sample.status !== 200) throw new Error(`${pagePath} answered ${sample.status}`);
await writeFile(path.join(dir, 'page.html'), pageBytes);
await build({ entryPoints: ['bench/bare-page-server.ts'], outfile: path.join(dir, 'bare-page-server.mjs'), bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
const bare = await startProcess(
  process.execPath,
  [path.join(dir, 'bare-page-server.mjs')],
  { ...env, PORT: String(port + 1), BODY_FILE: path.join(dir, 'page.html'), CONTENT_TYPE: sample.headers.get('content-type') ?? 'text/html; charset=utf-8' },
  `${bareOrigin}${pagePath}`,
);
let exactWithin: number | null = null;
let counted = 0;
let results: [string, Load][] = [];
let bareLoad: Load | undefined;
let wrkCounted = { before: 0, after: 0, requests: 0 };
try {
  await load(`${origin}${staticPath}`, 3); // warm-up
  await load(`${origin}${pagePath}`, 3);
  await load(`${bareOrigin}${pagePath}`, 3);
  bareLoad = await measured(`${bareOrigin}${pagePath}`, bare.pid!);
  const staticLoad = await load(`${origin}${staticPath}`);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  wrkCounted.before = await countViews();
  const pageLoad = await measured(`${origin}${pagePath}`, server.pid!);
  results = [
    [`static file ${staticPath}`, staticLoad],
    [`link in bio ${'/l/…'} (views counted)`, pageLoad],
  ];
  await new Promise((resolve) => setTimeout(resolve, 3000));
  wrkCounted = { ...wrkCounted, after: await countViews(), requests: pageLoad.requests };

  // 500 loads from 500 addresses nobody used yet: all counted, exactly, within 5 s of the last one.
  const before = await countViews();
  for (let batch = 0; batch < 10; batch += 1) {
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const response = await fetch(`${origin}${pagePath}`, { headers: { 'x-forwarded-for': `172.31.${batch}.${i + 1}`, 'user-agent': BROWSER } });
        await response.arrayBuffer();
      }),
    );
  }
  const sentAt = Date.now();
  while (Date.now() - sentAt < 5000) {
    counted = (await countViews()) - before;
    if (counted >= 500) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  counted = (await countViews()) - before;
  if (counted === 500) exactWithin = Date.now() - sentAt;
} finally {
  await stopProcess(bare);
  await stopProcess(server);
  await views.end();
  await rm(dir, { recursive: true, force: true });
}

console.log(`\nShare page vs static file, full server (node dist/server.js, NODE_ENV=production, PostgreSQL), wrk ${connections} connections, ${seconds} s each after a warm-up`);
console.log('path                                     req/s     p50 ms   p99 ms  requests  non-2xx');
console.log(`(same bytes: ${fmt(pageBytes.length)} B; CPU ms/req is the measured server process's own time per answered request)`);
for (const [name, r] of [...results, ['bare node:http, same bytes from memory', bareLoad] as [string, Load]]) {
  const cpu = r.cpuPerRequest === undefined ? '' : `  CPU ${fmt(r.cpuPerRequest, 3)} ms/req`;
  console.log(`${name.padEnd(38)} ${fmt(r.rps).padStart(8)}  ${fmt(r.p50, 2).padStart(7)}  ${fmt(r.p99, 2).padStart(7)}  ${String(r.requests).padStart(8)}  ${r.non2xx}${cpu}`);
}
const [, staticLoad] = results[0]!;
const [, pageLoad] = results[1]!;
const ratio = pageLoad.rps / staticLoad.rps;
const ok = ratio >= 0.25 && pageLoad.p99 <= 100;
console.log(`\nratio share page / static file: ${ratio.toFixed(2)}× (target ≥ 0.25× with p99 ≤ 100 ms) ${ok ? 'OK' : 'BELOW TARGET'}`);
const anchorRatio = pageLoad.rps / bareLoad.rps;
const cpuRatio = bareLoad.cpuPerRequest! / pageLoad.cpuPerRequest!;
console.log(`ratio share page / bare node:http (physical anchor): ${anchorRatio.toFixed(2)}× (goal ≥ 0.70×, issue 27) ${anchorRatio >= 0.7 ? 'OK' : 'MISSED'}`);
console.log(`CPU per request, bare / share page: ${cpuRatio.toFixed(2)}× (the processes' own cost; what a loaded machine disturbs least)`);
console.log(`views counted during the wrk run: ${wrkCounted.after - wrkCounted.before} of ${wrkCounted.requests} completed loads (loads still in flight when wrk stops may count too)`);
console.log(`500 loads from 500 new addresses: ${counted} views counted${exactWithin !== null ? `, exact after ${exactWithin} ms (target ≤ 5 s) OK` : ' within 5 s — NOT EXACT'}`);
