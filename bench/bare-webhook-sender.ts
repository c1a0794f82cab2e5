/**
 * The anchor of `npm run bench:webhooks`' throughput part: the same signed POSTs the service sends,
 * from a bare loop — one keep-alive agent, as many in flight as the service allows per endpoint,
 * no database. Prints `BENCH_SENT {"sent":N,"ms":T,"cpuMs":C}` when every answer is in (C: the process's CPU time while sending).
 *
 * Env: RECEIVER_URL, WEBHOOK_SECRET (whsec_…), EVENTS, IN_FLIGHT.
 */
import http from 'node:http';
import { webhookHeaders } from '../src/server/lib/webhook-signature';

const url = new URL(process.env.RECEIVER_URL!);
const secret = process.env.WEBHOOK_SECRET!;
const events = Number(process.env.EVENTS);
const inFlight = Number(process.env.IN_FLIGHT);
const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });

function post(i: number): Promise<void> {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ type: 'creator.created', timestamp: new Date().toISOString(), data: { id: `anchor-${i}`, display_name: `Anchor ${i}` } });
  const headers = { ...webhookHeaders([secret], `msg_anchor_${i}`, timestamp, body), 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve());
    });
    request.on('error', reject);
    request.end(body);
  });
}

// CPU from here on: the sending, not the process's start.
const cpuAtStart = process.cpuUsage();
const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: inFlight }, async () => {
    while (next < events) await post(next++);
  }),
);
const cpu = process.cpuUsage(cpuAtStart);
console.log(`BENCH_SENT ${JSON.stringify({ sent: events, ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 })}`);
agent.destroy();
