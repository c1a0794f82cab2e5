/**
 * `npm run bench:flood`: one tenant floods import previews; does another tenant's GET /me stay fast?
 *
 * The service runs as production does (`node dist/server.js --api-only`, PostgreSQL, the shipped
 * limits: previews have their own bucket of 60 an hour per agency). Agency A sends
 * POST /creator-imports/previews with a 2 MiB CSV of 20,000 rows — the most a body may carry, 40× the
 * 500-row cap — from 20 connections, as fast as the server answers; agency B reads GET /me from 10
 * connections. Each load generator is a wrk process of its own.
 *
 * The anchor is B's GET /me on the same server in the same run with no flood. Prints B's p50 and p99
 * with and without the flood and their ratio, and how many previews A got answered per second.
 * Target: B's p99 during the flood within 2× of its p99 without (a request that parsed 20,000 rows
 * before refusing would hold the event loop for over a second each).
 *
 * Env: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench),
 * BENCH_SECONDS (10), BENCH_PORT (3921), BENCH_SERVICE_COMMAND (`node dist/server.js --api-only`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openMigratedDatabase } from '../src/server/db/database';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { runLoad, type LoadResult } from './load';
import { ensureDatabase, fmt, productionServiceEnv, startProcess, stopProcess } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3921);
const serviceCommand = (process.env.BENCH_SERVICE_COMMAND ?? 'node dist/server.js --api-only').split(' ');

execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { stdio: 'inherit' });
await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 2 });
const stamp = Date.now();
const keyFor = async (name: string) => {
  const { agency } = await createAgency(database.prisma, { name: `Flood Bench ${name} ${stamp}`, ownerEmail: `flood-${name}-${stamp}@bench.test` });
  return (await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: `flood ${name}`, scopes: ['all'] })).secret;
};
const floodKey = await keyFor('a');
const readerKey = await keyFor('b');
await database.close();

// The flood's body: a JSON preview request whose CSV is just under the 2 MiB body cap.
const scratch = mkdtempSync(path.join(tmpdir(), 'creator-api-flood-'));
const rows = ['display_name,country,instagram'];
for (let i = 0; rows.join('\n').length < 2 * 1024 * 1024 - 64 * 1024; i += 1) rows.push(`Flood Creator ${i},US,@flood_${i}_${'x'.repeat(60)}`);
const bodyFile = path.join(scratch, 'preview.json');
writeFileSync(bodyFile, JSON.stringify({ csv: `${rows.join('\n')}\n` }));

const base = `http://127.0.0.1:${port}/public/v1`;
const service = await startProcess(serviceCommand[0]!, serviceCommand.slice(1), { ...productionServiceEnv(databaseUrl), PORT: String(port) }, `${base}/me`, {
  headers: { authorization: `Bearer ${readerKey}` },
});
try {
  const readMe = (s: number) => runLoad({ url: `${base}/me`, headers: { authorization: `Bearer ${readerKey}` }, connections: 10, seconds: s });
  await readMe(3); // warm-up
  const quiet = await readMe(seconds);
  const [flooded, flood] = await Promise.all([
    readMe(seconds),
    runLoad({
      url: `${base}/creator-imports/previews`,
      method: 'POST',
      bodyFile,
      headers: { authorization: `Bearer ${floodKey}`, 'content-type': 'application/json' },
      connections: 20,
      seconds,
    }),
  ]);
  const line = (label: string, r: LoadResult) =>
    `${label.padEnd(34)} ${fmt(r.rps).padStart(7)} req/s  p50 ${fmt(r.p50, 1).padStart(6)} ms  p99 ${fmt(r.p99, 1).padStart(7)} ms  failures ${fmt(r.failures)}`;
  console.log(`\nPreview flood (${rows.length - 1} rows, ${fmt(2)} MiB per request) against another tenant's GET /me, ${seconds} s each`);
  console.log(line('B: GET /me, no flood (anchor)', quiet));
  console.log(line('B: GET /me, during the flood', flooded));
  console.log(line('A: POST previews (429/413 count as failures)', flood));
  console.log(`B's latency during the flood vs without: p50 ${fmt(flooded.p50 / quiet.p50, 2)}×, p99 ${fmt(flooded.p99 / quiet.p99, 2)}× (target p99 ≤ 2×)`);
} finally {
  await stopProcess(service);
}
