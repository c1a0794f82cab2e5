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
 * and the two figures a busy machine disturbs least: the service's CPU ms per delivery (its whole
 * process group, from /proc) against the anchor's, and the database transactions committed per
 * delivery (pg_stat_database; every statement outside an explicit transaction is one), with the goal
 * (DELIVERY_GOAL below, stated in README "Webhook delivery at speed").
 *
 * BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench), BENCH_EVENTS (40),
 * BENCH_THROUGHPUT_EVENTS (2000), BENCH_PORT (3902).
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

/** The goal for delivery at speed (issue 34), set from the profile: see README "Webhook delivery at speed". */
const DELIVERY_GOAL = { ratio: 0.25, transactionsPerDelivery: 4 };

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

await ensureDatabase(databaseUrl);
const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
const { agency } = await createAgency(database.prisma, { name: 'Bench Webhooks', ownerEmail: `bench-hooks-${Date.now()}@bench.test` });
const { secret: key } = await createApiKey(database.prisma, { subject: { type: 'agency', id: agency.id }, name: 'bench', scopes: ['all'] });
await database.close();

const arrivals = new Map<string, number>();
let verifier: Webhook | null = null;
let badSignatures = 0;
const receiver = http.createServer((req, res) => {
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

  // Throughput: a burst of events for the one endpoint, against the bare sender's figure.
  const inFlight = JOB_LANES.deliveries.groupConcurrency;
  await build({ entryPoints: ['bench/bare-webhook-sender.ts'], outfile: 'bench/results/bare-webhook-sender.mjs', bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
  const anchorRun = await promisify(execFile)(process.execPath, ['bench/results/bare-webhook-sender.mjs'], {
    env: { ...process.env, RECEIVER_URL: receiverUrl, WEBHOOK_SECRET: endpoint.data.secret as string, EVENTS: String(throughputEvents), IN_FLIGHT: String(inFlight) },
  });
  const anchor = JSON.parse(anchorRun.stdout.split('\n').find((l) => l.startsWith('BENCH_SENT '))!.slice('BENCH_SENT '.length)) as { sent: number; ms: number; cpuMs: number };
  const burst = Array.from({ length: throughputEvents }, (_, i) => ({ type: 'creator.created' as const, data: { id: `burst-${Date.now()}-${i}`, display_name: `Burst ${i}` } }));
  const writer = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 1 });
  const commits = async () => {
    await writer.prisma.$executeRawUnsafe('SELECT pg_stat_clear_snapshot()');
    return Number((await writer.prisma.$queryRawUnsafe<{ n: bigint }[]>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()'))[0]!.n);
  };
  const commitsBefore = await commits();
  const cpuBefore = groupCpuMs(service.pid!);
  const committed = performance.now();
  await writer.prisma.$transaction((tx) => emitEvents({ queue: jobsQueue }, tx, { type: 'agency', id: agency.id }, burst), { timeout: 60_000 });
  const deadline = Date.now() + 300_000;
  while (!burst.every((event) => arrivals.has(event.data.id))) {
    if (Date.now() > deadline) throw new Error(`only ${burst.filter((e) => arrivals.has(e.data.id)).length} of ${throughputEvents} deliveries arrived within 300 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const serviceMs = Math.max(...burst.map((event) => arrivals.get(event.data.id)!)) - committed;
  // The last outcomes are recorded just after the last arrival; each session flushes its statistics
  // to the view at most once a second (PostgreSQL 15+), and an idle one within a second.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const cpuAfter = groupCpuMs(service.pid!);
  // Less this process's own three: the first reading's SELECT, the outbox write, the second reading's clear.
  const transactionsPerDelivery = ((await commits()) - commitsBefore - 3) / throughputEvents;
  await writer.close();
  const serviceCpu = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / throughputEvents;
  const anchorRate = (anchor.sent / anchor.ms) * 1000;
  const serviceRate = (throughputEvents / serviceMs) * 1000;
  console.log(`\nDelivery throughput to one healthy endpoint, ${fmt(throughputEvents)} events, at most ${inFlight} in flight (the service's per-endpoint limit)`);
  console.log(`bare signed POSTs, keep-alive (anchor)   ${fmt(anchorRate).padStart(7)} deliveries/s`);
  console.log(`creator-api, from commit to last arrival  ${fmt(serviceRate).padStart(7)} deliveries/s`);
  console.log(`ratio creator-api / anchor: ${(serviceRate / anchorRate).toFixed(2)}× (goal ≥ ${DELIVERY_GOAL.ratio}×) ${serviceRate / anchorRate >= DELIVERY_GOAL.ratio ? 'MET' : 'NOT MET'}`);
  console.log(
    `CPU ms per delivery: creator-api ${serviceCpu === null ? 'n/a' : fmt(serviceCpu, 2)} (its process group), anchor ${fmt(anchor.cpuMs / anchor.sent, 2)}`,
  );
  console.log(
    `database transactions committed per delivery: ${fmt(transactionsPerDelivery, 2)} (goal ≤ ${DELIVERY_GOAL.transactionsPerDelivery}; every database's sessions count: run it alone) ${transactionsPerDelivery <= DELIVERY_GOAL.transactionsPerDelivery ? 'MET' : 'NOT MET'}`,
  );
  if (badSignatures > 0) console.log(`warning: ${badSignatures} deliveries failed signature verification`);
} finally {
  await stopProcess(service);
  receiver.close();
}
