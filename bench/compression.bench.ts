/**
 * `npm run bench:compression`: GET /public/v1/creators?limit=100 (100 roster creators with socials,
 * tags and languages) through the real service (server.ts --api-only, PostgreSQL), loaded by wrk
 * from a separate process with Accept-Encoding absent (the baseline), `gzip` and `br`. Prints the
 * bytes on the wire and req/s for each, and both as a ratio against the uncompressed run.
 *
 * BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench),
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_PORT (3903). Needs `wrk` (apt-get install wrk).
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { openMigratedDatabase } from '../src/server/db/database';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { creatorInputSchema } from '../src/server/services/creator-input';
import { addCreatorToRoster } from '../src/server/services/creators';
import { ensureDatabase, fmt, productionServiceEnv, startProcess, stopProcess } from './support';

const run = promisify(execFile);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3903);
const PLATFORMS = ['instagram', 'tiktok', 'youtube'] as const;

await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
const stamp = Date.now().toString(36);
const { agency } = await createAgency(database.prisma, { name: 'Compression Bench Agency', ownerEmail: `bench-${stamp}@bench.test` });
for (let i = 0; i < 100; i += 1) {
  await addCreatorToRoster({ db: database.prisma, jobs: { queue: 'bench' } }, {
    agencyId: agency.id,
    source: 'api',
    input: creatorInputSchema.parse({
      display_name: `Bench Creator ${i}`,
      email: `creator${i}-${stamp}@bench.test`,
      country: 'US',
      languages: ['en', 'es'],
      tags: ['travel', 'food', 'lifestyle'],
      socials: PLATFORMS.map((platform) => ({ platform, handle_or_url: `bench${stamp}${platform}${i}` })),
    }),
  });
}
const { secret } = await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: 'bench', scopes: ['all'] });
await database.close();

const url = `http://127.0.0.1:${port}/public/v1/creators?limit=100`;

/** One request's bytes on the wire (body as sent, before any decoding). */
function wireBytes(acceptEncoding: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    http
      .get(url, { headers }, (res) => {
        let total = 0;
        res.on('data', (chunk: Buffer) => (total += chunk.byteLength));
        res.on('end', () => (res.statusCode === 200 ? resolve(total) : reject(new Error(`status ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

async function wrk(acceptEncoding: string | null, duration: number): Promise<{ rps: number; non2xx: number }> {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '-H', `Authorization: Bearer ${secret}`];
  if (acceptEncoding) args.push('-H', `Accept-Encoding: ${acceptEncoding}`);
  const { stdout } = await run('wrk', [...args, url]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  return { rps, non2xx };
}

const env = productionServiceEnv(databaseUrl);
const service = await startProcess('npx', ['--no-install', 'tsx', 'server.ts', '--api-only'], { ...env, PORT: String(port), HOST: '127.0.0.1' }, `http://127.0.0.1:${port}/openapi.json`);
try {
  const variants = [
    ['none (baseline)', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
  ] as const;
  const rows: { name: string; bytes: number; rps: number; non2xx: number }[] = [];
  await wrk(null, 3); // warm-up
  for (const [name, acceptEncoding] of variants) {
    const bytes = await wireBytes(acceptEncoding);
    const { rps, non2xx } = await wrk(acceptEncoding, seconds);
    rows.push({ name, bytes, rps, non2xx });
  }
  const [baseline] = rows;
  console.log(`\nGET /public/v1/creators?limit=100, wrk ${connections} connections, ${seconds} s each (after a warm-up run), PostgreSQL`);
  console.log('Accept-Encoding     body bytes   vs none    req/s   vs none  non-2xx');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(18)} ${fmt(r.bytes).padStart(11)}  ${(r.bytes / baseline!.bytes).toFixed(3).padStart(7)}×  ${fmt(r.rps).padStart(7)}  ${(r.rps / baseline!.rps).toFixed(2).padStart(6)}×  ${r.non2xx}`,
    );
  }
} finally {
  await stopProcess(service);
}
