/**
 * A private PostgreSQL cluster and Redis server, each on a free port in a temporary folder, for tests
 * and benches that stop and start them (outages). Never the shared servers on 5432/6379: other test
 * runs use those. Returns null where the binaries are missing, so callers can skip.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function which(binary: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** initdb and pg_ctl: on PATH, or Debian's versioned folder. */
function postgresBin(name: string): string | null {
  const onPath = which(name);
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort().reverse()) {
    const candidate = path.join(root, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Whether this machine can run the throwaway servers (their binaries are installed). */
export const canStartThrowawayPostgres = (): boolean => Boolean(postgresBin('initdb') && postgresBin('pg_ctl'));
export const canStartThrowawayRedis = (): boolean => Boolean(which('redis-server'));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], asUser: string | null): Promise<string> {
  const [cmd, argv] = asUser ? ['runuser', ['-u', asUser, '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${out}`))));
  });
}

export interface ThrowawayPostgres {
  port: number;
  /** A connection URL for `database` (created by `createDatabase`, or `postgres`). */
  url(database?: string): string;
  createDatabase(name: string): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are terminated, new connections refused — a database outage. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its folder. */
  destroy(): Promise<void>;
}

/** initdb + pg_ctl start in a temp folder (as the `postgres` user when running as root, which initdb refuses). */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | null> {
  const initdb = postgresBin('initdb');
  const pgCtl = postgresBin('pg_ctl');
  if (!initdb || !pgCtl) return null;
  const asUser = process.getuid?.() === 0 ? 'postgres' : null;
  const dir = mkdtempSync(path.join(tmpdir(), 'throwaway-pg-'));
  if (asUser) {
    const uid = Number(execFileSync('id', ['-u', asUser], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', asUser], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await run(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'], asUser);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=32MB',
    '-c max_connections=60',
  ].join(' ');
  const start = () => run(pgCtl, ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start'], asUser).then(() => {});
  const stop = () => run(pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], asUser).then(() => {});
  await start();
  const url = (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
    },
    stop,
    start,
    async destroy() {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ThrowawayRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** redis-server on a free port, no persistence; stop() kills it, start() starts a fresh one on the same port. */
export async function startThrowawayRedis(): Promise<ThrowawayRedis | null> {
  const binary = which('redis-server');
  if (!binary) return null;
  const port = await freePort();
  let child: ChildProcess | null = null;
  async function start(): Promise<void> {
    child = spawn(binary!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not listen on ${port}`);
  }
  async function stop(): Promise<void> {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      current.once('exit', () => resolve());
      current.kill('SIGKILL');
    });
  }
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start, destroy: stop };
}
