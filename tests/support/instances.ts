import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/**
 * Real service instances as child processes (`node --import tsx server.ts --api-only`), for tests and
 * benchmarks that need several processes on one PostgreSQL: stopping, killing and restarting one.
 * The child is node itself (no wrapper), so its pid is the pid in the lease holder it records.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Instance {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<number | null>;
  /** What the process wrote to stderr (its warnings and errors). */
  stderr(): string;
}

export async function startInstance(name: string, port: number, env: Record<string, string | undefined>, timeoutMs = 90_000): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts', '--api-only'], {
    cwd: ROOT,
    env: { ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let listening = false;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // Its own banner, not just any answer on the port: another process holding the port must fail the start.
  child.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('creator-api listening on')) listening = true;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}: ${stderr}`);
    try {
      if (!listening) throw new Error('not listening yet');
      const response = await fetch(`${baseUrl}/openapi.json`);
      await response.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`instance ${name} did not answer within ${timeoutMs} ms: ${stderr}`);
      }
      await sleep(100);
    }
  }
  return { name, port, baseUrl, child, pid: child.pid!, exited, stderr: () => stderr };
}

/** Ends an instance whatever its state (a stopped one is continued first so it can die). */
export async function killInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGCONT');
  instance.child.kill('SIGKILL');
  await instance.exited;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** The pid in a lease holder (`host:pid:random`). */
export function holderPid(leaseOwner: string | null): number | null {
  const pid = leaseOwner?.split(':').at(-2);
  return pid ? Number(pid) : null;
}

export interface JobRow {
  id: string;
  state: string;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  claimed_at: Date | null;
  steps: Record<string, unknown>;
}

export async function jobForImport(client: pg.Client, importId: string): Promise<JobRow | null> {
  const { rows } = await client.query<JobRow>(
    `SELECT id, state, attempts, lease_owner, lease_expires_at, claimed_at, steps FROM jobs WHERE payload->>'importId' = $1`,
    [importId],
  );
  return rows[0] ?? null;
}

/** A CSV of `rows` creators, one Instagram handle each, unique per `tag`. */
export function rosterCsv(rows: number, tag: string): FormData {
  const lines = ['display_name,instagram'];
  for (let n = 1; n <= rows; n += 1) lines.push(`Takeover ${tag} ${n},@t.${tag}.${n}`);
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), `${tag}.csv`);
  return form;
}
