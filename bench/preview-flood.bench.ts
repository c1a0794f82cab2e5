/**
 * `npm run bench:flood`: one tenant floods import previews; does another tenant's GET /me stay fast?
 *
 * The service runs as production does (`node dist/server.js --api-only`, PostgreSQL, the shipped
 * limits: previews have their own bucket of 60 an hour per agency), with bench/server-probe.mjs loaded
 * to measure it from inside. Agency A sends POST /creator-imports/previews with a 2 MiB CSV of 20,000
 * rows — the most a body may carry, 40× the 500-row cap — from 20 connections, as fast as the server
 * answers; agency B reads GET /me from 10 connections. Each load generator is a wrk process of its own.
 * Every flood round uses a new agency A, so each flood has its 60 admitted previews as well as the
 * refused ones (anyone can sign up a new agency).
 *
 * The anchor is B's GET /me on the same server in the same run with no flood; quiet and flooded phases
 * alternate (BENCH_ROUNDS rounds). Prints per phase B's p50 and p99, A's answers by status, the
 * service's event-loop delay (p50/p99/max), its CPU time (and per flood request), GC time, the most
 * previews in flight at once, the bytes each flood connection read, and the load average; then B's flooded/quiet ratios (median of rounds).
 * Target: B's p99 during the flood within 2× of its p99 without. Before the rounds, previews sent one at
 * a time show what one admitted preview costs: CPU and the longest event-loop stall it causes.
 *
 * Env: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench),
 * BENCH_SECONDS (10), BENCH_ROUNDS (2), BENCH_PORT (3921; the probe listens on BENCH_PORT + 1),
 * BENCH_SERVICE_COMMAND (`node --import ./bench/server-probe.mjs dist/server.js --api-only`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openMigratedDatabase } from '../src/server/db/database';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { runLoad, type LoadResult } from './load';
import { ensureDatabase, fmt, productionServiceEnv, startProcess, stopProcess } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const port = Number(process.env.BENCH_PORT ?? 3921);
const probePort = port + 1;
const serviceCommand = (process.env.BENCH_SERVICE_COMMAND ?? 'node --import ./bench/server-probe.mjs dist/server.js --api-only').split(' ');

execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { stdio: 'inherit' });
await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 2 });
const stamp = Date.now();
const keyFor = async (name: string) => {
  const { agency } = await createAgency(database.prisma, { name: `Flood Bench ${name} ${stamp}`, ownerEmail: `flood-${name}-${stamp}@bench.test` });
  return (await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: `flood ${name}`, scopes: ['all'] })).secret;
};
const readerKey = await keyFor('b');
const floodKeys: string[] = [];
for (let round = 1; round <= rounds; round += 1) floodKeys.push(await keyFor(`a${round}`));
const singleKey = await keyFor('single');
await database.close();

// The flood's body: a JSON preview request whose CSV is just under the 2 MiB body cap.
const scratch = mkdtempSync(path.join(tmpdir(), 'creator-api-flood-'));
const rows = ['display_name,country,instagram'];
for (let i = 0; rows.join('\n').length < 2 * 1024 * 1024 - 64 * 1024; i += 1) rows.push(`Flood Creator ${i},US,@flood_${i}_${'x'.repeat(60)}`);
const bodyFile = path.join(scratch, 'preview.json');
writeFileSync(bodyFile, JSON.stringify({ csv: `${rows.join('\n')}\n` }));

const base = `http://127.0.0.1:${port}/public/v1`;
const previewsPath = '/public/v1/creator-imports/previews';
const body = readFileSync(bodyFile);

/** What bench/server-probe.mjs measured in the service since it was last asked. */
interface ProbeFigures {
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number };
  cpuMs: { user: number; system: number };
  gc: { count: number; ms: number; maxMs: number };
  paths: Record<string, { maxInFlight: number; started: number; statuses: Record<string, number>; connectionsClosed: number; bytesRead: number }>;
}
const probe = async (): Promise<ProbeFigures> => (await (await fetch(`http://127.0.0.1:${probePort}/`)).json()) as ProbeFigures;
const cpuOf = (p: ProbeFigures) => p.cpuMs.user + p.cpuMs.system;
const statusesOf = (p: ProbeFigures, key: string) =>
  Object.entries(p.paths[key]?.statuses ?? {})
    .map(([status, count]) => `${status}×${count}`)
    .join(' ') || 'none';
const load = () => loadavg().map((l) => fmt(l, 2)).join(' ');

const service = await startProcess(
  serviceCommand[0]!,
  serviceCommand.slice(1),
  { ...productionServiceEnv(databaseUrl), PORT: String(port), BENCH_PROBE_PORT: String(probePort) },
  `${base}/me`,
  { headers: { authorization: `Bearer ${readerKey}` } },
);
try {
  const readMe = (s: number) => runLoad({ url: `${base}/me`, headers: { authorization: `Bearer ${readerKey}` }, connections: 10, seconds: s });
  await readMe(3); // warm-up

  // One admitted preview at a time, nothing else running: its CPU and the longest stall it causes.
  const singles = 5;
  await probe();
  const singleStatuses: number[] = [];
  for (let i = 0; i < singles; i += 1) {
    const response = await fetch(`${base}/creator-imports/previews`, {
      method: 'POST',
      headers: { authorization: `Bearer ${singleKey}`, 'content-type': 'application/json' },
      body,
    });
    await response.arrayBuffer();
    singleStatuses.push(response.status);
  }
  const single = await probe();
  console.log(`\nOne 2 MiB preview at a time (${singles}, answered ${singleStatuses.join(', ')}), nothing else running:`);
  console.log(
    `  service CPU ${fmt(cpuOf(single) / singles, 1)} ms per preview; event-loop delay max ${fmt(single.eventLoopDelayMs.max, 1)} ms; GC ${single.gc.count}× ${single.gc.ms} ms (max ${single.gc.maxMs} ms)`,
  );

  const line = (label: string, r: LoadResult) =>
    `${label.padEnd(34)} ${fmt(r.rps).padStart(7)} req/s  p50 ${fmt(r.p50, 1).padStart(6)} ms  p99 ${fmt(r.p99, 1).padStart(7)} ms  failures ${fmt(r.failures)}`;
  const probeLine = (p: ProbeFigures) =>
    `  service: event-loop delay p50 ${fmt(p.eventLoopDelayMs.p50, 1)} p99 ${fmt(p.eventLoopDelayMs.p99, 1)} max ${fmt(p.eventLoopDelayMs.max, 1)} ms; CPU ${fmt(cpuOf(p))} ms (user ${fmt(p.cpuMs.user)}, sys ${fmt(p.cpuMs.system)}); GC ${p.gc.count}× ${fmt(p.gc.ms)} ms (max ${p.gc.maxMs} ms); load average ${load()}`;
  console.log(`\nPreview flood (${rows.length - 1} rows, ${fmt(2)} MiB per request) against another tenant's GET /me, ${seconds} s per phase, ${rounds} rounds`);
  const ratios: { p50: number; p99: number }[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    await probe();
    const quiet = await readMe(seconds);
    const quietProbe = await probe();
    const [flooded, flood] = await Promise.all([
      readMe(seconds),
      runLoad({
        url: `${base}/creator-imports/previews`,
        method: 'POST',
        bodyFile,
        headers: { authorization: `Bearer ${floodKeys[round - 1]}`, 'content-type': 'application/json' },
        connections: 20,
        seconds,
      }),
    ]);
    const floodProbe = await probe();
    const meCpu = cpuOf(quietProbe) / quiet.requests;
    const floodPath = floodProbe.paths[`POST ${previewsPath}`];
    const floodRequests = floodPath?.started ?? 0;
    console.log(`Round ${round}`);
    console.log(line('B: GET /me, no flood (anchor)', quiet));
    console.log(probeLine(quietProbe));
    console.log(line('B: GET /me, during the flood', flooded));
    console.log(line('A: POST previews (429/413 count as failures)', flood));
    console.log(probeLine(floodProbe));
    console.log(
      `  A's previews: ${fmt(floodRequests)} started, answered ${statusesOf(floodProbe, `POST ${previewsPath}`)}, at most ${floodPath?.maxInFlight ?? 0} in flight at once (refused ones included); ` +
        `${fmt((floodPath?.bytesRead ?? 0) / 1024 / Math.max(1, floodPath?.connectionsClosed ?? 0))} KiB read per closed connection; ` +
        `service CPU per preview ≈ ${fmt((cpuOf(floodProbe) - flooded.requests * meCpu) / Math.max(1, floodRequests), 2)} ms (GET /me: ${fmt(meCpu, 3)} ms)`,
    );
    console.log(`  B's latency during the flood vs without: p50 ${fmt(flooded.p50 / quiet.p50, 2)}×, p99 ${fmt(flooded.p99 / quiet.p99, 2)}×`);
    ratios.push({ p50: flooded.p50 / quiet.p50, p99: flooded.p99 / quiet.p99 });
  }
  // With an even number of rounds, the upper middle: the less flattering of the two.
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `\nB's latency during the flood vs without (median of ${rounds} rounds, upper middle): p50 ${fmt(median(ratios.map((r) => r.p50)), 2)}×, p99 ${fmt(median(ratios.map((r) => r.p99)), 2)}× (target p99 ≤ 2×)`,
  );
} finally {
  await stopProcess(service);
}
