/**
 * Production server: a plain node:http server that sends /public/v1/** and /openapi.json straight to
 * the API handler (built once) and everything else to Next. Next's own pipeline costs ~10× the
 * throughput on API requests, so it only serves pages. `next dev` still works on its own: the App
 * Router catch-all under app/public/v1 calls the same handler (src/server/app-singleton.ts).
 */
import './src/server/runtime-flags';
import http from 'node:http';
import { createApp, type App } from './src/server/app';
import './src/server/app-singleton';
import { loadConfig } from './src/server/config';
import { EmbeddedDatabaseBusyError } from './src/server/db/embedded-lock';
import { newRequestId } from './src/server/http/request-id';
import { createInFlightTracker } from './src/server/http/in-flight';
import { answerProtocolErrors, createNodeListener } from './src/server/http/node';
import { createSharePageServer } from './src/server/http/share-page-cache';
import { createLinkClickRedirect } from './src/server/http/link-click-redirect';
import { problemBody } from './src/server/http/problems';
import { installProcessGuards } from './src/server/process-guards';
import { seedDemoIfEmpty } from './src/server/services/demo';
import { AppSecretMissingError } from './src/server/services/settings';

const dev = process.argv.includes('--dev');
// --api-only: serve /public/v1 and /openapi.json without starting Next (API-only deployments, the bench).
const apiOnly = process.argv.includes('--api-only');
const config = loadConfig();

let app: App;
try {
  app = await createApp(config);
} catch (error) {
  if (error instanceof EmbeddedDatabaseBusyError) {
    console.error(error.message);
    process.exit(3);
  }
  if (error instanceof AppSecretMissingError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
globalThis.__creatorApiApp = Promise.resolve(app);

if (config.seedDemo) {
  const seed = await seedDemoIfEmpty(app.services);
  if (seed) {
    console.log(
      [
        '',
        'Demo data created on this first start. These keys are shown once — copy them now:',
        `  agency  "${seed.agency.name}" (${seed.agency.id}): ${seed.agency.key}`,
        `  creator "${seed.creator.name}" (${seed.creator.id}): ${seed.creator.key}`,
        `Try: curl -H "Authorization: Bearer ${seed.agency.key}" ${config.publicBaseUrl}/public/v1/me`,
        '',
      ].join('\n'),
    );
  }
}

let handlePage: (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;
// Cached share pages, answered by the node listener before it writes the client address header (answerPage).
let answerPage: ((req: http.IncomingMessage, res: http.ServerResponse, clientAddress: string) => boolean) | undefined;
if (apiOnly) {
  handlePage = (_req, res) => {
    res.writeHead(404, { 'content-type': 'application/problem+json' });
    res.end(JSON.stringify(problemBody('route-not-found', 'This server only serves the API under /public/v1.', newRequestId())));
  };
} else {
  // Loaded only here: --api-only never pays for Next's modules (memory, start-up).
  const { default: next } = await import('next');
  const nextApp = next({ dev, dir: process.cwd(), hostname: config.host, port: config.port });
  await nextApp.prepare();
  const handleWithNext = nextApp.getRequestHandler();
  // Share pages (/m, /l, /d, /r, /roster): counted in memory and served from a cache of Next's renders.
  const sharePages = createSharePageServer({
    services: app.services,
    render: handleWithNext,
    secret: app.secret,
    cache: !dev,
  });
  // The client address pages use is resolved by the node listener (TRUSTED_PROXIES), not taken from headers.
  // Outbound link-in-bio clicks (/l/<slug>/go/<block>): counted, then redirected to the stored URL.
  const linkClickRedirect = createLinkClickRedirect(app.services);
  answerPage = (req, res, clientAddress) => sharePages.answer(req, res, clientAddress);
  handlePage = (req, res) => {
    if (linkClickRedirect.handle(req, res)) return;
    if (sharePages.handle(req, res)) return;
    return handleWithNext(req, res);
  };
}

const inFlight = createInFlightTracker();
// The tracked API handler keeps the handler's route table (allowedMethods) for the node layer's 405s.
const trackedApi = Object.assign(inFlight.track(app.handleApiRequest), { allowedMethods: app.handleApiRequest.allowedMethods });
const listener = createNodeListener(trackedApi, inFlight.track(handlePage), { trustedProxies: config.trustedProxies, observe: app.observeApi, answerPage });
// /healthz and /readyz first: no request id, limit, log line or metric for a probe.
const server = http.createServer((req, res) => {
  if (!app.health.handle(req, res)) listener(req, res);
});
server.keepAliveTimeout = 65_000;
// Malformed HTTP and CONNECT get problem+json with X-Request-Id instead of Node's bare status line.
answerProtocolErrors(server);
server.listen(config.port, config.host, () => {
  console.log(`creator-api listening on ${config.publicBaseUrl} (API: /public/v1, reference: /docs, database: ${app.database.kind})`);
  // Where sign-up confirmations and reset links go: SMTP, or (no SMTP_URL) the log and the dev outbox.
  console.log(app.services.mailer.describe());
  if (app.metrics) console.log(`metrics: http://${app.metrics.host}:${app.metrics.port}/metrics`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  // /readyz answers 503 from now on; keep serving for SHUTDOWN_DELAY_SECONDS so balancers notice first.
  app.health.startDraining();
  if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
  // Stop accepting, let the requests in flight finish (10 s at most), then close the database.
  server.close();
  await inFlight.drained(10_000);
  server.closeAllConnections();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Unhandled rejections are logged and survived; an uncaught exception is logged, then the process
// drains (at most 10 s) and exits 1 for its supervisor to restart (see src/server/process-guards.ts).
installProcessGuards(app.services.logger, () => {
  setTimeout(() => process.exit(1), 10_000).unref();
  server.close();
  server.closeIdleConnections();
  void app.close().finally(() => process.exit(1));
});
