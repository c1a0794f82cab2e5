import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnyRouter } from '@trpc/server';
import { createApp, type App } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { createApiHandler, type ApiHandler } from '../../src/server/http/api-handler';
import { createGateway } from '../../src/server/trpc/gateway';
import { problemBody } from '../../src/server/http/problems';
import { answerProtocolErrors, createNodeListener } from '../../src/server/http/node';
import { newObjectId } from '../../src/server/lib/object-id';
import { createAgency, createCreatorAccount } from '../../src/server/services/accounts';
import { createApiKey } from '../../src/server/services/api-keys';
import type { Scope } from '../../src/server/auth/scopes';
import { insertJob } from '../../src/server/jobs/queue';
import type { JobRunner } from '../../src/server/domain/jobs';
import type { Logger } from '../../src/server/lib/logger';

export interface TestApp {
  app: App;
  db: App['services']['db'];
  baseUrl: string;
  /** The node:http server the app listens on (a test can watch the requests it receives). */
  server: http.Server;
  /** fetch against the running server; `key` sets the bearer header. */
  request(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<Response>;
  agency(options?: { name?: string; plan?: string }): Promise<{ id: string; ownerUserId: string }>;
  creatorAccount(options?: { name?: string; plan?: string }): Promise<{ id: string; userId: string }>;
  key(subject: { type: 'agency' | 'creator'; id: string }, scopes?: (Scope | 'all')[], options?: { expiresAt?: Date }): Promise<string>;
  close(): Promise<void>;
}

/**
 * Boots the real app (database migrated, real rate limiter) behind a real node:http server on a
 * random port. DATABASE_URL / REDIS_URL from the environment are honoured, so CI runs the same tests
 * against PostgreSQL and Redis; otherwise an in-memory PGlite and the in-process limiter are used.
 * `router` swaps in a test router (the chain's own tests use probe procedures); `logger` captures the log.
 */
export async function startTestApp(options: { config?: Partial<AppConfig>; router?: AnyRouter; logger?: Logger } = {}): Promise<TestApp> {
  const config: AppConfig = {
    ...loadConfig({ ...process.env, PORT: '3000' }),
    pgliteDataDir: 'memory://',
    seedDemo: false,
    logLevel: (process.env.TEST_LOG_LEVEL as AppConfig['logLevel']) ?? 'silent',
    ...options.config,
  };
  // A job queue of its own: in CI every test file shares one database, and each app runs only its own jobs.
  config.jobs = options.config?.jobs ?? { ...config.jobs, queue: `test-${newObjectId()}` };
  const app = await createApp(config, { rateLimitKeyPrefix: `test:${newObjectId()}`, logger: options.logger });
  const handler: ApiHandler = options.router ? createApiHandler(app.services, createGateway(app.services, options.router), options.router) : app.handleApiRequest;
  const listener = createNodeListener(handler, (_req, res) => {
    res.writeHead(404, { 'content-type': 'application/problem+json' });
    res.end(JSON.stringify(problemBody('route-not-found', 'not an API path', 'test')));
  }, { observe: app.observeApi });
  // As in server.ts: the probes are answered before the API listener.
  const server = http.createServer((req, res) => {
    if (!app.health.handle(req, res)) listener(req, res);
  });
  answerProtocolErrors(server);
  // As in server.ts: far longer than fetch's own idle timeout, so a client never reuses a socket the
  // server is closing (ECONNRESET when a loaded machine delays the client's timer past the server's).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const db = app.services.db;
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${(counter += 1)}${Math.random().toString(36).slice(2, 6)}`;

  return {
    app,
    db,
    baseUrl,
    server,
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('authorization', `Bearer ${init.key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return fetch(`${baseUrl}${path}`, { ...init, headers, body });
    },
    async agency(opts = {}) {
      const { agency } = await createAgency(db, { name: opts.name ?? `Agency ${unique()}`, ownerEmail: `owner-${unique()}@agency.test`, planCode: opts.plan });
      return { id: agency.id, ownerUserId: agency.ownerUserId };
    },
    async creatorAccount(opts = {}) {
      const { creator, user } = await createCreatorAccount(db, { displayName: opts.name ?? `Creator ${unique()}`, email: `creator-${unique()}@creator.test`, planCode: opts.plan });
      return { id: creator.id, userId: user.id };
    },
    async key(subject, scopes = ['all'], opts = {}) {
      const { secret } = await createApiKey(db, { subject, name: 'test key', scopes, expiresAt: opts.expiresAt });
      return secret;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}

/** A job writer whose jobs go to a queue nobody claims: for tests that drive a job's steps by hand. */
export function parkedJobs(): Pick<JobRunner, 'enqueue' | 'queue'> {
  const queue = `parked-${newObjectId()}`;
  return { queue, enqueue: (tx, job) => insertJob(tx, queue, job) };
}

/** Reads a problem+json response and checks the invariants every error shares. */
export async function readProblem(response: Response) {
  const body = (await response.json()) as {
    type: string;
    title: string;
    status: number;
    detail: string;
    request_id: string;
    errors?: { path: string; message: string; code: string }[];
  };
  return body;
}
