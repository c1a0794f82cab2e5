import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredEvents } from '../../src/server/services/events';
import { csvForm, upload } from '../creator-imports/support';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { startReceiver, type Receiver } from '../webhooks/receiver';

const PROBLEMS = 'https://creator-api.dev/problems/';

/**
 * The events API (issue 31): every event is a resource its account can list and read, endpoint or
 * not, the same as its deliveries carry; another account's is 404; events older than 30 days whose
 * deliveries have ended are swept.
 */
describe('events API', () => {
  let t: TestApp;
  let receiver: Receiver;
  let agencyKey: string;
  let otherKey: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true, webhookRetryScale: 0.001 } });
    receiver = await startReceiver();
    agencyKey = await t.key({ type: 'agency', id: (await t.agency()).id });
    otherKey = await t.key({ type: 'agency', id: (await t.agency()).id });
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const createCampaign = async (key: string, name: string) => {
    const response = await t.request('/public/v1/campaigns', { method: 'POST', key, json: { name } });
    expect(response.status).toBe(201);
    return (await response.json()).data as { id: string; name: string };
  };
  const listEvents = async (key: string, query = '') => {
    const response = await t.request(`/public/v1/events${query}`, { key });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: { id: string; type: string; created_at: string; data: { id: string } }[]; meta: { next_cursor: string | null } };
  };

  it('records events without any webhook endpoint, lists them newest first with type and since filters, and pages them', async () => {
    const before = new Date(Date.now() - 1_000).toISOString();
    const campaigns = [];
    for (const name of ['Events one', 'Events two', 'Events three']) campaigns.push(await createCampaign(agencyKey, name));
    const deck = await t.request('/public/v1/decks', { method: 'POST', key: agencyKey, json: { title: 'Events deck' } });
    expect(deck.status).toBe(201);
    const deckId = (await deck.json()).data.id as string;

    const all = await listEvents(agencyKey);
    expect(all.data.map((event) => event.type)).toEqual(['deck.created', 'campaign.created', 'campaign.created', 'campaign.created']);
    expect(all.data[0]!.data.id).toBe(deckId);
    // The campaign exactly as the API returned it.
    expect(all.data[3]).toMatchObject({ type: 'campaign.created', data: campaigns[0] });
    expect(Date.parse(all.data[3]!.created_at)).toBeGreaterThanOrEqual(Date.parse(before));

    const campaignEvents = await listEvents(agencyKey, '?type=campaign.created');
    expect(campaignEvents.data.map((event) => event.data.id)).toEqual(campaigns.map((c) => c.id).reverse());
    expect((await listEvents(agencyKey, `?since=${encodeURIComponent(before)}`)).data).toHaveLength(4);
    expect((await listEvents(agencyKey, `?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).data).toHaveLength(0);

    const first = await listEvents(agencyKey, '?type=campaign.created&limit=2');
    expect(first.data.map((event) => event.data.id)).toEqual([campaigns[2]!.id, campaigns[1]!.id]);
    expect(first.meta.next_cursor).toEqual(expect.any(String));
    const second = await listEvents(agencyKey, `?type=campaign.created&limit=2&cursor=${encodeURIComponent(first.meta.next_cursor!)}`);
    expect(second.data.map((event) => event.data.id)).toEqual([campaigns[0]!.id]);
    expect(second.meta.next_cursor).toBeNull();
    // A cursor belongs to its filters.
    const mixed = await t.request(`/public/v1/events?limit=2&cursor=${encodeURIComponent(first.meta.next_cursor!)}`, { key: agencyKey });
    expect(mixed.status).toBe(400);

    const one = await t.request(`/public/v1/events/${all.data[1]!.id}`, { key: agencyKey });
    expect(one.status).toBe(200);
    expect((await one.json()).data).toEqual(all.data[1]);
  });

  it('records the events of a CSV import job for an account without endpoints', async () => {
    const key = await t.key({ type: 'agency', id: (await t.agency()).id });
    const response = await upload(t, key, csvForm('display_name,instagram\nImported One,@imported.one.events\nImported Two,@imported.two.events\n'));
    expect(response.status).toBe(202);
    const importId = (await response.json()).data.id as string;
    await expect.poll(async () => (await listEvents(key, '?type=creator_import.completed')).data.map((e) => e.data.id), { timeout: 20_000 }).toEqual([importId]);
    const created = (await listEvents(key, '?type=creator.created')).data;
    expect(created.map((e) => (e.data as { display_name?: string }).display_name).sort()).toEqual(['Imported One', 'Imported Two']);
    expect((await listEvents(key, '?type=media_kit.created')).data).toHaveLength(2);
  });

  it('refuses an unknown type or a malformed since (400)', async () => {
    const badType = await t.request('/public/v1/events?type=creator.deleted', { key: agencyKey });
    expect(badType.status).toBe(400);
    expect((await readProblem(badType)).errors?.[0]).toMatchObject({ path: 'query.type' });
    const badSince = await t.request('/public/v1/events?since=yesterday', { key: agencyKey });
    expect(badSince.status).toBe(400);
    expect((await readProblem(badSince)).errors?.[0]).toMatchObject({ path: 'query.since' });
  });

  it('shows each account only its own events: another account’s event is 404 and absent from its list', async () => {
    const mine = await createCampaign(agencyKey, 'Mine only');
    const event = (await listEvents(agencyKey, '?type=campaign.created')).data.find((e) => e.data.id === mine.id)!;
    const other = await t.request(`/public/v1/events/${event.id}`, { key: otherKey });
    expect(other.status).toBe(404);
    expect((await readProblem(other)).type).toBe(`${PROBLEMS}not-found`);
    expect((await listEvents(otherKey)).data.some((e) => e.id === event.id)).toBe(false);
    expect((await t.request('/public/v1/events/aaaaaaaaaaaaaaaaaaaaaaaa', { key: agencyKey })).status).toBe(404);
  });

  it('serves creator keys their own events, under webhooks:read', async () => {
    const creator = await t.creatorAccount();
    const creatorKey = await t.key({ type: 'creator', id: creator.id });
    const campaign = await createCampaign(creatorKey, 'Creator campaign');
    expect((await listEvents(creatorKey)).data).toEqual([expect.objectContaining({ type: 'campaign.created', data: campaign })]);
    const readOnly = await t.key({ type: 'creator', id: creator.id }, ['webhooks:read']);
    expect((await listEvents(readOnly)).data).toHaveLength(1);
    const noWebhooks = await t.key({ type: 'creator', id: creator.id }, ['campaigns:read']);
    const refused = await t.request('/public/v1/events', { key: noWebhooks });
    expect(refused.status).toBe(403);
    expect((await readProblem(refused)).type).toBe(`${PROBLEMS}insufficient-scope`);
  });

  it('returns what the delivery carried: same id (webhook-id), type, timestamp and data', async () => {
    const endpoint = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key: agencyKey, json: { url: receiver.url, events: ['campaign.created'] } });
    expect(endpoint.status).toBe(201);
    const campaign = await createCampaign(agencyKey, 'Delivered and listed');
    const delivery = await receiver.waitFor((d) => d.json.type === 'campaign.created' && d.json.data.id === campaign.id, 20_000);
    const event = await t.request(`/public/v1/events/${delivery.headers['webhook-id']}`, { key: agencyKey });
    expect(event.status).toBe(200);
    expect((await event.json()).data).toEqual({ id: delivery.headers['webhook-id'], type: 'campaign.created', created_at: delivery.json.timestamp, data: delivery.json.data });
    await t.request(`/public/v1/webhook-endpoints/${(await endpoint.json()).data.id}`, { method: 'DELETE', key: agencyKey });
  });

  it('sweeps events older than 30 days with their ended deliveries, and keeps one whose delivery is still pending', async () => {
    const sweepKey = await t.key({ type: 'agency', id: (await t.agency()).id });
    const endpointResponse = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key: sweepKey, json: { url: receiver.url, events: ['campaign.created'] } });
    const endpointId = (await endpointResponse.json()).data.id as string;
    for (const name of ['Old delivered', 'Old pending', 'Recent']) await createCampaign(sweepKey, name);
    await expect
      .poll(async () => (await (await t.request(`/public/v1/webhook-endpoints/${endpointId}/deliveries?status=succeeded`, { key: sweepKey })).json()).data.length, { timeout: 20_000 })
      .toBe(3);
    const [recent, oldPending, oldDelivered] = (await listEvents(sweepKey)).data;
    // 31 days ago; one delivery put back to pending (its next attempt due later), as a retry in flight would be.
    await t.db.webhookEvent.updateMany({ where: { id: { in: [oldPending!.id, oldDelivered!.id] } }, data: { createdAt: new Date(Date.now() - 31 * 24 * 3600_000) } });
    await t.db.webhookDelivery.updateMany({ where: { eventId: oldPending!.id }, data: { status: 'pending', nextAttemptAt: new Date(Date.now() + 3600_000) } });
    const deliveredId = (await t.db.webhookDelivery.findFirstOrThrow({ where: { eventId: oldDelivered!.id } })).id;
    expect(await t.db.webhookDeliveryAttempt.count({ where: { deliveryId: deliveredId } })).toBe(1);

    let deleted = 0;
    for (let swept = -1; swept !== 0; ) deleted += swept = await sweepExpiredEvents(t.db, { limit: 1_000 });
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await t.request(`/public/v1/events/${oldDelivered!.id}`, { key: sweepKey })).status).toBe(404);
    expect((await t.request(`/public/v1/events/${oldPending!.id}`, { key: sweepKey })).status).toBe(200);
    expect((await t.request(`/public/v1/events/${recent!.id}`, { key: sweepKey })).status).toBe(200);
    // Its delivery and attempts went with it.
    expect((await t.request(`/public/v1/webhook-endpoints/${endpointId}/deliveries/${deliveredId}`, { key: sweepKey })).status).toBe(404);
    expect(await t.db.webhookDeliveryAttempt.count({ where: { deliveryId: deliveredId } })).toBe(0);
    expect((await listEvents(sweepKey)).data.map((e) => e.id)).toEqual([recent!.id, oldPending!.id]);
  });
});
