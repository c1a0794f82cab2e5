import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { startReceiver, type Receiver } from './receiver';

const PROBLEMS = 'https://creator-api.dev/problems/';

/** The endpoints API over HTTP: shapes, validation, scopes, and that each account sees only its own. */
describe('webhook endpoints API', () => {
  let t: TestApp;
  let receiver: Receiver;
  let agencyKey: string;
  let otherAgencyKey: string;
  let creatorKey: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true, webhookRetryScale: 0.001 } });
    receiver = await startReceiver();
    agencyKey = await t.key({ type: 'agency', id: (await t.agency()).id });
    otherAgencyKey = await t.key({ type: 'agency', id: (await t.agency()).id });
    creatorKey = await t.key({ type: 'creator', id: (await t.creatorAccount()).id });
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const create = (key: string, json: unknown) => t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json });

  it('creates (201, secret once), lists, reads, patches and deletes (204) an endpoint', async () => {
    const created = await create(agencyKey, { url: receiver.url, events: ['creator.created', 'deck.updated', 'creator.created'], description: 'CRM sync' });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toBeTruthy();
    const { data } = await created.json();
    expect(data).toMatchObject({
      url: receiver.url,
      description: 'CRM sync',
      events: ['creator.created', 'deck.updated'],
      status: 'enabled',
      disabled_reason: null,
      failing_since: null,
      previous_secret_expires_at: null,
    });
    expect(data.secret).toMatch(/^whsec_/);

    const listed = await (await t.request('/public/v1/webhook-endpoints', { key: agencyKey })).json();
    expect(listed.data.map((e: { id: string }) => e.id)).toContain(data.id);
    expect(listed.meta).toMatchObject({ limit: 25 });
    expect(JSON.stringify(listed)).not.toContain(data.secret);

    const patched = await t.request(`/public/v1/webhook-endpoints/${data.id}`, { method: 'PATCH', key: agencyKey, json: { events: ['*'], description: null, status: 'disabled' } });
    expect(patched.status).toBe(200);
    expect((await patched.json()).data).toMatchObject({ events: ['*'], description: null, status: 'disabled', disabled_reason: 'manual' });

    // A disabled endpoint gets no test event and no retries.
    const test = await t.request(`/public/v1/webhook-endpoints/${data.id}/test`, { method: 'POST', key: agencyKey });
    expect(test.status).toBe(409);

    const deleted = await t.request(`/public/v1/webhook-endpoints/${data.id}`, { method: 'DELETE', key: agencyKey });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect(deleted.headers.get('x-request-id')).toBeTruthy();
    expect((await t.request(`/public/v1/webhook-endpoints/${data.id}`, { key: agencyKey })).status).toBe(404);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const unknownType = await create(agencyKey, { url: receiver.url, events: ['creator.deleted'] });
    expect(unknownType.status).toBe(400);
    expect((await readProblem(unknownType)).errors?.[0]?.path).toBe('body.events[0]');

    const starAndMore = await create(agencyKey, { url: receiver.url, events: ['*', 'deck.created'] });
    expect((await readProblem(starAndMore)).errors?.[0]?.path).toBe('body.events');

    const testType = await create(agencyKey, { url: receiver.url, events: ['webhook.test'] });
    expect(testType.status).toBe(400);

    const missing = await create(agencyKey, { events: ['*'] });
    expect((await readProblem(missing)).errors?.[0]).toMatchObject({ path: 'body.url', code: 'required' });

    const notUrl = await create(agencyKey, { url: 'not a url', events: ['*'] });
    expect((await readProblem(notUrl)).errors?.[0]?.path).toBe('body.url');

    const emptyPatch = await t.request('/public/v1/webhook-endpoints/aaaaaaaaaaaaaaaaaaaaaaaa', { method: 'PATCH', key: agencyKey, json: {} });
    expect(emptyPatch.status).toBe(400);
  });

  it('lists every event type with a description and payload schema', async () => {
    const response = await t.request('/public/v1/event-types', { key: creatorKey });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    const types = data.map((e: { type: string }) => e.type);
    for (const type of [
      'creator.created', 'creator_import.completed', 'creator_import.failed', 'media_kit.created', 'media_kit.updated', 'deck.created', 'deck.updated',
      'campaign.created', 'campaign.updated', 'link_in_bio.created', 'link_in_bio.updated', 'link_in_bio_import.completed', 'link_in_bio_import.failed', 'webhook.test',
    ]) {
      expect(types).toContain(type);
    }
    // The OpenAPI 3.1 document describes the same events under `webhooks`, with the retry schedule.
    const doc = await (await t.request('/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...types].sort());
    expect(doc.webhooks['creator.created'].post.requestBody.content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/Creator' });
    expect(doc['x-webhook-retry-schedule-seconds']).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(doc.info.description).toContain("import { Webhook } from 'standardwebhooks';");
    const creatorCreated = data.find((e: { type: string }) => e.type === 'creator.created');
    expect(creatorCreated.description).toBeTruthy();
    // Which account types each event type fires for: roster and decks are an agency's, link in bio a creator's.
    const subjectsOf = Object.fromEntries(data.map((e: { type: string; subjects: string[] }) => [e.type, e.subjects]));
    expect(subjectsOf).toMatchObject({
      'creator.created': ['agency'],
      'creator_import.completed': ['agency'],
      'deck.updated': ['agency'],
      'media_kit.updated': ['agency', 'creator'],
      'campaign.created': ['agency', 'creator'],
      'link_in_bio.updated': ['creator'],
      'link_in_bio_import.failed': ['creator'],
      'webhook.test': ['agency', 'creator'],
    });
    expect(data.every((e: { subjects: string[] }) => e.subjects.length > 0)).toBe(true);
    expect(creatorCreated.payload_schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['type', 'timestamp', 'data']) });
  });

  it('keeps endpoints and deliveries to their account: another key gets 404 and the rows are untouched', async () => {
    const mine = (await (await create(agencyKey, { url: receiver.url, events: ['campaign.created'] })).json()).data;
    await t.request('/public/v1/campaigns', { method: 'POST', key: agencyKey, json: { name: 'Private plans' } });
    const delivery = await receiver.waitFor((d) => d.json.type === 'campaign.created' && d.json.data.name === 'Private plans');
    await expect
      .poll(async () => (await (await t.request(`/public/v1/webhook-endpoints/${mine.id}/deliveries?status=succeeded`, { key: agencyKey })).json()).data.length)
      .toBe(1);
    const log = (await (await t.request(`/public/v1/webhook-endpoints/${mine.id}/deliveries`, { key: agencyKey })).json()).data;
    expect(log).toHaveLength(1);
    expect((await (await t.request(`/public/v1/webhook-endpoints/${mine.id}/deliveries?status=failed`, { key: agencyKey })).json()).data).toHaveLength(0);
    expect((await t.request(`/public/v1/webhook-endpoints/${mine.id}/deliveries?status=bogus`, { key: agencyKey })).status).toBe(400);

    for (const key of [otherAgencyKey, creatorKey]) {
      expect((await t.request(`/public/v1/webhook-endpoints/${mine.id}`, { key })).status).toBe(404);
      expect((await t.request(`/public/v1/webhook-endpoints/${mine.id}`, { method: 'PATCH', key, json: { status: 'disabled' } })).status).toBe(404);
      expect((await t.request(`/public/v1/webhook-endpoints/${mine.id}/rotate-secret`, { method: 'POST', key })).status).toBe(404);
      expect((await t.request(`/public/v1/webhook-endpoints/${mine.id}/test`, { method: 'POST', key })).status).toBe(404);
      expect((await t.request(`/public/v1/webhook-endpoints/${mine.id}/deliveries`, { key })).status).toBe(404);
      expect((await t.request(`/public/v1/webhook-endpoints/${mine.id}/deliveries/${log[0].id}/retry`, { method: 'POST', key })).status).toBe(404);
      expect((await t.request(`/public/v1/webhook-endpoints/${mine.id}`, { method: 'DELETE', key })).status).toBe(404);
      const theirs = (await (await t.request('/public/v1/webhook-endpoints', { key })).json()).data;
      expect(theirs.map((e: { id: string }) => e.id)).not.toContain(mine.id);
    }
    const after = (await (await t.request(`/public/v1/webhook-endpoints/${mine.id}`, { key: agencyKey })).json()).data;
    expect(after).toMatchObject({ status: 'enabled', events: ['campaign.created'] });

    // Another account's changes never reach this endpoint.
    const before = receiver.received.length;
    await t.request('/public/v1/campaigns', { method: 'POST', key: otherAgencyKey, json: { name: 'Not yours' } });
    await t.request('/public/v1/campaigns', { method: 'POST', key: creatorKey, json: { name: 'Not yours either' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.slice(before).filter((d) => d.json.data.name?.toString().startsWith('Not yours'))).toHaveLength(0);
    expect(delivery.headers['webhook-id']).toBe(log[0].event_id);
  });

  it('needs webhooks:read / webhooks:write, for agency and creator keys alike', async () => {
    const creatorSubject = await t.creatorAccount();
    const readOnly = await t.key({ type: 'creator', id: creatorSubject.id }, ['webhooks:read']);
    const noWebhooks = await t.key({ type: 'creator', id: creatorSubject.id }, ['campaigns:read']);
    expect((await t.request('/public/v1/webhook-endpoints', { key: readOnly })).status).toBe(200);
    const refused = await create(readOnly, { url: receiver.url, events: ['*'] });
    expect(refused.status).toBe(403);
    expect((await readProblem(refused)).type).toBe(`${PROBLEMS}insufficient-scope`);
    expect((await t.request('/public/v1/event-types', { key: noWebhooks })).status).toBe(403);
    const creatorEndpoint = await create(creatorKey, { url: receiver.url, events: ['link_in_bio.created'] });
    expect(creatorEndpoint.status).toBe(201);
  });
});

describe('webhook endpoint URLs without the private-network switch (SSRF guard)', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: false } });
    key = await t.key({ type: 'agency', id: (await t.agency()).id });
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['http://example.com/hooks', 'must be an https URL'],
    ['https://127.0.0.1/hooks', 'not a public address'],
    ['https://[::1]/hooks', 'not a public address'],
    ['https://169.254.169.254/latest/meta-data', 'not a public address'],
    ['https://10.1.2.3/hooks', 'not a public address'],
    ['https://[::ffff:192.168.1.1]/hooks', 'not a public address'],
    ['https://localhost/hooks', 'not a public address'],
    ['https://example.com:8443/hooks', 'default https port'],
    ['https://user:pass@example.com/hooks', 'user name or password'],
  ])('refuses %s', async (url, why) => {
    const response = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url, events: ['*'] } });
    expect(response.status).toBe(400);
    const problem = await readProblem(response);
    expect(problem.errors?.[0]?.path).toBe('body.url');
    expect(problem.detail).toContain(why);
  });

  it('says only "not a public address" about a host name: never what it resolves to, nor whether it resolves', async () => {
    const refusal = async (url: string) => {
      const response = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url, events: ['*'] } });
      expect(response.status).toBe(400);
      const problem = await readProblem(response);
      expect(problem.errors?.[0]).toMatchObject({ path: 'body.url', code: 'blocked_address' });
      return problem.detail;
    };
    // localhost resolves (the hosts file) to loopback; *.invalid never resolves (RFC 6761).
    const resolvesPrivately = await refusal('https://localhost/hooks');
    const doesNotResolve = await refusal('https://no-such-host.invalid/hooks');
    expect(resolvesPrivately).toBe('The URL has a host (localhost) that is not a public address.');
    expect(doesNotResolve).toBe('The URL has a host (no-such-host.invalid) that is not a public address.');
    expect(resolvesPrivately).not.toMatch(/127\.0\.0\.1|::1|resolves/);
  });

  it('refuses every IPv4-mapped IPv6 address (::ffff:0:0/96), a public IPv4 address inside included', async () => {
    for (const url of ['https://[::ffff:8.8.8.8]/hooks', 'https://[::ffff:808:808]/hooks']) {
      const response = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url, events: ['*'] } });
      expect(response.status, url).toBe(400);
      const problem = await readProblem(response);
      expect(problem.errors?.[0]).toMatchObject({ path: 'body.url', code: 'blocked_address' });
      expect(problem.detail).toContain('not a public address');
    }
  });
});
