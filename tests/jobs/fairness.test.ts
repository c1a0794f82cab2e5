import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { newObjectId } from '../../src/server/lib/object-id';
import { startTestApp, type TestApp } from '../support/app';
import { csvForm, upload, waitForImport } from '../creator-imports/support';

/**
 * Fairness: one creator starts 30 link-in-bio imports whose source page takes 700 ms to answer; they
 * fill every job slot (2 here, and the account may use both). An agency's CSV import sent right after
 * must get the next free slot — round-robin across accounts — not wait behind the other 28.
 */
const SLOW_MS = 700;

describe('job fairness across accounts', () => {
  let t: TestApp;
  let fixture: http.Server;
  let origin: string;

  beforeAll(async () => {
    fixture = http.createServer((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><html><body><a href="https://store.example.com/a">Store A</a></body></html>');
      }, SLOW_MS);
    });
    await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
    const jobs = { ...loadConfig(process.env).jobs, queue: `fairness-${newObjectId()}`, concurrency: 2, accountConcurrency: 2 };
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true, jobs } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fixture.close(resolve));
  });

  it('30 slow imports of one account delay another account’s CSV import by at most one job slot', async () => {
    const creatorId = (await t.creatorAccount()).id;
    const creatorKey = await t.key({ type: 'creator', id: creatorId }, ['link_in_bio:read', 'link_in_bio:write']);
    expect((await t.request('/public/v1/link-in-bio', { method: 'POST', key: creatorKey, json: { slug: `fair-${creatorId.slice(-10)}`, username: `fair${creatorId.slice(-10)}` } })).status).toBe(201);
    for (let n = 0; n < 30; n += 1) {
      const response = await t.request('/public/v1/link-in-bio/imports', { method: 'POST', key: creatorKey, json: { source_url: `${origin}/page-${n}` } });
      expect(response.status).toBe(202);
    }
    // The creator's imports hold both slots now.
    const queue = t.app.services.jobs.queue;
    const running = async () => t.db.job.count({ where: { queue, accountId: creatorId, state: 'running' } });
    for (let i = 0; i < 100 && (await running()) < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await running()).toBe(2);

    const agencyId = (await t.agency()).id;
    const agencyKey = await t.key({ type: 'agency', id: agencyId }, ['roster:read', 'roster:write']);
    const lines = ['display_name,instagram', ...Array.from({ length: 20 }, (_, i) => `Fair ${i},@fa.${agencyId.slice(-8)}.${i}`)];
    const uploaded = await upload(t, agencyKey, csvForm(lines.join('\n')));
    expect(uploaded.status).toBe(202);
    const importId = (await uploaded.json()).data.id;
    const done = await waitForImport(t, agencyKey, importId, 30_000);
    expect(done).toMatchObject({ status: 'completed', progress: { created: 20, failed: 0 } });

    const csvJob = await t.db.job.findFirstOrThrow({ where: { queue, accountId: agencyId } });
    const creatorJobs = await t.db.job.findMany({ where: { queue, accountId: creatorId } });
    // Claimed at the first slot that freed: at most one of the creator's jobs started in between.
    const startedBetween = creatorJobs.filter((j) => j.claimedAt && j.claimedAt > csvJob.createdAt && j.claimedAt < csvJob.claimedAt!);
    expect(startedBetween.length).toBeLessThanOrEqual(1);
    expect(csvJob.claimedAt!.getTime() - csvJob.createdAt.getTime()).toBeLessThan(SLOW_MS * 2 + 1_500);
    // …ahead of every other import the creator still had queued (FIFO would have run them all first).
    const waitingWhenQueued = creatorJobs.filter((j) => !j.claimedAt || j.claimedAt > csvJob.createdAt);
    expect(waitingWhenQueued.length).toBeGreaterThanOrEqual(10);
    const claimedAfter = creatorJobs.filter((j) => !j.claimedAt || j.claimedAt > csvJob.claimedAt!);
    expect(claimedAfter.length).toBeGreaterThanOrEqual(waitingWhenQueued.length - 1);
  }, 60_000);
});
