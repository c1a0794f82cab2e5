import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { PostponeJob, type JobRunner } from '../../src/server/domain/jobs';
import { createLeasedRunner } from '../../src/server/jobs/leased-runner';
import { newObjectId } from '../../src/server/lib/object-id';
import { startTestApp, type TestApp } from '../support/app';

/**
 * A postponed job goes back in its place (run_at kept), and a hand-off in its group must not overtake
 * it while it is on its way back. The case in production: an endpoint's probe succeeds while the other
 * slot's delivery is being postponed behind the (now closed) circuit; the probe's slot hands off to the
 * endpoint's next queued delivery — which, with the postponed one still marked running, was the one
 * after it (seen in CI: an event 2 places late with 2 in flight). Here the postponement is held up by
 * a row lock from another connection, so the race is not left to chance; assertions are on order.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const KIND = 'webhooks/delivery.attempt';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe.runIf(Boolean(DATABASE_URL))('postponed job and hand-off', () => {
  let t: TestApp;
  let runner: JobRunner;
  let client: pg.Client;
  const queue = `postpone-${newObjectId()}`;

  beforeAll(async () => {
    t = await startTestApp();
    client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    // Its own runner on its own queue: two slots, the deliveries lane (2 per group, hand-off on).
    const settings = { ...loadConfig(process.env).jobs, queue, concurrency: 2, accountConcurrency: 2 };
    runner = createLeasedRunner({ db: t.db, notifications: t.app.services.notifications, logger: t.app.services.logger, settings });
  });

  afterAll(async () => {
    await runner?.close();
    await client?.end();
    await t?.close();
  });

  it('a hand-off waits for its group’s job being postponed, then takes it before the ones after it', async () => {
    const started: string[] = [];
    const firstMayFinish = deferred();
    const secondPostponing = deferred();
    const rowLocked = deferred();
    let secondRuns = 0;
    runner.register(KIND, async (data) => {
      const name = String(data.name);
      started.push(name);
      if (name === 'first') await firstMayFinish.promise;
      if (name === 'second' && (secondRuns += 1) === 1) {
        secondPostponing.resolve();
        await rowLocked.promise;
        throw new PostponeJob(new Date());
      }
    });
    const account = { type: 'agency' as const, id: newObjectId() };
    const fairKey = newObjectId();
    const ids: Record<string, string> = {};
    await t.db.$transaction(async (tx) => {
      for (const name of ['first', 'second', 'third', 'fourth']) ids[name] = await runner.enqueue(tx, { kind: KIND, account, fairKey, payload: { name } });
    });
    runner.start();

    // Both slots hold the group's first two jobs; the second is about to be postponed.
    await secondPostponing.promise;
    await client.query('BEGIN');
    await client.query('SELECT id FROM jobs WHERE id = $1 FOR UPDATE', [ids.second]);
    rowLocked.resolve();
    // Its postponement now waits on our lock.
    await expect
      .poll(
        async () =>
          // Read outside our transaction: pg_stat_activity is a snapshot taken once per transaction.
          (await t.db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE jobs SET state = ''queued''%'`))[0]!.n,
        { timeout: 10_000, interval: 20 },
      )
      .toBe(1);
    // The first succeeds and its slot hands off. Give an overtaking hand-off the chance to show
    // (it starts `third` within milliseconds); a correct one waits for the lock, released after.
    firstMayFinish.resolve();
    await Promise.race([expect.poll(() => started.includes('third'), { timeout: 1_000, interval: 10 }).toBe(true).catch(() => {}), new Promise((r) => setTimeout(r, 1_000))]);
    await client.query('COMMIT');

    await expect.poll(async () => t.db.job.count({ where: { queue, state: 'succeeded' } }), { timeout: 10_000, interval: 50 }).toBe(4);
    expect(started).toEqual(['first', 'second', 'second', 'third', 'fourth']);
  }, 30_000);
});
