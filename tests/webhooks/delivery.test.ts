import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { emitEvents } from '../../src/server/services/webhook-events';
import type { TestApp } from '../support/app';
import { startAppWithMailbox, type Mailbox } from '../support/mailbox';
import { startReceiver, type Receiver } from './receiver';

/**
 * Delivery end to end: a real receiver on loopback, verifying every delivery with the
 * `standardwebhooks` package exactly as an integrator would.
 */
describe('webhook deliveries', () => {
  let t: TestApp;
  let receiver: Receiver;
  let mailbox: Mailbox;
  let agency: { id: string; ownerUserId: string };
  let key: string;

  beforeAll(async () => {
    // 0.001: the retry schedule's 5 s / 5 min / 30 min become 5 ms / 300 ms / 1.8 s.
    ({ t, mailbox } = await startAppWithMailbox({ fetchAllowPrivateNetworks: true, webhookRetryScale: 0.001 }));
    receiver = await startReceiver();
    agency = await t.agency();
    key = await t.key({ type: 'agency', id: agency.id });
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await mailbox?.close();
  });

  async function addEndpoint(apiKey: string, events: string[], url = receiver.url) {
    const response = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key: apiKey, json: { url, events } });
    expect(response.status).toBe(201);
    return (await response.json()).data as { id: string; secret: string };
  }

  it('delivers creator.created after POST /creators, signed so standardwebhooks verifies it', async () => {
    const endpoint = await addEndpoint(key, ['creator.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const started = Date.now();
    const created = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: 'Ada Webhook', socials: [{ platform: 'instagram', handle_or_url: '@ada.hooks' }] } });
    expect(created.status).toBe(201);
    const { data } = await created.json();
    // No wall-clock bound (a loaded CI machine makes one meaningless); the wait is only a generous budget.
    const delivery = await receiver.waitFor((d) => d.json.type === 'creator.created' && d.json.data.id === data.creator.id, 20_000);

    const verified = new Webhook(endpoint.secret).verify(delivery.body, delivery.headers) as typeof delivery.json;
    expect(verified.type).toBe('creator.created');
    // `data` is the creator exactly as the API returned it.
    expect(verified.data).toEqual(data.creator);
    expect(Date.parse(verified.timestamp)).toBeGreaterThan(started - 1_000);
    expect(delivery.headers['webhook-id']).toMatch(/^[a-f0-9]{24}$/);
    expect(delivery.headers['content-type']).toBe('application/json');
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(delivery.body, delivery.headers)).toThrow();
    // Only subscribed types: the default media kit made with the creator was not sent to this endpoint.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.some((d) => d.json.type === 'media_kit.created' && d.json.data.creator_id === data.creator.id)).toBe(false);

    // The worker records the outcome after the receiver has answered: poll the log until it has.
    await expect
      .poll(async () => (await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key })).json()).data[0], { timeout: 15_000 })
      .toMatchObject({ event_id: delivery.headers['webhook-id'], event_type: 'creator.created', status: 'succeeded', attempts: 1, last_response_code: 200, next_attempt_at: null });
    await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', key });
  });

  it('never slows the request: POST /creators answers while the receiver is still thinking', async () => {
    // The receiver holds its answer until the API has answered: a request that waited for the delivery
    // would never return, so this proves the order without timing anything.
    const slow = await startReceiver('/slow');
    let release: (status: number) => void = () => {};
    const held = new Promise<number>((resolve) => (release = resolve));
    slow.answer = () => held;
    const endpoint = await addEndpoint(key, ['*'], slow.url);
    const created = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: 'Patient Receiver' } });
    expect(created.status).toBe(201);
    await slow.waitFor((d) => d.json.type === 'creator.created', 20_000);
    release(200);
    await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', key });
    await slow.close();
  });

  it('retries after receiver 500s on the schedule, with the same webhook-id, until a 2xx', async () => {
    const flaky = await startReceiver('/flaky');
    flaky.answer = (_d, index) => (index < 2 ? 500 : 204);
    const endpoint = await addEndpoint(key, ['campaign.created'], flaky.url);
    const campaign = await (await t.request('/public/v1/campaigns', { method: 'POST', key, json: { name: 'Retry me' } })).json();
    await flaky.waitFor((d) => d.json.type === 'campaign.created', 5_000);
    await expect.poll(() => flaky.received.length, { timeout: 15_000 }).toBe(3);
    const ids = new Set(flaky.received.map((d) => d.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const d of flaky.received) expect((new Webhook(endpoint.secret).verify(d.body, d.headers) as { data: { id: string } }).data.id).toBe(campaign.data.id);
    // The first retry waits 5 s × scale, the second 5 min × scale.
    expect(flaky.received[2]!.receivedAt - flaky.received[1]!.receivedAt).toBeGreaterThanOrEqual(250);
    await expect
      .poll(async () => (await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key })).json()).data[0], { timeout: 3_000 })
      .toMatchObject({ status: 'succeeded', attempts: 3, last_response_code: 204, last_error: null });
    const current = await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { key })).json();
    expect(current.data.failing_since).toBeNull();
    await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', key });
    await flaky.close();
  });

  it('a manual retry sends a finished delivery again; a test event reaches one endpoint whatever it subscribes to', async () => {
    const endpoint = await addEndpoint(key, ['deck.created']);
    const test = await t.request(`/public/v1/webhook-endpoints/${endpoint.id}/test`, { method: 'POST', key });
    expect(test.status).toBe(202);
    const queued = (await test.json()).data;
    expect(queued).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    const first = await receiver.waitFor((d) => d.headers['webhook-id'] === queued.event_id);
    expect(new Webhook(endpoint.secret).verify(first.body, first.headers)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    await expect
      .poll(async () => (await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key })).json()).data[0]?.status)
      .toBe('succeeded');

    const before = receiver.received.filter((d) => d.headers['webhook-id'] === queued.event_id).length;
    const retry = await t.request(`/public/v1/webhook-endpoints/${endpoint.id}/deliveries/${queued.id}/retry`, { method: 'POST', key });
    expect(retry.status).toBe(202);
    expect((await retry.json()).data).toMatchObject({ id: queued.id, status: 'pending' });
    await expect.poll(() => receiver.received.filter((d) => d.headers['webhook-id'] === queued.event_id).length).toBe(before + 1);
    await expect
      .poll(async () => (await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key })).json()).data[0])
      .toMatchObject({ status: 'succeeded', attempts: 2 });
    await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', key });
  });

  it('after a rotation sends two signatures: the old secret and the new one both verify, for 24 h', async () => {
    const endpoint = await addEndpoint(key, ['campaign.updated']);
    const rotated = await t.request(`/public/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: 'POST', key });
    expect(rotated.status).toBe(200);
    const { data } = await rotated.json();
    expect(data.secret).toMatch(/^whsec_/);
    expect(data.secret).not.toBe(endpoint.secret);
    const expires = Date.parse(data.previous_secret_expires_at) - Date.now();
    expect(expires).toBeGreaterThan(23.9 * 3600_000);
    expect(expires).toBeLessThanOrEqual(24 * 3600_000);

    const campaign = await (await t.request('/public/v1/campaigns', { method: 'POST', key, json: { name: 'Rotating' } })).json();
    await t.request(`/public/v1/campaigns/${campaign.data.id}`, { method: 'PATCH', key, json: { name: 'Rotated' } });
    const delivery = await receiver.waitFor((d) => d.json.type === 'campaign.updated' && d.json.data.id === campaign.data.id);
    expect(delivery.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(data.secret).verify(delivery.body, delivery.headers)).toMatchObject({ data: { name: 'Rotated' } });
    expect(new Webhook(endpoint.secret).verify(delivery.body, delivery.headers)).toMatchObject({ data: { name: 'Rotated' } });
    // The secret is never shown again.
    const read = await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { key })).json();
    expect(read.data.secret).toBeUndefined();
    expect(JSON.stringify(read)).not.toContain('whsec_');
    await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', key });
  });

  it('reuses one keep-alive connection for consecutive deliveries to an endpoint', async () => {
    const own = await startReceiver('/pooled');
    try {
      const endpoint = await addEndpoint(key, ['campaign.created'], own.url);
      for (let i = 0; i < 4; i += 1) {
        const campaign = await (await t.request('/public/v1/campaigns', { method: 'POST', key, json: { name: `Pooled ${i}` } })).json();
        await own.waitFor((d) => d.json.type === 'campaign.created' && d.json.data.id === campaign.data.id);
      }
      expect(own.received).toHaveLength(4);
      expect(own.connections).toBe(1);
      await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', key });
    } finally {
      await own.close();
    }
  });

  it('writes no event when the change’s transaction fails, and one when it commits', async () => {
    const endpoint = await addEndpoint(key, ['*']);
    const eventsBefore = await t.db.webhookEvent.count({ where: { ownerId: agency.id } });
    await expect(
      t.db.$transaction(async (tx) => {
        await emitEvents(t.app.services.jobs, tx, { type: 'agency', id: agency.id }, [{ type: 'deck.created', data: { id: 'never' } }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // A refused API write (a deck naming a creator not on the roster → 404) emits nothing either.
    const refused = await t.request('/public/v1/decks', { method: 'POST', key, json: { title: 'Nope', creator_ids: ['aaaaaaaaaaaaaaaaaaaaaaaa'] } });
    expect(refused.status).toBe(404);
    expect(await t.db.webhookEvent.count({ where: { ownerId: agency.id } })).toBe(eventsBefore);

    const deck = await t.request('/public/v1/decks', { method: 'POST', key, json: { title: 'Yes' } });
    expect(deck.status).toBe(201);
    const deckId = (await deck.json()).data.id;
    const events = await t.db.webhookEvent.findMany({ where: { ownerId: agency.id, type: 'deck.created' } });
    expect(events.filter((e) => (e.payload as { data: { id: string } }).data.id === deckId)).toHaveLength(1);
    const delivered = await receiver.waitFor((d) => d.json.type === 'deck.created' && d.json.data.id === deckId);
    // URLs in the payload are built on PUBLIC_BASE_URL, like the API's.
    expect(delivered.json.data.share_url).toBe(`${t.app.services.config.publicBaseUrl}/d/${String(delivered.json.data.slug)}`);
    await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', key });
  });

  it('disables an endpoint whose deliveries have all failed for 5 days (scaled), and queues nothing for it after', async () => {
    const failing = await startReceiver('/down');
    failing.answer = () => 503;
    const endpoint = await addEndpoint(key, ['media_kit.created'], failing.url);
    // Scale the clock down further for this test: 5 days → 0.86 s, the whole schedule → ~0.2 s.
    const config = t.app.services.config;
    const scale = config.webhookRetryScale;
    config.webhookRetryScale = 0.000002;
    try {
      const creator = await (await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: 'Down Receiver' } })).json();
      await t.request('/public/v1/media-kits/new', { method: 'POST', key, json: { creator_id: creator.data.creator.id, name: 'Kit one' } });
      await expect
        .poll(async () => (await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key })).json()).data[0]?.status, { timeout: 15_000 })
        .toBe('failed');
      const log = (await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key })).json()).data[0];
      // Every scheduled attempt failed (8), unless the 5-day mark passed first and disabled the endpoint
      // — possibly while the endpoint's open circuit held this delivery back before any attempt.
      expect(log).toMatchObject({ next_attempt_at: null });
      expect(log.last_error).toMatch(/HTTP 503|endpoint is disabled/);
      if (/HTTP 503/.test(String(log.last_error))) expect(log).toMatchObject({ last_response_code: 503 });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await t.request('/public/v1/media-kits/new', { method: 'POST', key, json: { creator_id: creator.data.creator.id, name: 'Kit two' } });
      await expect
        .poll(async () => (await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { key })).json()).data, { timeout: 15_000 })
        .toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
      // The agency's owner hears of it by mail, with the way back.
      const owner = await t.db.user.findUniqueOrThrow({ where: { id: agency.ownerUserId } });
      const mail = await mailbox.next(owner.email, /webhook endpoint was disabled/);
      expect(mail.text).toContain(failing.url);
      expect(mail.links).toContain(`${t.app.services.config.publicBaseUrl}/settings/webhooks`);
      const deliveries = await t.db.webhookDelivery.count({ where: { endpointId: endpoint.id } });
      await t.request('/public/v1/media-kits/new', { method: 'POST', key, json: { creator_id: creator.data.creator.id, name: 'Kit three' } });
      expect(await t.db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(deliveries);
      // Enabling it again clears the failure record.
      const enabled = await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { method: 'PATCH', key, json: { status: 'enabled' } })).json();
      expect(enabled.data).toMatchObject({ status: 'enabled', disabled_reason: null, failing_since: null });
    } finally {
      config.webhookRetryScale = scale;
      await failing.close();
    }
  });

  it('checks the URL again at every delivery: a private address is refused once the test switch is off', async () => {
    const endpoint = await addEndpoint(key, ['campaign.created']);
    const config = t.app.services.config;
    config.fetchAllowPrivateNetworks = false;
    try {
      await t.request('/public/v1/campaigns', { method: 'POST', key, json: { name: 'Nowhere' } });
      await expect
        .poll(async () => (await (await t.request(`/public/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key })).json()).data[0]?.last_error, { timeout: 3_000 })
        .toMatch(/must be an https URL|not a public address/);
    } finally {
      config.fetchAllowPrivateNetworks = true;
    }
    await t.request(`/public/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', key });
  });
});
