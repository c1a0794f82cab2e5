import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { JOB_LANES } from '../../src/server/domain/jobs';
import { newObjectId } from '../../src/server/lib/object-id';
import { emitEvents, type NewEvent } from '../../src/server/services/webhook-events';
import { startTestApp, type TestApp } from '../support/app';
import { startReceiver, type Receiver } from './receiver';

/**
 * The deliveries lane's hand-off (issue 34, delivery at speed): a slot whose delivery succeeded goes
 * straight on with its endpoint's next one, settling the first and leasing the second in one
 * statement. Swapping one running job of a group for another must keep every limit exact — across
 * two instances sharing the queue too — and the chain is bounded, so another endpoint of the same
 * account still gets its turn. Assertions are on counts and order, never on time.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const BURST = 300;

function events(n: number, tag: string): NewEvent[] {
  return Array.from({ length: n }, (_, i) => ({ type: 'deck.created' as const, data: { id: `${tag}-${i}` } }));
}

describe.runIf(Boolean(DATABASE_URL))('delivery hand-off', () => {
  const queue = `hand-off-${newObjectId()}`;
  const jobs = { ...loadConfig(process.env).jobs, queue, concurrency: 4, accountConcurrency: 2 };
  let a: TestApp;
  let b: TestApp;
  let receiver: Receiver;
  let client: pg.Client;

  beforeAll(async () => {
    // Two instances on one queue, as two processes sharing the database would be.
    [a, b, receiver] = await Promise.all([
      startTestApp({ config: { fetchAllowPrivateNetworks: true, jobs } }),
      startTestApp({ config: { fetchAllowPrivateNetworks: true, jobs } }),
      startReceiver(),
    ]);
    client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await a?.close();
    await b?.close();
    await receiver?.close();
  });

  it('two instances deliver a burst to one endpoint exactly once each, never more than its limit running at once', async () => {
    const agency = await a.agency();
    const key = await a.key({ type: 'agency', id: agency.id });
    const created = await a.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url: receiver.url, events: ['deck.created'] } });
    const endpointId = (await created.json()).data.id as string;
    // At every request the receiver reads how many of the endpoint's jobs hold a live lease: the
    // limit the claims enforce (a succeeded job waiting to be settled still counts, by design).
    let mostRunning = 0;
    receiver.answer = async () => {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE queue = $1 AND fair_key = $2 AND state = 'running' AND lease_expires_at > now()`,
        [queue, endpointId],
      );
      mostRunning = Math.max(mostRunning, rows[0]!.n);
      return 200;
    };
    await a.db.$transaction((tx) => emitEvents(a.app.services.jobs, tx, { type: 'agency', id: agency.id }, events(BURST, 'burst')), { timeout: 30_000 });
    await expect.poll(() => a.db.webhookDelivery.count({ where: { endpointId, status: 'succeeded' } }), { timeout: 120_000, interval: 200 }).toBe(BURST);

    const ids = receiver.received.map((d) => String(d.json.data.id));
    expect(ids).toHaveLength(BURST);
    expect(new Set(ids).size).toBe(BURST);
    expect(mostRunning).toBeGreaterThan(0);
    expect(mostRunning).toBeLessThanOrEqual(JOB_LANES.deliveries.groupConcurrency);
    // One attempt row per request sent, and every job ended.
    expect(await a.db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId } } })).toBe(BURST);
    expect(await a.db.job.count({ where: { queue, fairKey: endpointId, state: { notIn: ['succeeded'] } } })).toBe(0);
  }, 180_000);

  it('bounds a chain: another endpoint of the same account gets its turn within handOffTurns deliveries per slot', async () => {
    receiver.answer = () => 200;
    const small = await startReceiver('/small');
    try {
      const agency = await a.agency();
      const key = await a.key({ type: 'agency', id: agency.id });
      const owner = { type: 'agency' as const, id: agency.id };
      const add = async (url: string, type: string) => {
        const response = await a.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url, events: [type] } });
        return (await response.json()).data.id as string;
      };
      await add(receiver.url, 'deck.created');
      await add(small.url, 'media_kit.updated');
      const before = receiver.received.length;
      await a.db.$transaction((tx) => emitEvents(a.app.services.jobs, tx, owner, events(BURST, 'big')), { timeout: 30_000 });
      // The big endpoint's chains are running (the account's two slots are its own) when the small one's event comes.
      await expect.poll(() => receiver.received.length - before, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(4);
      await a.db.$transaction((tx) => emitEvents(a.app.services.jobs, tx, owner, [{ type: 'media_kit.updated', data: { id: 'small-0' } }]));
      const queuedAt = receiver.received.length;
      await small.waitFor(() => true, 60_000);
      const bigMeanwhile = receiver.received.length - queuedAt;
      // Each of the account's slots ends its chain within handOffTurns more deliveries (plus the one in flight).
      expect(bigMeanwhile).toBeLessThanOrEqual(jobs.accountConcurrency * (JOB_LANES.deliveries.handOffTurns + 1));
      // Without the bound the small endpoint would wait for the whole big backlog.
      expect(bigMeanwhile).toBeLessThan(BURST - 10);
    } finally {
      await small.close();
    }
  }, 180_000);
});
