import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type Database } from '../../src/server/db/database';
import type { Logger } from '../../src/server/lib/logger';
import { appSecretFileFor, readOrCreateSecretFile } from '../../src/server/lib/secret-file';
import { resolveAppSecret } from '../../src/server/services/settings';
import { killInstance, startInstance, type Instance } from '../support/instances';

/** The master secret never lives in the database it protects (README "The app secret"). */

const ROOT = path.resolve(__dirname, '../..');
const SECRET = /^[A-Za-z0-9_-]{43}$/;

function capturingLogger(lines: string[]): Logger {
  const logger: Logger = {
    debug: () => undefined,
    info: (message) => void lines.push(`info ${message}`),
    warn: (message) => void lines.push(`warn ${message}`),
    error: (message) => void lines.push(`error ${message}`),
    child: () => logger,
    isEnabled: () => true,
  };
  return logger;
}

/** Starts the real server and waits for it to exit on its own: the status and what it wrote to stderr. */
function startExpectingExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts', '--api-only'], {
    cwd: ROOT,
    env: { ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(20_000 + Math.floor(Math.random() * 20_000)), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    // It must not get as far as listening; if it does, stop it so the test fails on the status, not a hang.
    if (stdout.includes('creator-api listening on')) child.kill('SIGKILL');
  });
  // Never left behind: a start that hangs is ended (and fails on its status).
  const guard = setTimeout(() => child.kill('SIGKILL'), 100_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stderr: stderr + stdout });
    }),
  );
}

describe('the app secret on the embedded database', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'creator-api-secret-'));
    database = await openMigratedDatabase({ databaseUrl: null, pgliteDataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('creates the file once, mode 0600, and every concurrent first start reads the same value', async () => {
    const file = path.join(dir, 'race', 'pglite.app-secret');
    let generated = 0;
    const results = await Promise.all(Array.from({ length: 10 }, () => readOrCreateSecretFile(file, () => `secret-${(generated += 1)}`)));
    expect(new Set(results.map((r) => r.secret)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await fs.readFile(file, 'utf8')).trim()).toBe(results[0]!.secret);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    // No temporary file is left behind.
    expect(await fs.readdir(path.dirname(file))).toEqual(['pglite.app-secret']);
  });

  it('moves a secret an earlier version stored in the database into the file, and deletes the row', async () => {
    const dataDir = path.join(dir, 'legacy', 'pglite');
    await database.prisma.setting.create({ data: { key: 'app_secret', value: 'legacy-embedded-secret' } });
    const lines: string[] = [];
    const secret = await resolveAppSecret(database.prisma, { appSecret: null, databaseUrl: null, pgliteDataDir: dataDir, production: true }, capturingLogger(lines));
    expect(secret).toBe('legacy-embedded-secret');
    expect((await fs.readFile(appSecretFileFor(dataDir), 'utf8')).trim()).toBe('legacy-embedded-secret');
    expect(await database.prisma.setting.findUnique({ where: { key: 'app_secret' } })).toBeNull();
    expect(lines.join('\n')).not.toContain('legacy-embedded-secret');
  });

  it('a real first start (no configuration at all) writes the secret beside the data folder, not into the database', async () => {
    const dataDir = path.join(dir, 'start', 'pglite');
    let instance: Instance | undefined;
    try {
      instance = await startInstance('embedded', 20_000 + Math.floor(Math.random() * 20_000), { DATABASE_URL: '', REDIS_URL: '', APP_SECRET: '', APP_SECRET_FILE: '', PGLITE_DATA_DIR: dataDir, NODE_ENV: 'production' }, 150_000);
    } finally {
      await killInstance(instance);
    }
    const file = appSecretFileFor(dataDir);
    expect(file).toBe(`${dataDir}.app-secret`);
    expect((await fs.readFile(file, 'utf8')).trim()).toMatch(SECRET);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const reopened = await openMigratedDatabase({ databaseUrl: null, pgliteDataDir: dataDir });
    try {
      expect(await reopened.prisma.setting.findUnique({ where: { key: 'app_secret' } })).toBeNull();
    } finally {
      await reopened.close();
    }
  }, 180_000);
});

/**
 * PostgreSQL only (CI sets DATABASE_URL). On a database of its own: the shared one may hold a
 * development secret already.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('the app secret on PostgreSQL', () => {
  let admin: pg.Client;
  let name: string;
  let databaseUrl: string;
  let database: Database;

  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL!);
    name = `${url.pathname.slice(1)}_first_${process.pid}`;
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
  });

  afterAll(async () => {
    await database?.close();
    // Closed pools let go of their sockets a moment later; terminating them (WITH FORCE) would
    // surface as an uncaught error in this process, so wait for them to leave.
    for (let i = 0; i < 100; i += 1) {
      const open = await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
      if (open.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
  });

  const production = { DATABASE_URL: '', REDIS_URL: '', APP_SECRET: '', APP_SECRET_FILE: '', NODE_ENV: 'production' };

  it('production without APP_SECRET refuses to start and says what to set', async () => {
    const { code, stderr } = await startExpectingExit({ ...production, DATABASE_URL: databaseUrl });
    expect(code).toBe(2);
    expect(stderr).toContain('APP_SECRET is not set');
    expect(stderr).toContain('openssl rand -base64 32');
    expect(stderr).toContain('APP_SECRET_FILE');
    expect(await database.prisma.setting.count({ where: { key: 'app_secret' } })).toBe(0);
  }, 120_000);

  it('a database holding an earlier version’s secret: refused with the command that moves it (never the value); started with it, the row goes', async () => {
    const legacy = 'legacy-postgres-secret-value-0123456789';
    await database.prisma.setting.create({ data: { key: 'app_secret', value: legacy } });
    const refused = await startExpectingExit({ ...production, DATABASE_URL: databaseUrl });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`export APP_SECRET="$(psql "$DATABASE_URL" -Atc "SELECT value FROM settings WHERE key = 'app_secret'")"`);
    expect(refused.stderr).not.toContain(legacy);

    let instance: Instance | undefined;
    try {
      instance = await startInstance('moved', 20_000 + Math.floor(Math.random() * 20_000), { ...production, DATABASE_URL: databaseUrl, APP_SECRET: legacy });
      expect(instance.stderr()).not.toContain(legacy);
    } finally {
      await killInstance(instance);
    }
    expect(await database.prisma.setting.count({ where: { key: 'app_secret' } })).toBe(0);
  }, 180_000);

  it('development and tests without APP_SECRET keep working: concurrent first starts agree on one secret, with a warning', async () => {
    await database.prisma.setting.deleteMany({ where: { key: 'app_secret' } });
    const lines: string[] = [];
    const config = { appSecret: null, databaseUrl, pgliteDataDir: 'memory://', production: false };
    const secrets = await Promise.all(Array.from({ length: 10 }, () => resolveAppSecret(database.prisma, config, capturingLogger(lines))));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(SECRET);
    expect(lines.some((line) => line.startsWith('warn APP_SECRET is not set'))).toBe(true);
  });
});
