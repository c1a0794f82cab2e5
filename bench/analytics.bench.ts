/**
 * `npm run bench:analytics`: GET /analytics/views at scale, on PostgreSQL.
 *
 * Seeds (once; reruns reuse it) 10,000,000 page views across 1,000 media kits of one agency over the
 * last 18 months, set-based (generate_series), then builds the rollups from them with the service's
 * set-based rebuild. Then measures, through the real API handler in process (auth, validation,
 * envelope included), `timeframe=ytd` (day buckets, unique visitors) in America/New_York for one kit
 * and for the aggregate of all 1,000, next to the naive scan of the raw views computing the same
 * numbers in the same run, and checks both agree. Target: p50 ≤ 50 ms for the API.
 *
 * BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench),
 * BENCH_ANALYTICS_ITERATIONS (200), BENCH_ANALYTICS_NAIVE_ITERATIONS (3), BENCH_ANALYTICS_RESEED=1.
 */
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/server/app';
import { fromFetchRequest, toFetchResponse } from '../src/server/http/exchange';
import { openDatabase, openMigratedDatabase } from '../src/server/db/database';
import { loadConfig } from '../src/server/config';
import { newObjectId } from '../src/server/lib/object-id';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { rebuildPageViewRollups } from '../src/server/services/page-view-rollups';
import { ensureDatabase, fmt } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const iterations = Number(process.env.BENCH_ANALYTICS_ITERATIONS ?? 200);
const naiveIterations = Number(process.env.BENCH_ANALYTICS_NAIVE_ITERATIONS ?? 3);
const VIEWS = 10_000_000;
const RESOURCES = 1_000;
const DAYS = 548;
const ZONE = 'America/New_York';

await ensureDatabase(databaseUrl);
// Seeding and the rebuild use their own connections, opened without migrating: Prisma's schema engine
// leaves its migration advisory lock on the connection it migrated with, and a long seeding
// transaction on that connection would hold up every other process migrating this database.
const seedDatabase = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 2 });
await (await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 1 })).close();
const seedDb = seedDatabase.prisma;
const seedSql = seedDatabase.sql;

const step = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  process.stdout.write(`${label}… `);
  const result = await work();
  console.log(`${fmt((performance.now() - started) / 1000, 1)} s`);
  return result;
};

// Phases are remembered in the settings table (value: the bench agency id), so reruns skip them.
const RAW_MARK = `bench_analytics_raw:${VIEWS}:${RESOURCES}:${DAYS}`;
const ROLLUP_MARK = `bench_analytics_rollups:${VIEWS}:${RESOURCES}:${DAYS}`;
const marked = async (key: string) => (await seedDb.setting.findUnique({ where: { key } }))?.value ?? null;
let agencyId = process.env.BENCH_ANALYTICS_RESEED === '1' ? null : await marked(RAW_MARK);
if (!agencyId) {
  console.log(`Seeding ${fmt(VIEWS)} page views across ${fmt(RESOURCES)} media kits over ${DAYS} days (once; reused by later runs)`);
  const previous = await marked(RAW_MARK);
  if (previous) {
    await step('dropping the previous seed', async () => {
      await seedSql('DELETE FROM page_views WHERE resource_type = $1 AND resource_id IN (SELECT id FROM media_kits WHERE owner_id = $2)', ['media_kit', previous]);
      await seedDb.setting.deleteMany({ where: { key: { in: [RAW_MARK, ROLLUP_MARK] } } });
    });
  }
  const { agency } = await createAgency(seedDb, { name: 'Analytics Bench Agency', ownerEmail: `analytics-bench-${Date.now()}@bench.test` });
  agencyId = agency.id;
  const prefix = newObjectId().slice(0, 16);
  await step('creators and media kits', async () => {
    // Ids: a 16-hex prefix + an 8-hex counter, so they sort in creation order like ObjectIds.
    await seedSql(
      `INSERT INTO creators (id, username, display_name, languages, tags, updated_at)
       SELECT $1 || lpad(to_hex(g), 8, '0'), 'bench' || g, 'Bench Creator ' || g, '{}', '{}', now() FROM generate_series(1, $2::int) g`,
      [prefix, RESOURCES],
    );
    await seedSql(
      `INSERT INTO media_kits (id, creator_id, owner_type, owner_id, name, slug, sections_shown, updated_at)
       SELECT $1 || lpad(to_hex(g + $2::int), 8, '0'), $1 || lpad(to_hex(g), 8, '0'), 'agency', $3, 'Bench kit ' || g,
              'bench-kit-' || $1 || '-' || g, '{}', now()
       FROM generate_series(1, $2::int) g`,
      [prefix, RESOURCES, agencyId],
    );
  });
  await step('10M raw page views (generate_series)', async () => {
    // Uniformly over the last DAYS days; 30,000 distinct visitor ids per day spread over all kits.
    await seedSql(
      `INSERT INTO page_views (resource_type, resource_id, visitor_hash, occurred_at)
       SELECT 'media_kit', $1 || lpad(to_hex(1 + $2::int + (random() * ($2::int - 1))::int), 8, '0'),
              'v' || (random() * 30000)::int,
              (now() AT TIME ZONE 'UTC') - random() * ($3::int * interval '1 day')
       FROM generate_series(1, $4::int)`,
      [prefix, RESOURCES, DAYS, VIEWS],
    );
  });
  await step('ANALYZE', () => seedSql('ANALYZE page_views', []));
  await seedDb.setting.create({ data: { key: RAW_MARK, value: agencyId } });
}
if ((await marked(ROLLUP_MARK)) !== agencyId) {
  const built = await step('rollups from the raw views (set-based rebuild)', () => rebuildPageViewRollups(seedDb, { owner: { type: 'agency', id: agencyId } }));
  console.log(`  ${fmt(built.rollups)} day rollups`);
  await step('ANALYZE rollups', () => seedSql('ANALYZE page_view_rollups', []));
  await seedDb.setting.upsert({ where: { key: ROLLUP_MARK }, create: { key: ROLLUP_MARK, value: agencyId }, update: { value: agencyId } });
}
await seedDatabase.close();

const app = await createApp(
  { ...loadConfig({ ...process.env, DATABASE_URL: databaseUrl, PORT: '3903' }), seedDemo: false, logLevel: 'warn', rateLimitRequests: 1_000_000_000 },
  { holder: 'analytics bench' },
);
const db = app.services.db;
const sql = app.services.sql;
// Release the migration lock createApp's migration left on one pooled connection (see above): run
// the unlock on every connection of the pool at once.
await Promise.all(Array.from({ length: app.services.config.databasePoolSize }, () => sql('SELECT pg_advisory_unlock_all(), pg_sleep(0.05)', [])));

const kits = await db.mediaKit.findMany({ where: { ownerType: 'agency', ownerId: agencyId }, select: { id: true }, orderBy: { id: 'asc' } });
const kitIds = kits.map((k) => k.id);
const oneKit = kitIds[Math.floor(kitIds.length / 2)]!;
const { secret } = await createApiKey(db, { subject: { type: 'agency', id: agencyId }, name: 'analytics bench', scopes: ['analytics:read'] });

interface Series {
  totals: { page_views: number; unique_visitors: number };
  series: { start: string; page_views: number; unique_visitors: number }[];
}

async function api(resourceId: string | null): Promise<Series> {
  const query = new URLSearchParams({ resource_type: 'media_kit', timeframe: 'ytd', timezone: ZONE, ...(resourceId ? { resource_id: resourceId } : {}) });
  const response = toFetchResponse(
    await app.handleApiRequest(
      fromFetchRequest(new Request(`http://bench.local/public/v1/analytics/views?${query}`, { headers: { authorization: `Bearer ${secret}` } })),
    ),
  );
  if (response.status !== 200) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()).data;
}

/** The same numbers straight from the raw views: local day buckets, per-UTC-day distinct visitors. */
async function naive(ids: string[], periodStart: string): Promise<Series> {
  const start = new Date(periodStart).toISOString();
  const where = `resource_type = 'media_kit' AND resource_id = ANY($1::text[]) AND occurred_at >= $2::timestamptz AT TIME ZONE 'UTC'`;
  const [buckets, totals] = await Promise.all([
    sql<{ day: string; views: number; visitors: number }>(
      `SELECT to_char(date_trunc('day', occurred_at AT TIME ZONE 'UTC' AT TIME ZONE $3), 'YYYY-MM-DD') AS day,
              count(*)::int AS views, count(DISTINCT (occurred_at::date, visitor_hash))::int AS visitors
       FROM page_views WHERE ${where} GROUP BY 1 ORDER BY 1`,
      [ids, start, ZONE],
    ),
    sql<{ views: number; visitors: number }>(
      `SELECT count(*)::int AS views, count(DISTINCT (occurred_at::date, visitor_hash))::int AS visitors FROM page_views WHERE ${where}`,
      [ids, start],
    ),
  ]);
  return {
    totals: { page_views: totals[0]!.views, unique_visitors: totals[0]!.visitors },
    series: buckets.map((b) => ({ start: b.day, page_views: b.views, unique_visitors: b.visitors })),
  };
}

/** p50/p99 of `runs` timed calls (after one warm-up call when asked); also the last result. */
async function measure<T>(runs: number, work: () => Promise<T>, warmUp = true) {
  if (warmUp) await work();
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    last = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99), runs, last: last! };
}

function agree(fast: Series, slow: Series): string {
  // The naive scan only returns days with views; compare those by local date.
  const byDay = new Map(fast.series.map((b) => [b.start.slice(0, 10), b]));
  const same =
    fast.totals.page_views === slow.totals.page_views &&
    fast.totals.unique_visitors === slow.totals.unique_visitors &&
    slow.series.every((b) => byDay.get(b.start)?.page_views === b.page_views && byDay.get(b.start)?.unique_visitors === b.unique_visitors);
  return same ? 'identical' : 'DIFFERENT';
}

const single = await api(oneKit);
const aggregate = await api(null);
const periodStart = (single as unknown as { period: { start: string } }).period.start;
const naiveSingle = await measure(naiveIterations, () => naive([oneKit], periodStart));
const naiveAggregate = await measure(naiveIterations, () => naive(kitIds, periodStart), false);
const rows = [
  ['API ytd, one kit', await measure(iterations, () => api(oneKit))],
  ['API ytd, aggregate of 1,000', await measure(iterations, () => api(null))],
  ['naive raw scan, one kit', naiveSingle],
  ['naive raw scan, aggregate', naiveAggregate],
] as const;
// Views recorded meanwhile would make both differ; the bench database only gets the seeded ones.
const checks = [agree(single, naiveSingle.last), agree(aggregate, naiveAggregate.last)];

const total = await sql<{ n: string }>('SELECT count(*) AS n FROM page_views', []);
console.log(`\nGET /analytics/views?timeframe=ytd&timezone=${ZONE} (day buckets, unique visitors), PostgreSQL, ${fmt(Number(total[0]!.n))} raw views`);
console.log(`ytd so far: ${single.series.length} day buckets; one kit ${fmt(single.totals.page_views)} views, aggregate ${fmt(aggregate.totals.page_views)} views`);
console.log('path                              runs    p50 ms    p99 ms');
for (const [name, r] of rows) console.log(`${name.padEnd(32)} ${String(r.runs).padStart(5)} ${fmt(r.p50, 1).padStart(9)} ${fmt(r.p99, 1).padStart(9)}`);
console.log(`\nrollups vs raw scan: one kit ${checks[0]}, aggregate ${checks[1]}`);
const worst = Math.max(rows[0][1].p50, rows[1][1].p50);
console.log(`API p50 ${fmt(worst, 1)} ms (target ≤ 50 ms) ${worst <= 50 ? 'OK' : 'ABOVE TARGET'}`);
await app.close();
process.exit(checks.every((c) => c === 'identical') ? 0 : 1);
