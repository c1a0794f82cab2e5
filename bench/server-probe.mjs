// Loaded into the service under test with `node --import ./bench/server-probe.mjs dist/server.js`
// (bench/preview-flood.bench.ts): measures, from inside the service's process, what the load
// generators cannot see — how late the event loop runs, the process's CPU time, garbage collection,
// and how many requests per path are in flight at once. GET http://127.0.0.1:$BENCH_PROBE_PORT/
// answers the figures since the last call and starts a new period. The probe's own server shares
// the event loop it measures; it is asked once per phase, so its cost is nothing next to the load.
import { subscribe } from 'node:diagnostics_channel';
import http from 'node:http';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';

const port = Number(process.env.BENCH_PROBE_PORT);
if (!port) throw new Error('server-probe: set BENCH_PROBE_PORT');

// A 1 ms sampling timer: a stall of a few ms shows in the percentiles.
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();

let cpu = process.cpuUsage();
let gc = { count: 0, ms: 0, maxMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count += 1;
    gc.ms += entry.duration;
    gc.maxMs = Math.max(gc.maxMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

/**
 * Per `METHOD path` (query string left out): requests in flight now and the most at once this period,
 * requests started, the statuses answered, and connections closed with the bytes they read.
 */
const paths = new Map();
const countedSockets = new WeakSet();
const keyOf = (request) => `${request.method} ${(request.url ?? '/').split('?', 1)[0]}`;
subscribe('http.server.request.start', ({ request, response }) => {
  if (request.socket.localPort === port) return;
  const key = keyOf(request);
  const entry = paths.get(key) ?? { now: 0, max: 0, started: 0, statuses: {}, connections: 0, bytesRead: 0 };
  entry.now += 1;
  entry.started += 1;
  entry.max = Math.max(entry.max, entry.now);
  paths.set(key, entry);
  // Bytes a connection read in all, counted for the path of its first request when it closes.
  const socket = request.socket;
  if (!countedSockets.has(socket)) {
    countedSockets.add(socket);
    socket.once('close', () => {
      entry.connections += 1;
      entry.bytesRead += socket.bytesRead;
    });
  }
  response.once('finish', () => {
    entry.statuses[response.statusCode] = (entry.statuses[response.statusCode] ?? 0) + 1;
  });
  // 'close' rather than 'finish': a connection reset before the answer ends the request too.
  response.once('close', () => {
    entry.now -= 1;
  });
});

const ms = (ns) => Math.round(ns / 1e4) / 100;
const server = http.createServer((_request, response) => {
  const used = process.cpuUsage(cpu);
  const figures = {
    eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), mean: ms(delay.mean) },
    cpuMs: { user: Math.round(used.user / 1000), system: Math.round(used.system / 1000) },
    gc: { count: gc.count, ms: Math.round(gc.ms), maxMs: Math.round(gc.maxMs * 10) / 10 },
    paths: Object.fromEntries([...paths].map(([key, entry]) => [key, { maxInFlight: entry.max, started: entry.started, statuses: entry.statuses, connectionsClosed: entry.connections, bytesRead: entry.bytesRead }])),
  };
  delay.reset();
  cpu = process.cpuUsage();
  gc = { count: 0, ms: 0, maxMs: 0 };
  for (const entry of paths.values()) {
    entry.max = entry.now;
    entry.started = 0;
    entry.statuses = {};
    entry.connections = 0;
    entry.bytesRead = 0;
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(figures));
});
server.listen(port, '127.0.0.1');
server.unref();
