import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { newObjectId } from '../../src/server/lib/object-id';
import { startTestApp, type TestApp } from '../support/app';
import { waitFor } from '../support/instances';

interface Readiness {
  status: string;
  checks: Record<string, { status: string; detail: string }>;
}

/**
 * "The job runner is alive" means its claim loop still completes passes, not only that it was
 * started: a claim blocked on a lock (or a hung connection) turns /readyz 503 and back once it moves.
 */
describe.skipIf(!process.env.DATABASE_URL)('the claim loop’s heartbeat', () => {
  let t: TestApp;
  let locker: pg.Client;

  beforeAll(async () => {
    // A 300 ms backstop: a loop that completes no pass for 3 polls + 1 s (1.9 s) has stalled.
    t = await startTestApp({ config: { jobs: { ...loadConfig(process.env).jobs, queue: `heartbeat-${newObjectId()}`, pollMs: 300 } } });
    locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end().catch(() => {});
    await t?.close();
  });

  const readiness = async () => {
    const response = await fetch(`${t.baseUrl}/readyz`);
    return { status: response.status, body: (await response.json()) as Readiness };
  };

  it('is ready while the loop passes, 503 naming the jobs check while a pass is blocked, ready again once it moves', async () => {
    expect((await readiness()).status).toBe(200);
    // Every claim reads the jobs table: an exclusive lock held by another session blocks each pass
    // until its 2 s lock_timeout, and the loop retries — failing passes, none getting through.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE jobs IN ACCESS EXCLUSIVE MODE');
    try {
      const stalled = await waitFor('/readyz to report the stalled loop', async () => {
        const r = await readiness();
        return r.status === 503 ? r : null;
      }, 15_000, 200);
      expect(stalled.body.checks.jobs).toMatchObject({ status: 'failing', detail: expect.stringMatching(/has not got through a pass for \d+ s/) });
    } finally {
      await locker.query('ROLLBACK');
    }
    await waitFor('/readyz to recover', async () => (await readiness()).status === 200, 15_000, 200);
  });
});
