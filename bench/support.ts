import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';

/** Creates the bench database if it does not exist (connecting to the server's `postgres` database). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a child process in a process group of its own and resolves once `url` answers (any status).
 * The group matters: `npx` and `tsx` are wrappers, and a signal to the wrapper alone can leave the
 * real server running (and this process waiting for it).
 */
export async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  options: { headers?: Record<string, string>; pollMs?: number; timeoutMs?: number } = {},
): Promise<ChildProcess & { startupMs: number }> {
  const started = performance.now();
  // stdout is not read: its banner is noise next to the figures; errors still reach stderr.
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      // With headers given (a key), wait for a 2xx: the first request actually answered.
      const response = await fetch(url, { headers: options.headers });
      await response.arrayBuffer();
      if (!options.headers || response.ok) return Object.assign(child, { startupMs: performance.now() - started });
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }
  child.kill('SIGTERM');
  throw new Error(`${url} did not answer within 60 s`);
}

/** Stops the child's whole process group: SIGTERM (a graceful shutdown), then SIGKILL after 5 s. */
export function stopProcess(child: ChildProcess): Promise<void> {
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is already gone
    }
  };
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      signalGroup('SIGTERM');
      return resolve();
    }
    // The timer is not unref'd: a server still draining after 5 s is killed before the bench exits,
    // never left running (and taking CPU) behind it.
    const kill = setTimeout(() => signalGroup('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    signalGroup('SIGTERM');
  });
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/**
 * The app secret the benches run the service with: production on PostgreSQL refuses to start without
 * APP_SECRET. A bench database holds only generated data, so a fixed value is fine here — and lets a
 * bench sign cursors the service accepts.
 */
export const BENCH_APP_SECRET = 'bench-only-app-secret-never-used-in-production';

/** The service as production runs it, on loopback, with limits out of the way of the load generator. */
export function productionServiceEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    APP_SECRET: BENCH_APP_SECRET,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMIT_REQUESTS: '1000000000',
    REDIS_URL: '',
    HOST: '127.0.0.1',
  };
}
