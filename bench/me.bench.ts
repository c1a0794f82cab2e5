/**
 * `npm run bench`: API throughput against a bare key lookup, memory and cold start, on PostgreSQL.
 *
 * 1. GET /public/v1/me through the service as production runs it (`node dist/server.js --api-only`,
 *    compiled first) next to the baseline, bench/bare-server.ts (node:http + pg: SHA-256 of the key and
 *    one prepared `SELECT … FROM api_keys WHERE hash = $1`), both plain `node`. Load comes from a
 *    separate process (wrk, or autocannon's CLI), 50 connections: a warm-up per server, then two
 *    alternating rounds (bare, service, bare, service). Prints req/s, p50, p99, RSS and the ratio.
 *    Targets: ≥ 0.8× the baseline, p99 ≤ 25 ms, RSS ≤ 200 MB (--api-only), cold start ≤ 3 s.
 *    Then two switches, each measured by pairs of fresh copies of the service started and warmed together,
 *    one as shipped and one with the switch flipped, in alternating rounds (two pairs of two rounds by
 *    default, in ABBA order, the second pair started the other way round; each round's ratio is printed too): metrics on (METRICS_PORT; target within 3 %) and
 *    request logs off (REQUEST_LOGS=off; logging on must stay within 5 % of off).
 * 2. A 100,000-creator roster (seeded once, reused): GET /creators/{id} over 1,000 ids, and
 *    GET /creators?limit=100 on page 1 vs page 1,000. Target: page 1,000 within 1.2× of page 1.
 * 3. The whole `npm start` process tree (API + Next, built first): cold start, then RSS after load.
 *    Target ≤ 350 MB. BENCH_FULL=0 skips it.
 *
 * Machine-shared runs: if the two rounds of one server differ by more than 15 %, the run says so
 * (another process took CPU); rerun then.
 *
 * Env: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench),
 * BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3), BENCH_PORT (3901; uses it and the next four),
 * BENCH_SERVICE_COMMAND (default `node dist/server.js --api-only`), BENCH_FULL_COMMAND (`npm start`),
 * BENCH_LOAD_GENERATOR=autocannon (force the fallback), BENCH_ROSTER=0 (skip part 2),
 * BENCH_INSTRUMENTED=0 (skip the metrics and request-log switch rounds of part 1; they use BENCH_PORT+3, +4 and +5),
 * BENCH_SWITCH_PAIRS (2; pairs of fresh copies per switch), BENCH_SWITCH_ROUNDS (2; rounds per pair).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { build } from 'esbuild';
import { openMigratedDatabase } from '../src/server/db/database';
import { CursorCodec } from '../src/server/lib/cursor';
import { newObjectId } from '../src/server/lib/object-id';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { loadGenerator, runLoad, treeRssMb, type LoadResult } from './load';
import { BENCH_APP_SECRET, ensureDatabase, fmt, productionServiceEnv, startProcess, stopProcess } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
// Four rounds per switch: with two, a quiet machine of this kind still swung metrics on/off (no code
// changed) from 0.87× to 1.05× — too wide to tell a 3–5 % goal. In two pairs of fresh copies, two
// rounds each: one pair's copies can differ by 2–3 % for their whole lives (the same build in both
// copies, 2026-11-29: 1.019×; the request log's four rounds at 1.058–1.070 in one run and
// 1.018–1.070 in the next), which more rounds of the same pair do not average out.
const switchPairCount = Number(process.env.BENCH_SWITCH_PAIRS ?? 2);
const switchRoundCount = Number(process.env.BENCH_SWITCH_ROUNDS ?? 2);
const portBase = Number(process.env.BENCH_PORT ?? 3901);
const serviceCommand = (process.env.BENCH_SERVICE_COMMAND ?? 'node dist/server.js --api-only').split(' ');
const fullCommand = (process.env.BENCH_FULL_COMMAND ?? 'npm start').split(' ');
const runFull = process.env.BENCH_FULL !== '0';
const runRoster = process.env.BENCH_ROSTER !== '0';
const runInstrumented = process.env.BENCH_INSTRUMENTED !== '0';
const connections = 50;
const ROSTER = 100_000;

const [barePort, servicePort, fullPort, instrumentedPort, metricsPort, plainPort] = [portBase, portBase + 1, portBase + 2, portBase + 3, portBase + 4, portBase + 5];

// ---------------------------------------------------------------------------------------------
// Build what runs: the service bundle (as `npm start` does) and the baseline, both plain JavaScript.
execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { stdio: 'inherit' });
mkdirSync('bench/results', { recursive: true });
await build({ entryPoints: ['bench/bare-server.ts'], outfile: 'bench/results/bare-server.mjs', bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });

// ---------------------------------------------------------------------------------------------
// Data: a key for /me, and a 100k-creator roster (seeded once, remembered in the settings table).
await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 2 });
const db = database.prisma;
const sql = database.sql;
// Every run starts from the same request log: earlier runs' entries (each run logs millions of calls
// under its own new agency, which no retention trims within the hour) grew the table to 17 M rows and
// 4.8 GB over one morning, and the log's figures drifted with it.
await sql('TRUNCATE request_logs', []);
const { agency } = await createAgency(db, { name: 'Bench Agency', ownerEmail: `bench-${Date.now()}@bench.test` });
const { secret } = await createApiKey(db, { subject: { type: 'agency', id: agency.id }, name: 'bench', scopes: ['all'] });

const ROSTER_MARK = `bench_roster:${ROSTER}`;
let rosterAgencyId = (await db.setting.findUnique({ where: { key: ROSTER_MARK } }))?.value ?? null;
if (!rosterAgencyId) {
  const started = performance.now();
  process.stdout.write(`Seeding a ${fmt(ROSTER)}-creator roster with one social each (once; reused by later runs)… `);
  const { agency: rosterAgency } = await createAgency(db, { name: 'Bench Roster Agency', ownerEmail: `bench-roster-${Date.now()}@bench.test` });
  rosterAgencyId = rosterAgency.id;
  // Ids: a 16-hex prefix + an 8-hex counter, so they sort in creation order like ObjectIds.
  const prefix = newObjectId().slice(0, 16);
  await sql(
    `INSERT INTO creators (id, username, display_name, country, languages, tags, updated_at)
     SELECT $1 || lpad(to_hex(g), 8, '0'), 'bench' || g, 'Bench Creator ' || g, 'US', '{en}', '{bench}', now()
       FROM generate_series(1, $2::int) g`,
    [prefix, ROSTER],
  );
  await sql(
    `INSERT INTO roster_memberships (id, agency_id, creator_id, source, created_at)
     SELECT $1 || lpad(to_hex(g + $2::int), 8, '0'), $3, $1 || lpad(to_hex(g), 8, '0'), 'api', now()
       FROM generate_series(1, $2::int) g`,
    [prefix, ROSTER, rosterAgencyId],
  );
  await sql(
    `INSERT INTO social_accounts (id, creator_id, roster_agency_id, platform, identity, username, profile_url, updated_at)
     SELECT $1 || lpad(to_hex(g + 2 * $2::int), 8, '0'), $1 || lpad(to_hex(g), 8, '0'), $3, 'instagram',
            'instagram:bench' || g, 'bench' || g, 'https://www.instagram.com/bench' || g, now()
       FROM generate_series(1, $2::int) g`,
    [prefix, ROSTER, rosterAgencyId],
  );
  await sql('ANALYZE creators', []);
  await sql('ANALYZE roster_memberships', []);
  await sql('ANALYZE social_accounts', []);
  await db.setting.create({ data: { key: ROSTER_MARK, value: rosterAgencyId } });
  console.log(`${fmt((performance.now() - started) / 1000, 1)} s`);
}
const { secret: rosterKey } = await createApiKey(db, { subject: { type: 'agency', id: rosterAgencyId }, name: 'bench roster', scopes: ['roster:read'] });
const rosterIds = (
  await sql<{ creator_id: string }>('SELECT creator_id FROM roster_memberships WHERE agency_id = $1 ORDER BY creator_id DESC', [rosterAgencyId])
).map((r) => r.creator_id);
// Page 1,000 of 100 starts after the 99,900th creator (newest first); its cursor is what page 999's
// next_cursor would be. Signed with the service's own secret, so the service accepts it.
const cursors = new CursorCodec(BENCH_APP_SECRET);
const page1000Cursor = cursors.encode(`creators:agency:${rosterAgencyId}`, rosterIds[999 * 100 - 1]!);
const sampleIds = Array.from({ length: 1000 }, (_, i) => rosterIds[Math.floor((i * rosterIds.length) / 1000)]!);
await database.close();

// ---------------------------------------------------------------------------------------------
const env = productionServiceEnv(databaseUrl);
const auth = { authorization: `Bearer ${secret}` };
const load = (port: number, path: string, headers: Record<string, string>, duration = seconds, paths?: string[]) =>
  runLoad({ url: `http://127.0.0.1:${port}${path}`, paths, headers, connections, seconds: duration });

const bare = await startProcess(process.execPath, ['bench/results/bare-server.mjs'], { ...env, PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`, { headers: auth });
const service = await startProcess(serviceCommand[0]!, serviceCommand.slice(1), { ...env, PORT: String(servicePort) }, `http://127.0.0.1:${servicePort}/public/v1/me`, {
  headers: auth,
  pollMs: 10,
});
const serviceColdStartMs = service.startupMs;

class SkipRoster extends Error {}
interface Round {
  bare: LoadResult;
  service: LoadResult;
}
const rounds: Round[] = [];
const switchRounds: { variant: string; pair: number; plain: LoadResult; flipped: LoadResult }[] = [];
let creatorRows: [string, LoadResult][] = [];
let serviceRss = { mb: 0, processes: [] as string[] };
let bareRss = { mb: 0, processes: [] as string[] };
try {
  await load(barePort, '/public/v1/me', auth, warmupSeconds);
  await load(servicePort, '/public/v1/me', auth, warmupSeconds);
  for (let round = 0; round < 2; round += 1) {
    const bareResult = await load(barePort, '/public/v1/me', auth);
    const serviceResult = await load(servicePort, '/public/v1/me', auth);
    rounds.push({ bare: bareResult, service: serviceResult });
  }
  bareRss = treeRssMb(bare.pid!);
  serviceRss = treeRssMb(service.pid!);

  if (runInstrumented) {
    // Two switches, each measured by a pair of fresh copies of the service started together — one as
    // shipped (metrics off, request logs on), one with the switch flipped — warmed alike and loaded
    // in alternating rounds: the cost of the metric instruments (scraped once a round, as a collector
    // would) and of the request log. (Against the long-running service above, the fresh copy differed
    // by its age too: its heap, caches and maps had served a few seconds, the other's hundreds of
    // thousands of requests.)
    const variants = [
      { name: 'metrics on', env: { METRICS_PORT: String(metricsPort) }, scrape: `http://127.0.0.1:${metricsPort}/metrics` },
      { name: 'request logs off', env: { REQUEST_LOGS: 'off' }, scrape: null },
    ];
    for (const variant of variants) {
      const start = (port: number, extra: Record<string, string | undefined>) =>
        startProcess(serviceCommand[0]!, serviceCommand.slice(1), { ...env, ...extra, PORT: String(port) }, `http://127.0.0.1:${port}/public/v1/me`, { headers: auth, pollMs: 10 });
      let round = 0;
      for (let pair = 0; pair < switchPairCount; pair += 1) {
        // Every other pair starts the flipped copy first, on the other port: neither copy owes its
        // figures to being started first or to its port.
        const [plainAt, flippedAt] = pair % 2 === 0 ? [plainPort, instrumentedPort] : [instrumentedPort, plainPort];
        const first = pair % 2 === 0 ? await start(plainAt, {}) : await start(flippedAt, variant.env);
        const second = pair % 2 === 0 ? await start(flippedAt, variant.env) : await start(plainAt, {});
        try {
          await load(plainAt, '/public/v1/me', auth, warmupSeconds);
          await load(flippedAt, '/public/v1/me', auth, warmupSeconds);
          // ABBA order (plain first in even rounds, the copy first in odd ones): a drift in what the
          // machine gives us during the sitting falls on both sides alike instead of on the second one.
          for (let pairRound = 0; pairRound < switchRoundCount; pairRound += 1, round += 1) {
            let plain: LoadResult;
            let flipped: LoadResult;
            if (round % 2 === 0) {
              plain = await load(plainAt, '/public/v1/me', auth);
              flipped = await load(flippedAt, '/public/v1/me', auth);
            } else {
              flipped = await load(flippedAt, '/public/v1/me', auth);
              plain = await load(plainAt, '/public/v1/me', auth);
            }
            if (variant.scrape) await (await fetch(variant.scrape)).arrayBuffer();
            switchRounds.push({ variant: variant.name, pair, plain, flipped });
          }
        } finally {
          await stopProcess(second);
          await stopProcess(first);
        }
      }
    }
  }

  if (!runRoster) throw new SkipRoster();
  const rosterAuth = { authorization: `Bearer ${rosterKey}` };
  const check = await fetch(`http://127.0.0.1:${servicePort}/public/v1/creators?limit=100&cursor=${page1000Cursor}`, { headers: rosterAuth });
  const checkBody = (await check.json()) as { data: { id: string }[] };
  if (check.status !== 200 || checkBody.data[0]?.id !== rosterIds[99_900]) throw new Error(`page 1,000 answered ${check.status}, first id ${checkBody.data[0]?.id}`);
  await load(servicePort, '/public/v1/creators?limit=100', rosterAuth, warmupSeconds);
  creatorRows = [
    ['GET /creators/{id} (1,000 ids)', await load(servicePort, `/public/v1/creators/${sampleIds[0]}`, rosterAuth, seconds, sampleIds.map((id) => `/public/v1/creators/${id}`))],
    ['GET /creators?limit=100 page 1', await load(servicePort, '/public/v1/creators?limit=100', rosterAuth)],
    ['… page 1,000', await load(servicePort, `/public/v1/creators?limit=100&cursor=${page1000Cursor}`, rosterAuth)],
  ];
} catch (error) {
  if (!(error instanceof SkipRoster)) throw error;
} finally {
  await stopProcess(service);
  await stopProcess(bare);
}

// ---------------------------------------------------------------------------------------------
let full: { coldStartMs: number; rss: { mb: number; processes: string[] }; me: LoadResult } | null = null;
if (runFull) {
  // Build first (as `npm start` would on its first run), so the cold start below is the start alone.
  execFileSync(process.execPath, ['scripts/ensure-next-build.mjs'], { stdio: 'inherit' });
  const child = await startProcess(fullCommand[0]!, fullCommand.slice(1), { ...env, PORT: String(fullPort) }, `http://127.0.0.1:${fullPort}/public/v1/me`, {
    headers: auth,
    pollMs: 10,
    timeoutMs: 600_000,
  });
  try {
    for (const page of ['/', '/docs', '/sign-in', '/docs/errors']) await (await fetch(`http://127.0.0.1:${fullPort}${page}`)).arrayBuffer();
    const me = await load(fullPort, '/public/v1/me', auth);
    for (const page of ['/', '/docs', '/sign-in']) await (await fetch(`http://127.0.0.1:${fullPort}${page}`)).arrayBuffer();
    full = { coldStartMs: child.startupMs, rss: treeRssMb(child.pid!), me };
  } finally {
    await stopProcess(child);
  }
}

// ---------------------------------------------------------------------------------------------
const ms = (n: number) => fmt(n, 1).padStart(7);
const row = (name: string, r: LoadResult, rss?: number) =>
  `${name.padEnd(34)} ${fmt(r.rps).padStart(8)} ${ms(r.p50)} ${ms(r.p99)} ${String(r.failures).padStart(8)}${rss === undefined ? '' : `  ${fmt(rss).padStart(6)}`}`;
const header = `${'server / round'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'failures'.padStart(8)}`;

console.log(`\nGET /public/v1/me, ${connections} connections, ${seconds} s per round after a ${warmupSeconds} s warm-up each; load: ${loadGenerator} (own process); PostgreSQL`);
console.log(`service: ${serviceCommand.join(' ')}   baseline: node bench/results/bare-server.mjs (node:http + pg, one prepared SELECT by hash)`);
console.log(`${header}  RSS MB`);
rounds.forEach((r, i) => {
  console.log(row(`bare lookup, round ${i + 1}`, r.bare, i === rounds.length - 1 ? bareRss.mb : undefined));
  console.log(row(`creator-api, round ${i + 1}`, r.service, i === rounds.length - 1 ? serviceRss.mb : undefined));
});
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const bareRps = mean(rounds.map((r) => r.bare.rps));
const serviceRps = mean(rounds.map((r) => r.service.rps));
const ratio = serviceRps / bareRps;
const worstP99 = Math.max(...rounds.map((r) => r.service.p99));
const spread = (a: number, b: number) => Math.abs(a - b) / Math.max(a, b);
const disturbed = spread(rounds[0]!.bare.rps, rounds[1]!.bare.rps) > 0.15 || spread(rounds[0]!.service.rps, rounds[1]!.service.rps) > 0.15;
const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED');
console.log(`\nratio creator-api / bare (mean of rounds): ${ratio.toFixed(2)}× (target ≥ 0.80×) ${verdict(ratio >= 0.8)}`);
const switchRatio = (variant: string) => {
  const rows = switchRounds.filter((r) => r.variant === variant);
  return mean(rows.map((r) => r.flipped.rps)) / mean(rows.map((r) => r.plain.rps));
};
/** The same ratio round by round, pair by pair: how far apart they lie is how much one run can be trusted. */
const switchRatiosByRound = (variant: string) =>
  Array.from({ length: switchPairCount }, (_, pair) =>
    `pair ${pair + 1}: ${switchRounds
      .filter((r) => r.variant === variant && r.pair === pair)
      .map((r) => (r.flipped.rps / r.plain.rps).toFixed(3))
      .join(', ')}`,
  ).join('; ');
if (switchRounds.length > 0) {
  console.log(`\nSwitches, each measured by ${switchPairCount} pairs of fresh copies of the service started together, one as shipped (metrics off, request logs on) and one with the switch flipped, in alternating rounds:`);
  for (const r of switchRounds) {
    console.log(row(`as shipped, paired with ${r.variant}`, r.plain));
    console.log(row(r.variant, r.flipped));
  }
  const metricsRatio = switchRatio('metrics on');
  console.log(`ratio metrics on / off: ${metricsRatio.toFixed(3)}× (target ≥ 0.97×: metrics cost at most 3 %) ${verdict(metricsRatio >= 0.97)}; by round ${switchRatiosByRound('metrics on')}`);
  // Logging is on in the plain service: its cost is how much faster the copy without it runs.
  const loggingRatio = 1 / switchRatio('request logs off');
  console.log(`ratio request logs on / off: ${loggingRatio.toFixed(3)}× (target ≥ 0.95×: logging costs at most 5 %) ${verdict(loggingRatio >= 0.95)}; off / on by round ${switchRatiosByRound('request logs off')}`);
}
console.log(`creator-api p99 (worst round): ${fmt(worstP99, 1)} ms (target ≤ 25 ms) ${verdict(worstP99 <= 25)}`);
console.log(`creator-api RSS after load (--api-only): ${fmt(serviceRss.mb)} MB [${serviceRss.processes.join(', ')}] (target ≤ 200 MB) ${verdict(serviceRss.mb <= 200)}`);
console.log(`cold start to first answered GET /me (--api-only): ${fmt(serviceColdStartMs)} ms (target ≤ 3,000 ms) ${verdict(serviceColdStartMs <= 3000)}`);
if (disturbed) console.log('warning: the two rounds of one server differ by more than 15 % — the machine was busy; rerun for clean figures');
if (rounds.some((r) => r.service.failures > 0 || r.bare.failures > 0)) console.log('warning: some responses were not 2xx (see failures)');

if (creatorRows.length > 0) {
console.log(`\n${fmt(ROSTER)}-creator roster, ${connections} connections, ${seconds} s each`);
console.log(header);
for (const [name, r] of creatorRows) console.log(row(name, r));
const page1 = creatorRows[1]![1];
const page1000 = creatorRows[2]![1];
const pageRatio = page1.rps / page1000.rps;
console.log(`page 1,000 / page 1 (time per request): ${pageRatio.toFixed(2)}× (target ≤ 1.2×) ${verdict(pageRatio <= 1.2)}`);
}

if (full) {
  console.log(`\n${fullCommand.join(' ')} (API + Next), after its build:`);
  console.log(`cold start to first answered GET /me: ${fmt(full.coldStartMs)} ms (target ≤ 3,000 ms) ${verdict(full.coldStartMs <= 3000)}`);
  console.log(header);
  console.log(row('GET /me through npm start', full.me));
  console.log(`process tree RSS after load and page views: ${fmt(full.rss.mb)} MB [${full.rss.processes.join(', ')}] (target ≤ 350 MB) ${verdict(full.rss.mb <= 350)}`);
}
