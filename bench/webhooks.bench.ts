/**
 * `npm run bench:webhooks`: delivery latency of `creator.created`, from sending POST /creators to the
 * receiver getting the signed delivery, through the real service (server.ts --api-only, PostgreSQL,
 * its own process) and a receiver on loopback in this process. Requests are sequential (latency, not
 * load). The baseline is the POST /creators round trip itself, measured on the same requests, so the
 * ratio says how much later than the API's answer the event arrives.
 *
 * BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/creator_api_bench), BENCH_EVENTS (40),
 * BENCH_PORT (3902).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createAgency } from '../src/server/services/accounts';
import { createApiKey } from '../src/server/services/api-keys';
import { openMigratedDatabase } from '../src/server/db/database';
import { ensureDatabase, fmt, productionServiceEnv, startProcess, stopProcess } from './support';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/creator_api_bench';
const events = Number(process.env.BENCH_EVENTS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 3902);

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
  JOBS_QUEUE: `bench-${Date.now()}`,
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
  if (badSignatures > 0) console.log(`warning: ${badSignatures} deliveries failed signature verification`);
} finally {
  await stopProcess(service);
  receiver.close();
}
