/**
 * `npm run bench:import`: a 500-row CSV import (every row with two socials) from 202 to `completed`,
 * next to the same 500 creators sent one by one through POST /creators, against the service on
 * PostgreSQL (dist/server.js --api-only, in-process job runner). Target: ≤ 2 s and ≥ 5× faster.
 *
 * Then an agency's own webhook backlog against its imports (issue 34): a 10-row CSV import's queue
 * wait (202 → no longer `queued`) with no backlog, then again after BENCH_BACKLOG_EVENTS (3,000)
 * events fan out to three endpoints that are down (9,000 delivery attempts queued). Target: the wait
 * with the backlog stays within a few seconds (imports run in their own lane).
 */
import { execFileSync } from 'node:child_process';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { openMigratedDatabase } from '../src/server/db/database';
import { emitEvents } from '../src/server/services/webhook-events';
import { ensureDatabase, productionServiceEnv, startProcess, stopProcess } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const ROWS = 500;
const base = 'http://127.0.0.1:3904';

await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
async function agencyKey(label: string) {
  const { agency } = await createAgency(database.prisma, { name: `Bench ${label}`, ownerEmail: `bench-${label}-${Date.now()}@bench.test` });
  return (await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: 'bench', scopes: ['all'] })).secret;
}
const importKey = await agencyKey('import');
const singleKey = await agencyKey('single');
const backlogAgency = (await createAgency(database.prisma, { name: 'Bench backlog', ownerEmail: `bench-backlog-${Date.now()}@bench.test` })).agency;
const backlogKey = (await createApiKey(database.prisma, { subject: { type: 'agency', id: backlogAgency.id }, name: 'bench', scopes: ['all'] })).secret;
const backlogEvents = Number(process.env.BENCH_BACKLOG_EVENTS ?? 3000);
const jobsQueue = `bench-import-${Date.now()}`;
await database.close();
const fmtInt = (n: number) => n.toLocaleString('en-US');

const run = `${Date.now().toString(36)}`;
const rows = Array.from({ length: ROWS }, (_, i) => ({
  display_name: `Bench Creator ${i}`,
  email: `bench${i}@example.com`,
  country: 'US',
  instagram: `@b${run}.${i}`,
  tiktok: `@t${run}.${i}`,
}));

// The service as production runs it: compiled (once), plain node.
execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { stdio: 'inherit' });
const service = await startProcess(
  process.execPath,
  ['dist/server.js', '--api-only'],
  // Private networks: the backlog's endpoints are dead ports on loopback.
  { ...productionServiceEnv(databaseUrl), RATE_LIMIT_REQUESTS: '1000000', PORT: '3904', FETCH_ALLOW_PRIVATE_NETWORKS: 'true', JOBS_QUEUE: jobsQueue },
  `${base}/openapi.json`,
);
try {
  // CSV import: 202 → completed.
  const csv = ['display_name,email,country,instagram,tiktok', ...rows.map((r) => `${r.display_name},${r.email},${r.country},${r.instagram},${r.tiktok}`)].join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const importStart = performance.now();
  const accepted = await fetch(`${base}/public/v1/creator-imports`, { method: 'POST', headers: { authorization: `Bearer ${importKey}` }, body: form });
  if (accepted.status !== 202) throw new Error(`upload answered ${accepted.status}: ${await accepted.text()}`);
  const importId = (await accepted.json()).data.id;
  let status = 'queued';
  let progress: Record<string, number> = {};
  while (status !== 'completed' && status !== 'failed') {
    // Poll every 100 ms, as a client would (each poll returns all 500 rows).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const body = await (await fetch(`${base}/public/v1/creator-imports/${importId}`, { headers: { authorization: `Bearer ${importKey}` } })).json();
    status = body.data.status;
    progress = body.data.progress;
  }
  const importMs = performance.now() - importStart;

  // The same creators one by one.
  const singleStart = performance.now();
  for (const r of rows) {
    const response = await fetch(`${base}/public/v1/creators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${singleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        display_name: r.display_name,
        email: r.email,
        country: r.country,
        socials: [
          { platform: 'instagram', handle_or_url: r.instagram },
          { platform: 'tiktok', handle_or_url: r.tiktok },
        ],
      }),
    });
    if (response.status !== 201) throw new Error(`POST /creators answered ${response.status}`);
    await response.arrayBuffer();
  }
  const singleMs = performance.now() - singleStart;

  console.log(`\n${ROWS} creators with 2 socials each, PostgreSQL`);
  console.log(`CSV import, 202 → ${status}: ${(importMs / 1000).toFixed(2)} s  (progress ${JSON.stringify(progress)})`);
  console.log(`POST /creators one by one:  ${(singleMs / 1000).toFixed(2)} s`);
  const speedup = singleMs / importMs;
  console.log(`import is ${speedup.toFixed(1)}× faster (target ≥ 5×: ${speedup >= 5 ? 'OK' : 'BELOW'}; ≤ 2 s: ${importMs <= 2000 ? 'OK' : 'ABOVE'})`);

  // An agency's webhook backlog against its own small import.
  const auth = { authorization: `Bearer ${backlogKey}` };
  const queueWaitMs = async (label: string) => {
    const small = new FormData();
    small.append('file', new Blob([['display_name', ...Array.from({ length: 10 }, (_, i) => `Wait ${label} ${i}`)].join('\n')], { type: 'text/csv' }), 'small.csv');
    const started = performance.now();
    const response = await fetch(`${base}/public/v1/creator-imports`, { method: 'POST', headers: auth, body: small });
    if (response.status !== 202) throw new Error(`small upload answered ${response.status}`);
    const id = (await response.json()).data.id as string;
    for (;;) {
      const body = await (await fetch(`${base}/public/v1/creator-imports/${id}`, { headers: auth })).json();
      if (body.data.status !== 'queued') return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const quietWait = await queueWaitMs('quiet');
  for (let i = 0; i < 3; i += 1) {
    const created = await fetch(`${base}/public/v1/webhook-endpoints`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${9 + i}/down`, events: ['*'] }),
    });
    if (created.status !== 201) throw new Error(`endpoint answered ${created.status}: ${await created.text()}`);
  }
  const writer = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 1 });
  const burst = Array.from({ length: backlogEvents }, (_, i) => ({ type: 'creator.created' as const, data: { id: `backlog-${i}` } }));
  const { deliveries } = await writer.prisma.$transaction((tx) => emitEvents({ queue: jobsQueue }, tx, { type: 'agency', id: backlogAgency.id }, burst), { timeout: 120_000 });
  await writer.close();
  const backlogWait = await queueWaitMs('backlog');
  console.log(`\nA 10-row import's queue wait (202 → processing) for an agency with ${fmtInt(deliveries)} deliveries queued to 3 dead endpoints`);
  console.log(`without the backlog: ${quietWait.toFixed(0)} ms; with it: ${backlogWait.toFixed(0)} ms (target: within a few seconds) ${backlogWait <= 3000 ? 'OK' : 'OVER 3 s'}`);
} finally {
  await stopProcess(service);
}
