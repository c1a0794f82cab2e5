import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { JOB_LANES } from '../../src/server/domain/jobs';
import { claimJobs, finishJob } from '../../src/server/jobs/queue';
import { newObjectId } from '../../src/server/lib/object-id';
import { emitEvents, type NewEvent } from '../../src/server/services/webhook-events';
import { parkedJobs, startTestApp, type TestApp } from '../support/app';
import { csvForm, upload, waitForImport } from '../creator-imports/support';

/**
 * Lanes (issue 34): user-facing jobs never queue behind webhook deliveries, and deliveries take turns
 * per endpoint. Assertions are on claim order, never on wall-clock time.
 */
describe('job lanes', () => {
  let t: TestApp;
  let hanging: net.Server;
  let hangingUrl: string;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // A receiver that accepts connections and never answers: each attempt holds its slot until the timeout.
    hanging = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook`;
    const jobs = { ...loadConfig(process.env).jobs, queue: `lanes-${newObjectId()}`, concurrency: 4, accountConcurrency: 2 };
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true, jobs } });
  });

  afterAll(async () => {
    await t?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hanging?.close(resolve));
  });

  function events(n: number, tag: string): NewEvent[] {
    return Array.from({ length: n }, (_, i) => ({ type: 'deck.created' as const, data: { id: `${tag}-${i}` } }));
  }

  it('claims an agency’s CSV import ahead of its backlog of 3,000 deliveries to a dead endpoint', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    const endpoint = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url: hangingUrl, events: ['*'] } });
    expect(endpoint.status).toBe(201);
    const owner = { type: 'agency' as const, id: agency.id };
    await t.db.$transaction((tx) => emitEvents(t.app.services.jobs, tx, owner, events(3_000, 'backlog')), { timeout: 60_000 });
    const queue = t.app.services.jobs.queue;
    const backlog = await t.db.job.findMany({ where: { queue, accountId: agency.id }, select: { lane: true, fairKey: true } });
    expect(backlog).toHaveLength(3_000);
    expect(new Set(backlog.map((j) => j.lane))).toEqual(new Set(['deliveries']));

    const uploaded = await upload(t, key, csvForm(['display_name', 'Lane One', 'Lane Two', 'Lane Three'].join('\n')));
    expect(uploaded.status).toBe(202);
    const importId = (await uploaded.json()).data.id;
    // Generous: the point is what ran first, asserted below; a loaded machine only stretches both.
    const done = await waitForImport(t, key, importId, 60_000);
    expect(done).toMatchObject({ status: 'completed', progress: { created: 3 } });

    const importJob = await t.db.job.findFirstOrThrow({ where: { queue, accountId: agency.id, kind: 'creator-import/requested' } });
    expect(importJob.lane).toBe('interactive');
    // In one FIFO lane per account, all 3,000 deliveries were claimed before the import. In lanes, the
    // deliveries to the hanging endpoint hold at most its endpoint limit of slots, whatever the backlog.
    const deliveriesClaimedFirst = await t.db.job.count({
      where: { queue, accountId: agency.id, kind: 'webhooks/delivery.attempt', claimedAt: { lt: importJob.claimedAt! } },
    });
    expect(deliveriesClaimedFirst).toBeLessThanOrEqual(JOB_LANES.deliveries.groupConcurrency);
    // …and the endpoint never had more than that many attempts in flight.
    const running = await t.db.job.count({ where: { queue, lane: 'deliveries', state: 'running' } });
    expect(running).toBeLessThanOrEqual(JOB_LANES.deliveries.groupConcurrency);
    // Nothing else to check here: stop the backlog so the app closes quickly.
    await t.db.job.deleteMany({ where: { queue, lane: 'deliveries', state: 'queued' } });
  }, 120_000);

  it('gives each endpoint its turn: a small endpoint’s deliveries are not queued behind a big one’s, each in order', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    const owner = { type: 'agency' as const, id: agency.id };
    const add = async (url: string) => {
      const response = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url, events: ['deck.created'] } });
      return (await response.json()).data.id as string;
    };
    const big = await add('http://127.0.0.1:9/big');
    // Nobody claims a parked queue: the test claims by hand.
    const jobs = parkedJobs();
    await t.db.$transaction((tx) => emitEvents(jobs, tx, owner, events(200, 'big')), { timeout: 30_000 });
    const small = await add('http://127.0.0.1:9/small');
    await t.db.$transaction((tx) => emitEvents(jobs, tx, owner, events(1, 'late')));
    // The big endpoint now has 201 queued, the small one 1, queued last.
    const claimed: { fairKey: string; id: string }[] = [];
    for (let n = 0; n < 6; n += 1) {
      const batch = await claimJobs(t.db, { queue: jobs.queue, lane: 'deliveries', owner: 'me', accountLimit: 2, groupLimit: 2, leaseMs: 60_000, limit: 1 });
      for (const job of batch) {
        claimed.push({ fairKey: job.fairKey, id: job.id });
        await finishJob(t.db, job.id, 'me', 'succeeded');
      }
    }
    expect(claimed).toHaveLength(6);
    // Round-robin per endpoint: the small endpoint got its turn within the first two claims.
    expect(claimed.slice(0, 2).map((c) => c.fairKey)).toContain(small);
    // The big endpoint's jobs came in their queued order.
    const bigIds = claimed.filter((c) => c.fairKey === big).map((c) => c.id);
    const inOrder = await t.db.job.findMany({ where: { queue: jobs.queue, fairKey: big }, orderBy: [{ runAt: 'asc' }, { id: 'asc' }], take: bigIds.length, select: { id: true } });
    expect(bigIds).toEqual(inOrder.map((j) => j.id));
  }, 60_000);
});
