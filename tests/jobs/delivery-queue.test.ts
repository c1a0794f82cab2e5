import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Delivery jobs go to the queue of the app whose service emitted the event (issue 25): the queue is
 * injected through the job port, not set process-wide by the last createApp.
 */
describe('delivery job queue', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp({ config: { fetchAllowPrivateNetworks: true } });
    // Started after the first: with a module-global queue, the first app's deliveries went here.
    second = await startTestApp({ config: { fetchAllowPrivateNetworks: true } });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('writes each app’s delivery jobs to its own queue', async () => {
    expect(first.app.services.jobs.queue).not.toBe(second.app.services.jobs.queue);
    for (const t of [first, second]) {
      const agency = await t.agency();
      const key = await t.key({ type: 'agency', id: agency.id });
      // Nothing listens on port 9: the attempt fails fast; only the job row matters here.
      const endpoint = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url: 'http://127.0.0.1:9/hook', events: ['creator.created'] } });
      expect(endpoint.status).toBe(201);
      const created = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: 'Queue Check' } });
      expect(created.status).toBe(201);
      const jobs = await t.db.job.findMany({ where: { accountId: agency.id, kind: 'webhooks/delivery.attempt' }, select: { queue: true } });
      expect(jobs.length).toBeGreaterThan(0);
      expect(new Set(jobs.map((j) => j.queue))).toEqual(new Set([t.app.services.jobs.queue]));
    }
  });
});
