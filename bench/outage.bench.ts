/**
 * `npm run bench:outage`: PostgreSQL stopped for a few seconds under load, then started again.
 *
 * Runs against a private PostgreSQL cluster this bench starts itself (initdb in a temp folder, a free
 * port; tests/support/throwaway-servers.ts) — never the shared server other runs use. The service
 * runs as production does (`node dist/server.js --api-only`). Two wrk processes load it for the whole
 * run — GET /creators?limit=10 (needs the database) and GET /me (answered from the key cache) — while
 * this driver writes creators one after another with an Idempotency-Key each, retrying a refused
 * write with the same key after Retry-After, as a careful client does.
 *
 * Prints the answers by status per path, how long after PostgreSQL came back the list answered again
 * (target ≤ 5 s, no restart), the 500s (target 0: an outage is a 503) and whether every
 * acknowledged write is in the database afterwards (target: none lost).
 *
 * Env: BENCH_OUTAGE_SECONDS (5), BENCH_BEFORE_SECONDS (3), BENCH_AFTER_SECONDS (7),
 * BENCH_SERVICE_COMMAND (`node dist/server.js --api-only`). Needs wrk and PostgreSQL's initdb/pg_ctl.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openMigratedDatabase } from '../src/server/db/database';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { freePort, startThrowawayPostgres } from '../tests/support/throwaway-servers';
import { fmt, productionServiceEnv, startProcess, stopProcess } from './support';

const outageSeconds = Number(process.env.BENCH_OUTAGE_SECONDS ?? 5);
const beforeSeconds = Number(process.env.BENCH_BEFORE_SECONDS ?? 3);
const afterSeconds = Number(process.env.BENCH_AFTER_SECONDS ?? 7);
const serviceCommand = (process.env.BENCH_SERVICE_COMMAND ?? 'node dist/server.js --api-only').split(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error('bench:outage needs wrk (apt-get install -y wrk)');
    process.exit(2);
  }
}

execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { stdio: 'inherit' });
const postgres = await startThrowawayPostgres();
if (!postgres) {
  console.error('bench:outage needs PostgreSQL’s initdb and pg_ctl to start a private cluster');
  process.exit(2);
}

/** wrk with a script that counts answers by status (across its threads) and socket errors. */
const scratch = mkdtempSync(path.join(tmpdir(), 'creator-api-outage-'));
const script = path.join(scratch, 'statuses.lua');
writeFileSync(
  script,
  `local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) statuses = {} end
function response(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end
function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("statuses")) do total[code] = (total[code] or 0) + n end
  end
  local parts = {}
  for code, n in pairs(total) do table.insert(parts, string.format('"%d":%d', code, n)) end
  local e = summary.errors
  io.write(string.format('\\nBENCH_STATUS {"statuses":{%s},"socket_errors":%d,"p99_us":%d}\\n',
    table.concat(parts, ","), e.connect + e.read + e.write + e.timeout, latency:percentile(99)))
end
`,
);
interface StatusCounts {
  statuses: Record<string, number>;
  socket_errors: number;
  p99_us: number;
}
function wrk(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<StatusCounts> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', () => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_STATUS '));
      if (!line) return reject(new Error(`wrk printed no summary:\n${out}`));
      resolve(JSON.parse(line.slice('BENCH_STATUS '.length)) as StatusCounts);
    });
  });
}

let service: Awaited<ReturnType<typeof startProcess>> | null = null;
try {
  await postgres.createDatabase('bench_outage');
  const databaseUrl = postgres.url('bench_outage');
  const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 2 });
  const { agency } = await createAgency(database.prisma, { name: 'Outage Bench Agency', ownerEmail: `outage-${Date.now()}@bench.test` });
  const { secret } = await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: 'outage bench', scopes: ['all'] });
  await database.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}/public/v1`;
  const auth = { authorization: `Bearer ${secret}` };
  service = await startProcess(
    serviceCommand[0]!,
    serviceCommand.slice(1),
    { ...productionServiceEnv(databaseUrl), LOG_LEVEL: 'error', PORT: String(port) },
    `${base}/me`,
    { headers: auth },
  );

  // The careful client: one creator at a time, each with its own Idempotency-Key, retried with the
  // same key after Retry-After when refused. Acknowledged = answered 201.
  const writes = { statuses: {} as Record<string, number>, socketErrors: 0, acknowledged: [] as string[] };
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing; i += 1) {
      const idempotencyKey = `outage-bench-${Date.now()}-${i}`;
      for (;;) {
        try {
          const response = await fetch(`${base}/creators`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
            body: JSON.stringify({ display_name: `Outage ${i}` }),
          });
          const body = (await response.json()) as { data?: { creator?: { id: string } } };
          writes.statuses[response.status] = (writes.statuses[response.status] ?? 0) + 1;
          if (response.status === 201) {
            writes.acknowledged.push(body.data!.creator!.id);
            break;
          }
          if (!writing) break;
          await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
        } catch {
          writes.socketErrors += 1;
          await sleep(500);
        }
      }
    }
  })();

  const total = beforeSeconds + outageSeconds + afterSeconds;
  const listLoad = wrk(`${base}/creators?limit=10`, auth, 20, total);
  const meLoad = wrk(`${base}/me`, auth, 10, total);

  await sleep(beforeSeconds * 1000);
  const stopStarted = performance.now();
  await postgres.stop();
  const stopMs = performance.now() - stopStarted;
  await sleep(outageSeconds * 1000);
  await postgres.start();
  // Recovery: from the moment PostgreSQL accepts connections again to the first 200 on the list.
  const back = performance.now();
  let recoveryMs = Number.NaN;
  while (performance.now() - back < 30_000) {
    const response = await fetch(`${base}/creators?limit=1`, { headers: auth }).catch(() => null);
    await response?.arrayBuffer();
    if (response?.status === 200) {
      recoveryMs = performance.now() - back;
      break;
    }
    await sleep(20);
  }
  const [list, me] = await Promise.all([listLoad, meLoad]);
  writing = false;
  await writer;

  // Nothing acknowledged is lost: every 201's creator is in the database.
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const found = await check.query<{ id: string }>('SELECT id FROM creators WHERE id = ANY($1::text[])', [writes.acknowledged]);
  await check.end();
  const lost = writes.acknowledged.length - found.rowCount!;

  const statusColumns = ['200', '201', '503', '500'];
  const row = (name: string, statuses: Record<string, number>, socketErrors: number, p99?: number) => {
    const other = Object.entries(statuses)
      .filter(([status]) => !statusColumns.includes(status))
      .reduce((sum, [, n]) => sum + n, 0);
    return `${name.padEnd(36)} ${statusColumns.map((s) => fmt(statuses[s] ?? 0).padStart(8)).join(' ')} ${fmt(other).padStart(8)} ${fmt(socketErrors).padStart(8)}${p99 === undefined ? '' : `${fmt(p99, 0).padStart(9)}`}`;
  };
  console.log(
    `\nPostgreSQL (private cluster, port ${postgres.port}) stopped after ${beforeSeconds} s for ${outageSeconds} s (pg_ctl stop -m fast took ${fmt(stopMs)} ms), then ${afterSeconds} s after; load: wrk, own processes`,
  );
  console.log(`${'path'.padEnd(36)} ${statusColumns.map((s) => s.padStart(8)).join(' ')} ${'other'.padStart(8)} ${'sockets'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  console.log(row('GET /creators?limit=10 (20 conns)', list.statuses, list.socket_errors, list.p99_us / 1000));
  console.log(row('GET /me, cached key (10 conns)', me.statuses, me.socket_errors, me.p99_us / 1000));
  console.log(row('POST /creators + Idempotency-Key', writes.statuses, writes.socketErrors));
  const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED');
  const fiveHundreds = (list.statuses['500'] ?? 0) + (me.statuses['500'] ?? 0) + (writes.statuses['500'] ?? 0);
  const meFailures = Object.entries(me.statuses).filter(([s]) => s !== '200').reduce((sum, [, n]) => sum + n, 0) + me.socket_errors;
  console.log(`\nrecovery after PostgreSQL was back: ${fmt(recoveryMs)} ms (target ≤ 5,000 ms, no restart) ${verdict(recoveryMs <= 5000)}`);
  console.log(`500 answers: ${fiveHundreds} (target 0: an outage is a 503) ${verdict(fiveHundreds === 0)}`);
  console.log(`GET /me answers other than 200 during the run: ${meFailures} (target 0: served from the key cache) ${verdict(meFailures === 0)}`);
  console.log(`acknowledged writes: ${writes.acknowledged.length}, missing afterwards: ${lost} (target 0) ${verdict(lost === 0)}`);
} finally {
  if (service) await stopProcess(service);
  await postgres.destroy();
}
