/**
 * `npm run bench:webhooks`: delivery latency of `creator.created`, from sending POST /creators to the
 * receiver getting the signed delivery, through the real service (server.ts --api-only, PostgreSQL,
 * its own process) and a receiver on loopback in this process. Requests are sequential (latency, not
 * load). The baseline is the POST /creators round trip itself, measured on the same requests, so the
 * ratio says how much later than the API's answer the event arrives.
 *
 * Then throughput: BENCH_THROUGHPUT_EVENTS (2,000) `creator.created` events for one healthy endpoint,
 * written in one transaction by this process (the outbox rows and delivery jobs a real change writes),
 * timed from the commit to the last delivery received. The anchor is the same signed POSTs sent by a
 * bare loop in a process of its own (bench/bare-webhook-sender.ts: one keep-alive agent, as many in
 * flight as the service allows one endpoint, no database). Prints deliveries per second and the ratio,
 * and the figures a busy machine disturbs least: the service's CPU ms per delivery (its whole
 * process group, from /proc) against the anchor's, PostgreSQL's CPU ms per delivery (the service's
 * sessions: the database's client backends, from /proc), and the database transactions committed per delivery
 * (pg_stat_database; every statement outside an explicit transaction is one), with the goal
 * (DELIVERY_GOAL below, stated in README "Webhook delivery at speed"). The receiver also reports the
 * connections a sender used (its concurrency in flight) and, per connection, the gap between an answer
 * and the next request: the sender's own time per delivery on a slot, where the service's round trips
 * to the database show. The two senders alternate BENCH_ROUNDS times (default 2), and the load average
 * is printed with each round.
 *
 * BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench), BENCH_EVENTS (40),
 * BENCH_THROUGHPUT_EVENTS (2000), BENCH_ROUNDS (2), BENCH_PORT (3902).
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { openMigratedDatabase } from '../src/server/db/database';
import { JOB_LANES } from '../src/server/domain/jobs';
import { emitEvents } from '../src/server/services/webhook-events';
import { ensureDatabase, fmt, productionServiceEnv, startProcess, stopProcess } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const events = Number(process.env.BENCH_EVENTS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 3902);
const throughputEvents = Number(process.env.BENCH_THROUGHPUT_EVENTS ?? 2000);
const jobsQueue = `bench-${Date.now()}`;
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

/**
 * The goal for delivery at speed (issue 34), set from the profile: see README "Delivery at speed".
 * The ratio is for a quiet machine (a loaded one stretches every round trip of the service's slot, not
 * the anchor's); the CPU ratio (node + PostgreSQL against the anchor's, per delivery) is the figure a
 * busy machine disturbs least.
 */
const DELIVERY_GOAL = { ratio: 0.15, cpuRatio: 25, transactionsPerDelivery: 4 };

/** CPU time (user + system, ms) of every live process in a process group (npx → tsx → node), from /proc; null off Linux. */
function groupCpuMs(pgid: number): number | null {
  try {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[2]) === pgid) total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** CPU time (ms) of the given processes (PostgreSQL's server processes of one database), from /proc. */
function pidsCpuMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // ended meanwhile, or not readable here
    }
  }
  return total;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * What the receiver sees of a sender: the connections it used (its concurrency in flight: each
 * keep-alive connection carries one request at a time) and, on each connection, the gap between an
 * answer leaving and the next request arriving — the sender's own time per delivery on that slot
 * (reading the answer, its bookkeeping, signing the next), outside the receiver's.
 */
const seen = { connections: new Set<unknown>(), gaps: [] as number[] };
const answeredAt = new WeakMap<object, number>();
function observeRequest(socket: object): void {
  seen.connections.add(socket);
  const last = answeredAt.get(socket);
  if (last !== undefined) seen.gaps.push(performance.now() - last);
}
function observeReset(): void {
  seen.connections.clear();
  seen.gaps = [];
}
function observed(): { connections: number; gapP50: number; gapP90: number } {
  const gaps = [...seen.gaps].sort((a, b) => a - b);
  const at = (p: number) => gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))] ?? NaN;
  return { connections: seen.connections.size, gapP50: at(0.5), gapP90: at(0.9) };
}

await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
const { agency } = await createAgency(database.prisma, { name: 'Bench Webhooks', ownerEmail: `bench-hooks-${Date.now()}@bench.test` });
const { secret: key } = await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: 'bench', scopes: ['all'] });
await database.close();

const arrivals = new Map<string, number>();
let verifier: Webhook | null = null;
let badSignatures = 0;
const receiver = http.createServer((req, res) => {
  observeRequest(req.socket);
  res.once('finish', () => answeredAt.set(req.socket, performance.now()));
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const at = performance.now();
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const event = verifier!.verify(body, req.headers as Record<string, string>) as { data: { id: string } };
      arrivals.set(event.data.id, at);
    } catch {
      badSignatures += 1;
    }
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

const env: NodeJS.ProcessEnv = {
  ...productionServiceEnv(databaseUrl),
  // The receiver is on loopback.
  FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
  JOBS_QUEUE: jobsQueue,
  PORT: String(port),
};
const base = `http://127.0.0.1:${port}/public/v1`;
const service = await startProcess('npx', ['--no-install', 'tsx', 'server.ts', '--api-only'], env, `http://127.0.0.1:${port}/openapi.json`);
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
try {
  const endpoint = await (await fetch(`${base}/webhook-endpoints`, { method: 'POST', headers, body: JSON.stringify({ url: receiverUrl, events: ['creator.created'] }) })).json();
  verifier = new Webhook(endpoint.data.secret);

  async function one(i: number): Promise<{ api: number; delivery: number }> {
    const sent = performance.now();
    const response = await fetch(`${base}/creators`, { method: 'POST', headers, body: JSON.stringify({ display_name: `Bench ${i}` }) });
    const answered = performance.now();
    const id = (await response.json()).data.creator.id as string;
    const deadline = Date.now() + 10_000;
    while (!arrivals.has(id)) {
      if (Date.now() > deadline) throw new Error(`creator.created for ${id} not received within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return { api: answered - sent, delivery: arrivals.get(id)! - sent };
  }

  for (let i = 0; i < 5; i += 1) await one(-i); // warm-up
  const samples: { api: number; delivery: number }[] = [];
  for (let i = 0; i < events; i += 1) samples.push(await one(i));

  const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
  const api = samples.map((s) => s.api);
  const delivery = samples.map((s) => s.delivery);
  console.log(`\ncreator.created delivery latency, ${events} sequential POST /creators (after 5 warm-ups), PostgreSQL, receiver on loopback`);
  console.log('measure                                   p50 ms  p90 ms  max ms');
  console.log(`POST /creators answered (baseline)       ${fmt(pct(api, 50), 1).padStart(7)} ${fmt(pct(api, 90), 1).padStart(7)} ${fmt(Math.max(...api), 1).padStart(7)}`);
  console.log(`event received by the endpoint           ${fmt(pct(delivery, 50), 1).padStart(7)} ${fmt(pct(delivery, 90), 1).padStart(7)} ${fmt(Math.max(...delivery), 1).padStart(7)}`);
  console.log(`\nratio delivery p50 / API answer p50: ${(pct(delivery, 50) / pct(api, 50)).toFixed(2)}× (target: every event within 2000 ms) ${Math.max(...delivery) < 2000 ? 'OK' : 'OVER 2 s'}`);

  // Throughput: a burst of events for the one endpoint, against the bare sender's figure, in
  // alternating rounds (anchor, service, anchor, service, …) so both see the same machine.
  const groupLimit = JOB_LANES.deliveries.groupConcurrency;
  await build({ entryPoints: ['bench/bare-webhook-sender.ts'], outfile: 'bench/results/bare-webhook-sender.mjs', bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
  const writer = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 1 });
  const commits = async () => {
    await writer.prisma.$executeRawUnsafe('SELECT pg_stat_clear_snapshot()');
    return Number((await writer.prisma.$queryRawUnsafe<{ n: bigint }[]>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()'))[0]!.n);
  };
  // The service's sessions (its pool and its LISTEN connection): every client backend of this database
  // but the writer's own. Autovacuum workers are left out: they clean up after the outbox write as much
  // as after the deliveries, and a run's figure would depend on whether one happened to start.
  const databasePids = async () =>
    (
      await writer.prisma.$queryRawUnsafe<{ pid: number }[]>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      )
    ).map((r) => r.pid);

  interface Round { rate: number; cpuMs: number | null; pgCpuMs?: number; transactions?: number; seen: { connections: number; gapP50: number; gapP90: number }; load: string }
  const anchorRounds: Round[] = [];
  const serviceRounds: Round[] = [];

  async function anchorRound(): Promise<Round> {
    observeReset();
    const run = await promisify(execFile)(process.execPath, ['bench/results/bare-webhook-sender.mjs'], {
      env: { ...process.env, RECEIVER_URL: receiverUrl, WEBHOOK_SECRET: endpoint.data.secret as string, EVENTS: String(throughputEvents), IN_FLIGHT: String(groupLimit) },
    });
    const anchor = JSON.parse(run.stdout.split('\n').find((l) => l.startsWith('BENCH_SENT '))!.slice('BENCH_SENT '.length)) as { sent: number; ms: number; cpuMs: number };
    return { rate: (anchor.sent / anchor.ms) * 1000, cpuMs: anchor.cpuMs / anchor.sent, seen: observed(), load: loadAverage() };
  }

  async function serviceRound(round: number): Promise<Round> {
    const burst = Array.from({ length: throughputEvents }, (_, i) => ({ type: 'creator.created' as const, data: { id: `burst-${round}-${Date.now()}-${i}`, display_name: `Burst ${i}` } }));
    const commitsBefore = await commits();
    const pids = await databasePids();
    const pgCpuBefore = pidsCpuMs(pids);
    const cpuBefore = groupCpuMs(service.pid!);
    const committed = performance.now();
    await writer.prisma.$transaction((tx) => emitEvents({ queue: jobsQueue }, tx, { type: 'agency', id: agency.id }, burst), { timeout: 60_000 });
    observeReset();
    const deadline = Date.now() + 300_000;
    let next = 0;
    for (;;) {
      while (next < burst.length && arrivals.has(burst[next]!.data.id)) next += 1;
      if (next === burst.length) break;
      if (Date.now() > deadline) throw new Error(`only ${burst.filter((e) => arrivals.has(e.data.id)).length} of ${throughputEvents} deliveries arrived within 300 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const serviceMs = Math.max(...burst.map((event) => arrivals.get(event.data.id)!)) - committed;
    const flight = observed();
    const load = loadAverage();
    // The last outcomes are recorded just after the last arrival; each session flushes its statistics
    // to the view at most once a second (PostgreSQL 15+), and an idle one within a second.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const cpuAfter = groupCpuMs(service.pid!);
    const pgCpuAfter = pidsCpuMs([...new Set([...pids, ...(await databasePids())])]);
    // Less this process's own: the first reading's SELECT, the pid list, the outbox write, the second reading's pid list and clear.
    const transactions = ((await commits()) - commitsBefore - 5) / throughputEvents;
    return {
      rate: (throughputEvents / serviceMs) * 1000,
      cpuMs: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / throughputEvents,
      pgCpuMs: (pgCpuAfter - pgCpuBefore) / throughputEvents,
      transactions,
      seen: flight,
      load,
    };
  }

  console.log(`\nDelivery throughput to one healthy endpoint, ${fmt(throughputEvents)} events a round, at most ${groupLimit} in flight (the service's per-endpoint limit)`);
  console.log('round  sender                     deliveries/s  node CPU ms/deliv  PG CPU ms/deliv  transactions/deliv  connections  gap p50/p90 ms  load average');
  const row = (round: number, name: string, r: Round) =>
    console.log(
      `${String(round).padStart(5)}  ${name.padEnd(25)}  ${fmt(r.rate).padStart(12)}  ${(r.cpuMs === null ? 'n/a' : fmt(r.cpuMs, 2)).padStart(17)}  ${(r.pgCpuMs === undefined ? '-' : fmt(r.pgCpuMs, 2)).padStart(15)}  ${(r.transactions === undefined ? '-' : fmt(r.transactions, 2)).padStart(18)}  ${String(r.seen.connections).padStart(11)}  ${`${fmt(r.seen.gapP50, 2)} / ${fmt(r.seen.gapP90, 2)}`.padStart(14)}  ${r.load}`,
    );
  for (let round = 1; round <= rounds; round += 1) {
    anchorRounds.push(await anchorRound());
    row(round, 'bare signed POSTs (anchor)', anchorRounds.at(-1)!);
    serviceRounds.push(await serviceRound(round));
    row(round, 'creator-api', serviceRounds.at(-1)!);
  }
  await writer.close();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const ratios = serviceRounds.map((r, i) => r.rate / anchorRounds[i]!.rate);
  const ratio = median(ratios);
  const transactionsPerDelivery = median(serviceRounds.map((r) => r.transactions!));
  console.log(`ratio creator-api / anchor per round: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}; median ${ratio.toFixed(2)}× (goal ≥ ${DELIVERY_GOAL.ratio}× on a quiet machine) ${ratio >= DELIVERY_GOAL.ratio ? 'MET' : 'NOT MET'}`);
  const cpuRatios = serviceRounds.map((r, i) => (r.cpuMs === null ? null : (r.cpuMs + r.pgCpuMs!) / anchorRounds[i]!.cpuMs!));
  if (cpuRatios.every((r) => r !== null)) {
    const cpuRatio = median(cpuRatios);
    console.log(
      `CPU per delivery, creator-api (node + PostgreSQL) / anchor per round: ${cpuRatios.map((r) => `${r.toFixed(1)}×`).join(', ')}; median ${cpuRatio.toFixed(1)}× (goal ≤ ${DELIVERY_GOAL.cpuRatio}×) ${cpuRatio <= DELIVERY_GOAL.cpuRatio ? 'MET' : 'NOT MET'}`,
    );
  }
  console.log(
    `database transactions committed per delivery (median): ${fmt(transactionsPerDelivery, 2)} (goal ≤ ${DELIVERY_GOAL.transactionsPerDelivery}; every database's sessions count: run it alone) ${transactionsPerDelivery <= DELIVERY_GOAL.transactionsPerDelivery ? 'MET' : 'NOT MET'}`,
  );
  if (badSignatures > 0) console.log(`warning: ${badSignatures} deliveries failed signature verification`);
} finally {
  await stopProcess(service);
  receiver.close();
}
