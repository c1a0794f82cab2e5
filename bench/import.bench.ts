/**
 * `npm run bench:import`: a 500-row CSV import (every row with two socials) from 202 to `completed`,
 * next to the same 500 creators sent one by one through POST /creators, against the service on
 * PostgreSQL (dist/server.js --api-only, in-process job runner). Target: ≤ 2 s and ≥ 5× faster.
 */
import { execFileSync } from 'node:child_process';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { openMigratedDatabase } from '../src/server/db/database';
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
await database.close();

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
  { ...productionServiceEnv(databaseUrl), RATE_LIMIT_REQUESTS: '1000000', PORT: '3904' },
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
} finally {
  await stopProcess(service);
}
