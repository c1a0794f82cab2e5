import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { startReceiver } from './receiver';

/**
 * Issue 31: each delivery's attempt log (GET …/deliveries/{id}), and POST …/replay, which sends the
 * endpoint's failed deliveries again once each, however often it is called.
 */
describe('webhook attempt log and replay', () => {
  let t: TestApp;
  let agencyKey: string;
  let otherKey: string;

  beforeAll(async () => {
    // 0.000002: the whole retry schedule runs in well under a second, so a delivery to a dead receiver ends `failed` quickly.
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true, webhookRetryScale: 0.000002 } });
    agencyKey = await t.key({ type: 'agency', id: (await t.agency()).id });
    otherKey = await t.key({ type: 'agency', id: (await t.agency()).id });
  });

  afterAll(async () => {
    await t?.close();
  });

  async function addEndpoint(url: string, events: string[]) {
    const response = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key: agencyKey, json: { url, events } });
    expect(response.status).toBe(201);
    return (await response.json()).data.id as string;
  }
  const deliveries = async (endpointId: string, query = '') =>
    (await (await t.request(`/public/v1/webhook-endpoints/${endpointId}/deliveries${query}`, { key: agencyKey })).json()).data as { id: string; event_id: string; status: string }[];

  it('records every attempt of a delivery that failed and then succeeded, newest first', async () => {
    const flaky = await startReceiver('/flaky');
    try {
      flaky.answer = (_d, index) => (index === 0 ? 500 : 200);
      const endpointId = await addEndpoint(flaky.url, ['deck.created']);
      const deck = await t.request('/public/v1/decks', { method: 'POST', key: agencyKey, json: { title: 'Attempted twice' } });
      expect(deck.status).toBe(201);
      await expect.poll(async () => (await deliveries(endpointId))[0]?.status, { timeout: 20_000 }).toBe('succeeded');
      const [delivery] = await deliveries(endpointId);
      const response = await t.request(`/public/v1/webhook-endpoints/${endpointId}/deliveries/${delivery!.id}`, { key: agencyKey });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data).toMatchObject({ id: delivery!.id, status: 'succeeded', attempts: 2, last_response_code: 200 });
      expect(data.attempt_log).toHaveLength(2);
      expect(data.attempt_log[0]).toMatchObject({ trigger: 'scheduled', response_status: 200, response_body: 'ok', error_class: null, error: null });
      expect(data.attempt_log[1]).toMatchObject({ trigger: 'scheduled', response_status: 500, response_body: 'receiver said 500', error_class: 'http_status', error: 'HTTP 500' });
      for (const attempt of data.attempt_log) expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(data.attempt_log[0].attempted_at)).toBeGreaterThan(Date.parse(data.attempt_log[1].attempted_at));
      // Another account's key cannot read it.
      expect((await t.request(`/public/v1/webhook-endpoints/${endpointId}/deliveries/${delivery!.id}`, { key: otherKey })).status).toBe(404);
      expect((await t.request(`/public/v1/webhook-endpoints/${endpointId}/deliveries/aaaaaaaaaaaaaaaaaaaaaaaa`, { key: agencyKey })).status).toBe(404);
    } finally {
      await flaky.close();
    }
  });

  it('classes an attempt that got no answer as a network error, without a response', async () => {
    const gone = await startReceiver('/gone');
    const url = gone.url;
    await gone.close();
    const endpointId = await addEndpoint(url, ['campaign.created']);
    await t.request('/public/v1/campaigns', { method: 'POST', key: agencyKey, json: { name: 'Nobody listens' } });
    await expect.poll(async () => (await deliveries(endpointId))[0]?.status, { timeout: 20_000 }).toBe('failed');
    const [delivery] = await deliveries(endpointId);
    const { data } = await (await t.request(`/public/v1/webhook-endpoints/${endpointId}/deliveries/${delivery!.id}`, { key: agencyKey })).json();
    expect(data.attempt_log.length).toBeGreaterThanOrEqual(1);
    expect(data.attempt_log[data.attempt_log.length - 1]).toMatchObject({ response_status: null, response_body: null, error_class: 'network' });
    await t.request(`/public/v1/webhook-endpoints/${endpointId}`, { method: 'DELETE', key: agencyKey });
  });

  it('an attempt whose endpoint was deleted while it waited for the answer ends quietly, leaving no attempt row', async () => {
    const slow = await startReceiver('/slow');
    try {
      let release: (status: number) => void = () => {};
      const held = new Promise<number>((resolve) => (release = resolve));
      slow.answer = () => held;
      const endpointId = await addEndpoint(slow.url, ['deck.created']);
      await t.request('/public/v1/decks', { method: 'POST', key: agencyKey, json: { title: 'Deleted mid-attempt' } });
      const delivery = await slow.waitFor((d) => d.json.type === 'deck.created', 20_000);
      const [row] = await deliveries(endpointId);
      expect((await t.request(`/public/v1/webhook-endpoints/${endpointId}`, { method: 'DELETE', key: agencyKey })).status).toBe(204);
      release(200);
      // The attempt's job ends on its first run (no error, no retry): the delivery it was for is gone.
      await expect
        .poll(async () => (await t.db.job.findMany({ where: { payload: { path: ['deliveryId'], equals: row!.id } } })).map((job) => [job.state, job.attempts, job.lastError]), { timeout: 20_000 })
        .toEqual([['succeeded', 1, null]]);
      expect(await t.db.webhookDeliveryAttempt.count({ where: { deliveryId: row!.id } })).toBe(0);
      expect(delivery.headers['webhook-id']).toBe(row!.event_id);
    } finally {
      await slow.close();
    }
  });

  it('replays failed deliveries once each: a second call (or a concurrent one) queues none of them again', async () => {
    const down = await startReceiver('/down');
    try {
      down.answer = () => 503;
      const since = new Date(Date.now() - 1_000).toISOString();
      const endpointId = await addEndpoint(down.url, ['campaign.created']);
      const campaignIds: string[] = [];
      for (const name of ['Replay one', 'Replay two', 'Replay three']) {
        const created = await t.request('/public/v1/campaigns', { method: 'POST', key: agencyKey, json: { name } });
        campaignIds.push((await created.json()).data.id as string);
      }
      await expect.poll(async () => (await deliveries(endpointId, '?status=failed')).length, { timeout: 30_000 }).toBe(3);
      // The schedule's end may have disabled the endpoint (5 days, scaled): enable it again.
      const enabled = await t.request(`/public/v1/webhook-endpoints/${endpointId}`, { method: 'PATCH', key: agencyKey, json: { status: 'enabled' } });
      expect(enabled.status).toBe(200);

      down.answer = () => 200;
      const sentBefore = (id: string) => down.received.filter((d) => d.json.data.id === id).length;
      const before = new Map(campaignIds.map((id) => [id, sentBefore(id)]));
      const replay = (json: unknown, headers?: Record<string, string>) =>
        t.request(`/public/v1/webhook-endpoints/${endpointId}/replay`, { method: 'POST', key: agencyKey, json, headers });

      // Nothing in a window before the events; `until` must follow `since`.
      const empty = await replay({ since: new Date(Date.now() - 3_600_000).toISOString(), until: since });
      expect(empty.status).toBe(202);
      expect((await empty.json()).data).toMatchObject({ queued: 0, has_more: false });
      const backwards = await replay({ since, until: since });
      expect(backwards.status).toBe(400);
      expect((await readProblem(backwards)).errors?.[0]).toMatchObject({ path: 'body.until' });

      const [first, second] = await Promise.all([replay({ since }, { 'Idempotency-Key': 'replay-1' }), replay({ since })]);
      expect([first.status, second.status]).toEqual([202, 202]);
      const firstQueued = (await first.json()).data.queued as number;
      const queued = [firstQueued, (await second.json()).data.queued as number];
      expect(queued.sort()).toEqual([0, 3]);
      // The same Idempotency-Key replays the first answer; called again without one, nothing is left to queue.
      const repeated = await replay({ since }, { 'Idempotency-Key': 'replay-1' });
      expect(repeated.headers.get('idempotent-replayed')).toBe('true');
      expect((await repeated.json()).data.queued).toBe(firstQueued);

      await expect.poll(async () => (await deliveries(endpointId, '?status=succeeded')).length, { timeout: 20_000 }).toBe(3);
      const again = await replay({ since });
      expect((await again.json()).data).toEqual({ queued: 0, has_more: false, since: new Date(since).toISOString(), until: null });
      for (const id of campaignIds) expect(sentBefore(id)).toBe(before.get(id)! + 1);
      const [delivery] = await deliveries(endpointId);
      const { data } = await (await t.request(`/public/v1/webhook-endpoints/${endpointId}/deliveries/${delivery!.id}`, { key: agencyKey })).json();
      expect(data.attempt_log[0]).toMatchObject({ trigger: 'manual', response_status: 200, error_class: null });

      // Another account's endpoint is 404; a read-only key is 403.
      expect((await t.request(`/public/v1/webhook-endpoints/${endpointId}/replay`, { method: 'POST', key: otherKey, json: { since } })).status).toBe(404);
      const readOnly = await t.key({ type: 'agency', id: (await t.agency()).id }, ['webhooks:read']);
      expect((await t.request(`/public/v1/webhook-endpoints/${endpointId}/replay`, { method: 'POST', key: readOnly, json: { since } })).status).toBe(403);
    } finally {
      await down.close();
    }
  });
});
