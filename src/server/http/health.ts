import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SqlQuery } from '../db/database';
import { pendingMigrations } from '../db/migration-status';

/**
 * Probes for load balancers and orchestrators, answered by the node listener before anything else
 * (no request id, no authentication, no rate limit, no traffic log, no metrics):
 * - `GET /healthz` — liveness: this process serves requests. No dependency is consulted, so a database
 *   outage never gets every instance restarted at once.
 * - `GET /readyz` — readiness: whether this instance should get traffic. 503 while a required check
 *   fails and from SIGTERM on (draining), so the balancer stops sending before the listener closes.
 */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

export type CheckStatus = 'ok' | 'failing' | 'degraded' | 'disabled';

export interface CheckResult {
  status: CheckStatus;
  /** Why it fails or what it is; never a secret (connection strings are not echoed). */
  detail?: string;
  latency_ms?: number;
}

export interface ReadinessCheck {
  name: string;
  /** A failing required check makes /readyz 503; an optional one only reports `degraded`. */
  required: boolean;
  run(): Promise<CheckResult>;
}

export interface ReadinessReport {
  status: 'ready' | 'not_ready' | 'draining';
  checks: Record<string, CheckResult & { required: boolean }>;
}

/** Each check gets this long; a dependency that hangs is as unready as one that refuses. */
const CHECK_TIMEOUT_MS = 2_000;
/** How long one evaluation answers later probes. */
const REUSE_MS = 1_000;

async function timed(check: ReadinessCheck): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      check.run(),
      new Promise<CheckResult>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'failing', detail: `no answer within ${CHECK_TIMEOUT_MS} ms` }), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { latency_ms: Math.round(performance.now() - started), ...result };
  } catch (error) {
    return { status: 'failing', detail: describeError(error), latency_ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/** The error's code and first line: enough to act on, without stack traces or connection strings. */
function describeError(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n', 1)[0]!.replace(/\w+:\/\/[^\s]*/g, '<url>').slice(0, 200);
  return typeof code === 'string' && !firstLine.includes(code) ? `${code}: ${firstLine}` : firstLine;
}

/** Database reachable (one round trip) and every migration this build knows applied. */
export function databaseChecks(sql: SqlQuery): ReadinessCheck[] {
  return [
    { name: 'database', required: true, run: async () => (await sql('SELECT 1', []), { status: 'ok' }) },
    {
      name: 'migrations',
      required: true,
      run: async () => {
        const pending = await pendingMigrations(sql);
        return pending.length === 0 ? { status: 'ok' } : { status: 'failing', detail: `${pending.length} migration(s) not applied; run \`npm run db:migrate\`` };
      },
    },
  ];
}

export interface HealthEndpoints {
  /** Answers /healthz and /readyz; returns false for every other request (untouched). */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** SIGTERM: /readyz answers 503 `draining` from now on; /healthz stays 200 until the process ends. */
  startDraining(): void;
  readonly draining: boolean;
  readiness(): Promise<{ ready: boolean; report: ReadinessReport }>;
}

export function createHealthEndpoints(checks: ReadinessCheck[]): HealthEndpoints {
  let draining = false;

  // Probes arriving together share one evaluation, and a result serves for a second: a burst of
  // probes (many balancers, a retry storm) costs the database one round of checks, not one per probe.
  let current: { at: number; result: Promise<{ ready: boolean; report: ReadinessReport }> } | null = null;
  function readiness() {
    const now = performance.now();
    if (current && now - current.at < REUSE_MS) return current.result;
    const result = evaluate();
    current = { at: now, result };
    // Whatever happens, the next probe after a failure evaluates afresh.
    result.catch(() => (current = null));
    return result;
  }

  async function evaluate() {
    const results = await Promise.all(checks.map(async (check) => [check, await timed(check)] as const));
    const report: ReadinessReport = { status: 'ready', checks: {} };
    let ready = true;
    for (const [check, result] of results) {
      const failing = result.status === 'failing';
      if (failing && check.required) ready = false;
      report.checks[check.name] = { ...result, status: failing && !check.required ? 'degraded' : result.status, required: check.required };
    }
    report.status = ready ? 'ready' : 'not_ready';
    return { ready, report };
  }

  function send(req: IncomingMessage, res: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'content-length': String(Buffer.byteLength(text)),
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
    readiness,
    handle(req, res) {
      // Every request passes here first: a prefix test, no split, for the ones that are not probes.
      const url = req.url ?? '/';
      if (!url.startsWith(HEALTH_PATH) && !url.startsWith(READY_PATH)) return false;
      const pathname = url.split('?', 1)[0];
      if (pathname !== HEALTH_PATH && pathname !== READY_PATH) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-length': '0' });
        res.end();
        return true;
      }
      if (pathname === HEALTH_PATH) {
        send(req, res, 200, { status: 'ok' });
        return true;
      }
      readiness()
        // Draining is read at answer time, never from a shared evaluation.
        .then(({ ready, report }) => (draining ? send(req, res, 503, { ...report, status: 'draining' }) : send(req, res, ready ? 200 : 503, report)))
        .catch((error: unknown) => send(req, res, 503, { status: 'not_ready', detail: describeError(error) }));
      return true;
    },
  };
}
