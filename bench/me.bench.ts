/**
 * `npm run bench`: GET /public/v1/me through the real service (server.ts --api-only, PostgreSQL) vs a
 * bare node:http + pg server doing the same key lookup, each loaded by autocannon with 50
 * connections for 10 s in the same run. Prints req/s, p50, p99 and the ratio. Target: ≥ 0.5×.
 *
 * BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench), BENCH_SECONDS (10).
 */
import autocannon from 'autocannon';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { openMigratedDatabase } from '../src/server/db/database';
import { ensureDatabase, fmt, startProcess, stopProcess } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;

await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
const { agency } = await createAgency(database.prisma, { name: 'Bench Agency', ownerEmail: `bench-${Date.now()}@bench.test` });
const { secret } = await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: 'bench', scopes: ['all'] });
await database.close();

async function load(url: string) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { authorization: `Bearer ${secret}` } });
  const non2xx = result.non2xx + result.errors;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx, total: result.requests.total };
}

const env: NodeJS.ProcessEnv = { DATABASE_URL: databaseUrl, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false', RATE_LIMIT_REQUESTS: '1000000000', REDIS_URL: '' };

const bare = await startProcess('npx', ['--no-install', 'tsx', 'bench/bare-server.ts'], { ...env, PORT: '3901' }, 'http://127.0.0.1:3901/');
await load('http://127.0.0.1:3901/public/v1/me'); // warm-up
const baseline = await load('http://127.0.0.1:3901/public/v1/me');
await stopProcess(bare);

const service = await startProcess('npx', ['--no-install', 'tsx', 'server.ts', '--api-only'], { ...env, PORT: '3902', HOST: '127.0.0.1' }, 'http://127.0.0.1:3902/openapi.json');
await load('http://127.0.0.1:3902/public/v1/me'); // warm-up
const measured = await load('http://127.0.0.1:3902/public/v1/me');
await stopProcess(service);

const rows = [
  ['bare node:http + pg', baseline],
  ['creator-api GET /me', measured],
] as const;
console.log(`\nGET /me, ${connections} connections, ${seconds} s each (after a warm-up run), PostgreSQL`);
console.log('server                  req/s     p50 ms  p99 ms  non-2xx');
for (const [name, r] of rows) {
  console.log(`${name.padEnd(22)} ${fmt(r.rps).padStart(7)}  ${fmt(r.p50, 1).padStart(7)} ${fmt(r.p99, 1).padStart(7)}  ${r.non2xx}`);
}
const ratio = measured.rps / baseline.rps;
console.log(`\nratio creator-api / bare: ${ratio.toFixed(2)}× (target ≥ 0.50×) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`);
if (measured.non2xx > 0) console.log(`warning: ${measured.non2xx} non-2xx responses from creator-api`);
