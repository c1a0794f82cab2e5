import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LANES } from '../../src/server/domain/jobs';
import { CIRCUIT_OPEN_SECONDS, CIRCUIT_OPENS_AFTER } from '../../src/server/services/webhook-deliveries';
import { emitEvents, type NewEvent } from '../../src/server/services/webhook-events';
import { startTestApp, type TestApp } from '../support/app';
import { startReceiver, type Receiver } from './receiver';

/**
 * Backpressure per endpoint (issue 34): a failing endpoint's circuit opens, so its attempts stay
 * bounded whatever its backlog; once it answers again the backlog drains in order. Time is scaled
 * (WEBHOOK_RETRY_SCALE 0.001: an hour is 3.6 s), and the bound is computed from the time that really
 * passed, so a slow machine only makes it tighter.
 */
const SCALE = 0.001;

/** Open periods that can have ended within `elapsedMs`: each one ends with at most one probe. */
function periodsWithin(elapsedMs: number): number {
  let total = 0;
  for (let n = 0; ; n += 1) {
    total += CIRCUIT_OPEN_SECONDS[Math.min(n, CIRCUIT_OPEN_SECONDS.length - 1)]! * 1000 * SCALE;
    if (total > elapsedMs) return n;
  }
}

describe('webhook backpressure', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true, webhookRetryScale: SCALE } });
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('bounds a failing endpoint’s attempts with a circuit breaker, then drains its backlog in order once it recovers', async () => {
    let failing = true;
    receiver.answer = () => (failing ? 500 : 200);
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    const created = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url: receiver.url, events: ['deck.created'] } });
    const endpointId = (await created.json()).data.id as string;
    const events: NewEvent[] = Array.from({ length: 200 }, (_, i) => ({ type: 'deck.created', data: { id: `backlog-${i}` } }));
    const started = Date.now();
    await t.db.$transaction((tx) => emitEvents(t.app.services.jobs, tx, { type: 'agency', id: agency.id }, events), { timeout: 30_000 });

    // Let the circuit open and a few probes fail.
    await expect
      .poll(async () => (await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).consecutiveFailures, { timeout: 60_000, interval: 100 })
      .toBeGreaterThanOrEqual(CIRCUIT_OPENS_AFTER + 2);
    const elapsed = Date.now() - started;
    const attempts = receiver.received.length;
    // Without the breaker each of the 200 deliveries is attempted at once (and retried on its schedule).
    expect(attempts).toBeLessThanOrEqual(CIRCUIT_OPENS_AFTER + JOB_LANES.deliveries.groupConcurrency + periodsWithin(elapsed) + 1);
    expect(await t.db.webhookDelivery.count({ where: { endpointId, attempts: 0 } })).toBeGreaterThan(150);

    failing = false;
    await expect
      .poll(() => t.db.webhookDelivery.count({ where: { endpointId, status: 'succeeded' } }), { timeout: 90_000, interval: 200 })
      .toBe(200);
    // The deliveries never tried before the recovery arrived in the order of their events (two in flight at most).
    const firstTry = new Set(
      (await t.db.webhookDelivery.findMany({ where: { endpointId, attempts: 1 }, include: { event: true } })).map((d) => (d.event.payload as { data: { id: string } }).data.id),
    );
    const arrived = receiver.received.filter((d) => firstTry.has(String(d.json.data.id))).map((d) => Number(String(d.json.data.id).split('-')[1]));
    expect(arrived.length).toBe(firstTry.size);
    const sorted = [...arrived].sort((a, b) => a - b);
    arrived.forEach((value, index) => expect(Math.abs(sorted.indexOf(value) - index)).toBeLessThanOrEqual(JOB_LANES.deliveries.groupConcurrency - 1));
    // Closed again, and nothing holds the endpoint's lane group.
    expect(await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).toMatchObject({ consecutiveFailures: 0, circuitOpenUntil: null });
  }, 180_000);
});
