import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { InngestJobRunner } from '../../src/server/jobs/inngest';
import { insertJob } from '../../src/server/jobs/queue';
import { RetryJobLater } from '../../src/server/jobs/runner';
import { newObjectId } from '../../src/server/lib/object-id';
import { CREATOR_IMPORT_EVENT } from '../../src/server/services/creator-imports';
import { startTestApp, type TestApp } from '../support/app';
import { csvForm, upload, waitForImport } from '../creator-imports/support';

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The job row commits with its import, so a failure after the commit cannot strand the import:
 * with Inngest unreachable the job stays queued (the 202 still answers) and is sent again until
 * Inngest takes it; a wake-up that never arrives is made up for by the backstop poll.
 */
describe('jobs cannot be stranded after their import commits', () => {
  describe('with Inngest configured, while Inngest is unreachable', () => {
    let t: TestApp;
    let inngest: http.Server;
    let failing = true;
    const received: { id: string; name: string; data: Record<string, unknown> }[] = [];

    beforeAll(async () => {
      // Stands in for Inngest's event API (POST /e/<event key>): 503 until the test lets it through.
      inngest = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          if (failing) {
            res.writeHead(503).end(JSON.stringify({ error: 'unavailable', status: 503 }));
            return;
          }
          const events = JSON.parse(body) as { id: string; name: string; data: Record<string, unknown> }[];
          received.push(...events);
          res.writeHead(200).end(JSON.stringify({ ids: events.map((e) => e.id), status: 200 }));
        });
      });
      await new Promise<void>((resolve) => inngest.listen(0, '127.0.0.1', resolve));
      const dev = `http://127.0.0.1:${(inngest.address() as AddressInfo).port}/`;
      t = await startTestApp({ config: { inngest: { eventKey: 'test-event-key', signingKey: null, dev } } });
    });
    afterAll(async () => {
      await t.close();
      await new Promise((resolve) => inngest.close(resolve));
    });

    it('answers 202, keeps the job queued with the error, and hands it to Inngest once it answers', async () => {
      const agencyId = (await t.agency()).id;
      const key = await t.key({ type: 'agency', id: agencyId }, ['roster:read', 'roster:write']);
      const csv = `display_name,instagram\nOutbox One,@ob.${agencyId.slice(-8)}.1\nOutbox Two,@ob.${agencyId.slice(-8)}.2\n`;
      const response = await upload(t, key, csvForm(csv));
      expect(response.status).toBe(202);
      const importId = (await response.json()).data.id as string;

      const findJob = () => t.db.job.findFirstOrThrow({ where: { queue: t.app.services.jobs.queue, payload: { equals: { importId } } } });
      const waiting = await until('the failed send to be recorded', async () => {
        const job = await findJob();
        return job.lastError ? job : null;
      }, 15_000);
      expect(waiting).toMatchObject({ state: 'queued', kind: CREATOR_IMPORT_EVENT, accountType: 'agency', accountId: agencyId, leaseOwner: null });
      expect(waiting.lastError).toMatch(/^Inngest send failed/);
      expect(waiting.runAt.getTime()).toBeGreaterThan(Date.now());
      // The import is honestly queued (not lost), so the same file is refused while it waits.
      expect((await (await t.request(`/public/v1/creator-imports/${importId}`, { key })).json()).data.status).toBe('queued');
      expect((await upload(t, key, csvForm(csv))).status).toBe(409);

      failing = false;
      const dispatched = await until('the job to reach Inngest', async () => {
        const job = await findJob();
        return job.state === 'dispatched' ? job : null;
      }, 15_000);
      // Inngest drops a repeated event id: the job id makes a re-send after a crash harmless.
      const event = received.find((e) => e.id === dispatched.id);
      expect(event).toMatchObject({ name: CREATOR_IMPORT_EVENT, data: { importId, jobId: dispatched.id, account: `agency:${agencyId}` } });

      // Inngest runs the function (the same steps); the run's end is recorded on the job.
      const fn = (t.app.services.jobs as InngestJobRunner).functions().find((f) => f.id().endsWith('creator-import-requested'))!;
      const { error } = await new InngestTestEngine({ function: fn, events: [{ name: event!.name, data: event!.data }] }).execute();
      expect(error).toBeUndefined();
      expect(await findJob()).toMatchObject({ state: 'succeeded', lastError: null });
      expect(await waitForImport(t, key, importId)).toMatchObject({ status: 'completed', progress: { total: 2, created: 2 } });
    }, 60_000);
  });

  describe('on the embedded runner', () => {
    let t: TestApp;
    beforeAll(async () => {
      const jobs = { ...loadConfig(process.env).jobs, queue: `backstop-${newObjectId()}`, pollMs: 500 };
      t = await startTestApp({ config: { jobs } });
    });
    afterAll(() => t.close());

    it('claims a committed job whose wake-up never came (the backstop poll), and one scheduled for later on time', async () => {
      const agencyId = (await t.agency()).id;
      const key = await t.key({ type: 'agency', id: agencyId }, ['roster:read', 'roster:write']);
      const csv = `display_name,instagram\nSilent,@si.${agencyId.slice(-8)}\n`;
      const uploaded = await upload(t, key, csvForm(csv));
      const importId = (await uploaded.json()).data.id as string;
      await waitForImport(t, key, importId);

      // A job inserted with no NOTIFY at all (as if the wake-up were lost).
      const lost = newObjectId();
      await t.db.$executeRaw`INSERT INTO creator_imports (id, agency_id, source_filename, content_hash, total) VALUES (${lost}, ${agencyId}, 'lost.csv', 'x', 0)`;
      const jobId = newObjectId();
      await t.db.$executeRaw`INSERT INTO jobs (id, queue, kind, account_type, account_id, payload) VALUES (${jobId}, ${t.app.services.jobs.queue}, ${CREATOR_IMPORT_EVENT}, 'agency', ${agencyId}, ${JSON.stringify({ importId: lost })}::jsonb)`;
      await until('the silent job to run', async () => (await t.db.job.findUniqueOrThrow({ where: { id: jobId } })).state === 'succeeded', 5_000);
      expect((await t.db.creatorImport.findUniqueOrThrow({ where: { id: lost } })).status).toBe('completed');

      // Scheduled 1.5 s ahead (a retry's backoff): not claimed before, claimed soon after.
      const later = newObjectId();
      await t.db.$executeRaw`INSERT INTO creator_imports (id, agency_id, source_filename, content_hash, total) VALUES (${later}, ${agencyId}, 'later.csv', 'y', 0)`;
      const runAt = new Date(Date.now() + 1_500);
      const laterJob = await insertJob(t.db, t.app.services.jobs.queue, { kind: CREATOR_IMPORT_EVENT, account: { type: 'agency', id: agencyId }, payload: { importId: later }, runAt });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await t.db.job.findUniqueOrThrow({ where: { id: laterJob } })).state).toBe('queued');
      const ran = await until('the scheduled job to run', async () => {
        const job = await t.db.job.findUniqueOrThrow({ where: { id: laterJob } });
        return job.state === 'succeeded' ? job : null;
      }, 5_000);
      expect(ran.claimedAt!.getTime()).toBeGreaterThanOrEqual(runAt.getTime() - 5);
    }, 60_000);

    it('retries a failing handler later with its last error recorded, resuming after its finished steps', async () => {
      // The machinery webhook deliveries build on: a handler error reschedules the job (run_at) until max_attempts.
      const calls: string[] = [];
      t.app.services.jobs.register(
        'test/flaky',
        async (data, step) => {
          await step.run('prepare', () => Promise.resolve(calls.push('prepare')));
          // async so that its throws reach the runner as rejections, like a real step's.
          // eslint-disable-next-line @typescript-eslint/require-await
          await step.run('deliver', async () => {
            calls.push('deliver');
            if (calls.filter((c) => c === 'deliver').length === 1) throw new Error('receiver answered 503');
            if (calls.filter((c) => c === 'deliver').length === 2) throw new RetryJobLater(300, 'receiver asked to retry after 0.3 s');
            return data.id;
          });
        },
        undefined,
        { maxAttempts: 3, backoffMs: () => 400 },
      );
      const agencyId = (await t.agency()).id;
      const jobId = await t.app.services.jobs.enqueue(t.db, { kind: 'test/flaky', account: { type: 'agency', id: agencyId }, payload: { id: 'x1' } });
      const retried = await until('the first failure', async () => {
        const job = await t.db.job.findUniqueOrThrow({ where: { id: jobId } });
        return job.lastError ? job : null;
      }, 5_000);
      expect(retried).toMatchObject({ state: 'queued', attempts: 1, maxAttempts: 3, lastError: 'receiver answered 503', leaseOwner: null });
      expect(retried.runAt.getTime() - retried.updatedAt.getTime()).toBeGreaterThanOrEqual(390);
      const done = await until('success on the third attempt', async () => {
        const job = await t.db.job.findUniqueOrThrow({ where: { id: jobId } });
        return job.state === 'succeeded' ? job : null;
      }, 10_000);
      expect(done).toMatchObject({ attempts: 3, lastError: null, steps: { prepare: 1, deliver: 'x1' } });
      // `prepare` finished once and was recorded: the retries resumed after it.
      expect(calls).toEqual(['prepare', 'deliver', 'deliver', 'deliver']);
    }, 30_000);

    it('abandons a job whose holder stopped mid-run again and again, instead of passing it on forever', async () => {
      const ran: string[] = [];
      const failures: string[] = [];
      t.app.services.jobs.register(
        'test/poison',
        () => {
          ran.push('run');
          return Promise.resolve();
        },
        (_data, error) => {
          failures.push((error as Error).message);
          return Promise.resolve();
        },
      );
      const agencyId = (await t.agency()).id;
      // Taken over three times already (max_attempts 1 + 3 takeovers), and its last holder is gone too.
      const jobId = newObjectId();
      await t.db.$executeRaw`
        INSERT INTO jobs (id, queue, kind, account_type, account_id, payload, state, attempts, lease_owner, lease_expires_at)
        VALUES (${jobId}, ${t.app.services.jobs.queue}, 'test/poison', 'agency', ${agencyId}, '{}'::jsonb, 'running', 4, 'gone:1:dead', now() - interval '1 second')`;
      const failed = await until('the job to be abandoned', async () => {
        const job = await t.db.job.findUniqueOrThrow({ where: { id: jobId } });
        return job.state === 'failed' ? job : null;
      }, 5_000);
      expect(failed).toMatchObject({ attempts: 5, lastError: 'gave up after 4 attempts whose instance stopped mid-run', leaseOwner: null });
      expect(ran).toEqual([]);
      expect(failures).toEqual(['gave up after 4 attempts whose instance stopped mid-run']);
    }, 30_000);
  });
});
