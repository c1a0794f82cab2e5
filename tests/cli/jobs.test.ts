import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../../src/server/db/database';
import { insertJob } from '../../src/server/jobs/queue';

const exec = promisify(execFile);

/** `npm run admin -- jobs`: what an operator sees of the job queue, on an embedded database of its own. */
describe('npm run admin -- jobs', () => {
  let dataDir: string;
  let runningId = '';
  let failedId = '';

  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'creator-api-cli-jobs-')), 'pglite');
    const database = await openMigratedDatabase({ databaseUrl: null, pgliteDataDir: dataDir });
    try {
      const db = database.prisma;
      const account = { type: 'agency' as const, id: '6b0000000000000000000001' };
      await insertJob(db, 'default', { kind: 'creator-import/requested', account, payload: { importId: 'a' } });
      runningId = await insertJob(db, 'default', { kind: 'creator-import/requested', account, payload: { importId: 'b' } });
      failedId = await insertJob(db, 'default', { kind: 'link-in-bio/import.requested', account: { type: 'creator', id: '6b0000000000000000000002' }, payload: { importId: 'c' } });
      await db.$executeRaw`UPDATE jobs SET state = 'running', attempts = 2, lease_owner = 'web-1:4242:abc123', lease_expires_at = now() + interval '10 minutes' WHERE id = ${runningId}`;
      await db.$executeRaw`UPDATE jobs SET state = 'failed', attempts = 1, last_error = 'database unreachable' WHERE id = ${failedId}`;
    } finally {
      await database.close();
    }
  }, 90_000);

  async function admin(...args: string[]) {
    return exec('npx', ['--no-install', 'tsx', 'scripts/admin.ts', ...args], { env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: dataDir } })
      .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }))
      .catch((error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }));
  }

  it('lists kind, account, state, attempts, lease holder and expiry, filtered by status', async () => {
    const listed = await admin('jobs', '--status', 'running,failed', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const jobs = JSON.parse(listed.stdout);
    expect(jobs).toHaveLength(2);
    expect(jobs.find((j: { id: string }) => j.id === runningId)).toMatchObject({
      kind: 'creator-import/requested',
      account: 'agency:6b0000000000000000000001',
      state: 'running',
      attempts: 2,
      lease_owner: 'web-1:4242:abc123',
    });
    expect(Date.parse(jobs.find((j: { id: string }) => j.id === runningId).lease_expires_at)).toBeGreaterThan(Date.now());
    expect(jobs.find((j: { id: string }) => j.id === failedId)).toMatchObject({ state: 'failed', last_error: 'database unreachable', lease_owner: null });

    const text = await admin('jobs');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^ID\s+LANE\s+KIND\s+ACCOUNT\s+STATE\s+ATTEMPTS\s+LEASE HOLDER\s+LEASE EXPIRES/);
    expect(text.stdout).toMatch(new RegExp(`${runningId}\\s+interactive\\s+creator-import/requested\\s+agency:6b0000000000000000000001\\s+running\\s+2\\s+web-1:4242:abc123\\s+in \\d+m`));
    expect(text.stdout).toContain('3 job(s): 1 queued, 1 running, 1 failed');
    // Each lane's depth, so an operator sees user-facing work apart from delivery backlogs.
    expect(text.stdout).toMatch(/interactive\s+1 queued \(1 due\), 1 running/);
    expect(text.stdout).toMatch(/deliveries\s+0 queued \(0 due\), 0 running, 2 per endpoint/);
  }, 120_000);

  it('refuses an unknown status with a usage error (exit 2)', async () => {
    const wrong = await admin('jobs', '--status', 'stuck');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--status must be among queued, running, succeeded, failed, dispatched; got "stuck"/);
  }, 60_000);
});
