import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../src/server/domain/actor';
import { setPlan } from '../../src/server/services/accounts';
import { createApiKey } from '../../src/server/services/api-keys';
import { getPublicMediaKit } from '../../src/server/services/public-pages';
import { csvForm, upload, waitForImport } from '../creator-imports/support';
import { startTestApp, type TestApp } from '../support/app';
import { startReceiver, type Receiver } from '../webhooks/receiver';

/**
 * Test mode (issue 31) over real HTTP: a `crk_test_` key acts on the sandbox twin of its agency or
 * creator, and nothing made in one mode is visible in the other — 404 on its id, absent from lists —
 * for every resource type; social identities dedupe per mode; test events reach test endpoints only.
 */
type Json = Record<string, any>;

describe('test mode: crk_test_ keys on a sandbox twin', () => {
  let t: TestApp;
  let liveReceiver: Receiver;
  let testReceiver: Receiver;
  const agency = { id: '', live: '', test: '' };
  const creator = { id: '', live: '', test: '' };

  const testKey = async (subject: { type: 'agency' | 'creator'; id: string }) => (await createApiKey(t.db, { subject, name: 'sandbox', scopes: ['all'], test: true })).secret;

  async function call(key: string, method: string, path: string, json?: unknown): Promise<{ status: number; body: Json }> {
    const response = await t.request(`/public/v1${path}`, { method, key, ...(json === undefined ? {} : { json }) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
  }
  async function made(key: string, path: string, json: unknown): Promise<Json> {
    const { status, body } = await call(key, 'POST', path, json);
    expect(status, `POST ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
    return body.data as Json;
  }
  const listIds = async (key: string, path: string): Promise<string[]> => {
    const { status, body } = await call(key, 'GET', path);
    expect(status, `GET ${path}`).toBe(200);
    return (body.data as Json[]).map((item) => String(item.id ?? item.creator?.id ?? item.request_id));
  };

  /** `id` made with `owner`'s key: the other key gets 404 on it and does not find it in the list. */
  async function expectIsolated(resource: string, owner: string, other: string, get: string, list: string | null, id: string) {
    expect((await call(owner, 'GET', get)).status, `${resource}: its own mode sees it`).toBe(200);
    const refused = await call(other, 'GET', get);
    expect(refused.status, `${resource}: the other mode gets 404`).toBe(404);
    expect(refused.body.type).toMatch(/not-found$/);
    if (list) {
      expect(await listIds(owner, list), `${resource}: listed in its own mode`).toContain(id);
      expect(await listIds(other, list), `${resource}: not listed in the other mode`).not.toContain(id);
    }
  }

  beforeAll(async () => {
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true, webhookRetryScale: 0.001, rateLimitRequests: 1_000_000 } });
    [liveReceiver, testReceiver] = await Promise.all([startReceiver('/live'), startReceiver('/test')]);
    agency.id = (await t.agency({ plan: 'scale' })).id;
    agency.live = await t.key({ type: 'agency', id: agency.id });
    agency.test = await testKey({ type: 'agency', id: agency.id });
    creator.id = (await t.creatorAccount({ plan: 'pro' })).id;
    creator.live = await t.key({ type: 'creator', id: creator.id });
    creator.test = await testKey({ type: 'creator', id: creator.id });
  });

  afterAll(async () => {
    await t?.close();
    await liveReceiver?.close();
    await testReceiver?.close();
  });

  it('makes crk_test_ keys whose GET /me says livemode false and names the twin; live keys say true', async () => {
    expect(agency.test).toMatch(/^crk_test_agency_[0-9A-Za-z]{36}$/);
    expect(creator.test).toMatch(/^crk_test_creator_[0-9A-Za-z]{36}$/);
    expect(agency.live).toMatch(/^crk_agency_/);
    const live = await call(agency.live, 'GET', '/me');
    const test = await call(agency.test, 'GET', '/me');
    expect(live.body.data).toMatchObject({ subject_type: 'agency', subject_id: agency.id, livemode: true });
    expect(test.body.data).toMatchObject({ subject_type: 'agency', livemode: false, user_id: live.body.data.user_id, scopes: live.body.data.scopes });
    expect(test.body.data.subject_id).not.toBe(agency.id);
    const twin = await t.db.agency.findUniqueOrThrow({ where: { id: test.body.data.subject_id } });
    expect(twin).toMatchObject({ livemode: false, liveId: agency.id, planCode: 'scale' });
    const creatorMe = await call(creator.test, 'GET', '/me');
    expect(creatorMe.body.data).toMatchObject({ subject_type: 'creator', livemode: false, user_id: (await call(creator.live, 'GET', '/me')).body.data.user_id });
  });

  it('makes one twin per subject, even for concurrent first test keys; the twin follows the live plan', async () => {
    const other = await t.agency();
    const keys = await Promise.all(Array.from({ length: 5 }, () => testKey({ type: 'agency', id: other.id })));
    const subjects = await Promise.all(keys.map(async (key) => (await call(key, 'GET', '/me')).body.data.subject_id as string));
    expect(new Set(subjects).size).toBe(1);
    expect(await t.db.agency.count({ where: { liveId: other.id } })).toBe(1);
    await setPlan(t.db, operatorActor('test'), { type: 'agency', id: other.id }, { planCode: 'pro' });
    expect((await t.db.agency.findUniqueOrThrow({ where: { id: subjects[0] } })).planCode).toBe('pro');
  });

  it('isolates an agency’s creators, media kits, decks, campaigns, imports and previews both ways', async () => {
    for (const [own, other] of [
      [agency.live, agency.test],
      [agency.test, agency.live],
    ] as const) {
      const created = (await made(own, '/creators', { display_name: 'Mode Creator' })).creator as Json;
      await expectIsolated('creator', own, other, `/creators/${created.id}`, '/creators', created.id);
      // Using the other mode's creator to make something is refused the same way.
      expect((await call(other, 'POST', '/media-kits/new', { creator_id: created.id, name: 'Cross' })).status).toBe(404);
      const kit = await made(own, '/media-kits/new', { creator_id: created.id, name: 'Mode Kit' });
      await expectIsolated('media kit', own, other, `/media-kits/${kit.id}`, '/media-kits', kit.id);
      const deck = await made(own, '/decks', { title: 'Mode Deck' });
      await expectIsolated('deck', own, other, `/decks/${deck.id}`, '/decks', deck.id);
      const campaign = await made(own, '/campaigns', { name: 'Mode Campaign' });
      await expectIsolated('campaign', own, other, `/campaigns/${campaign.id}`, '/campaigns', campaign.id);
      const preview = await made(own, '/creator-imports/previews', { rows: [{ display_name: 'Preview Row' }] });
      await expectIsolated('import preview', own, other, `/creator-imports/previews/${preview.id}`, null, preview.id);
      expect((await call(other, 'POST', `/creator-imports/previews/${preview.id}/commit`)).status).toBe(404);
      const imported = await upload(t, own, csvForm('display_name\nImported In Mode\n'));
      expect(imported.status).toBe(202);
      const importId = ((await imported.json()) as Json).data.id as string;
      await waitForImport(t, own, importId);
      await expectIsolated('creator import', own, other, `/creator-imports/${importId}`, null, importId);
    }
  }, 120_000);

  it('isolates a creator’s link-in-bio page, media kits and campaigns both ways', async () => {
    const unique = Math.random().toString(36).slice(2, 8);
    expect((await call(creator.test, 'GET', '/link-in-bio')).status).toBe(404);
    await made(creator.live, '/link-in-bio', { slug: `live-${unique}`, username: `live_${unique}` });
    expect((await call(creator.test, 'GET', '/link-in-bio')).status).toBe(404);
    await made(creator.test, '/link-in-bio', { slug: `test-${unique}`, username: `test_${unique}` });
    expect((await call(creator.live, 'GET', '/link-in-bio')).body.data.slug).toBe(`live-${unique}`);
    expect((await call(creator.test, 'GET', '/link-in-bio')).body.data.slug).toBe(`test-${unique}`);
    for (const [own, other] of [
      [creator.live, creator.test],
      [creator.test, creator.live],
    ] as const) {
      const kit = await made(own, '/media-kits/new', { name: 'Creator Mode Kit' });
      await expectIsolated('media kit', own, other, `/media-kits/${kit.id}`, '/media-kits', kit.id);
      const campaign = await made(own, '/campaigns', { name: 'Creator Mode Campaign' });
      await expectIsolated('campaign', own, other, `/campaigns/${campaign.id}`, '/campaigns', campaign.id);
    }
  });

  it('dedupes social identities per mode: the same handle is one creator per mode, two across modes', async () => {
    const handle = `@mode.${Math.random().toString(36).slice(2, 8)}`;
    const body = { display_name: 'Same Person', socials: [{ platform: 'instagram', handle_or_url: handle }] };
    const live = await call(agency.live, 'POST', '/creators', body);
    const test = await call(agency.test, 'POST', '/creators', body);
    expect(live.status).toBe(201);
    expect(test.status).toBe(201);
    expect(test.body.data.creator.id).not.toBe(live.body.data.creator.id);
    const liveAgain = await call(agency.live, 'POST', '/creators', body);
    const testAgain = await call(agency.test, 'POST', '/creators', body);
    expect(liveAgain.status).toBe(200);
    expect(liveAgain.body.data.creator.id).toBe(live.body.data.creator.id);
    expect(testAgain.status).toBe(200);
    expect(testAgain.body.data.creator.id).toBe(test.body.data.creator.id);
  });

  it('marks what a test agency adds as test data: its share pages know they are test mode', async () => {
    const created = (await made(agency.test, '/creators', { display_name: 'Sandbox Face' })).creator as Json;
    expect((await t.db.creator.findUniqueOrThrow({ where: { id: created.id } })).livemode).toBe(false);
    const kit = await made(agency.test, '/media-kits/new', { creator_id: created.id, name: 'Sandbox Kit' });
    const page = await getPublicMediaKit(t.db, kit.slug as string);
    expect(page?.livemode).toBe(false);
    const liveCreator = (await made(agency.live, '/creators', { display_name: 'Live Face' })).creator as Json;
    const liveKit = await made(agency.live, '/media-kits/new', { creator_id: liveCreator.id, name: 'Live Kit' });
    expect((await getPublicMediaKit(t.db, liveKit.slug as string))?.livemode).toBe(true);
  });

  it('isolates webhook endpoints, events and deliveries; events of test data reach test endpoints only', async () => {
    const liveEndpoint = await made(agency.live, '/webhook-endpoints', { url: liveReceiver.url, events: ['*'] });
    const testEndpoint = await made(agency.test, '/webhook-endpoints', { url: testReceiver.url, events: ['*'] });
    await expectIsolated('webhook endpoint', agency.live, agency.test, `/webhook-endpoints/${liveEndpoint.id}`, '/webhook-endpoints', liveEndpoint.id);
    await expectIsolated('webhook endpoint', agency.test, agency.live, `/webhook-endpoints/${testEndpoint.id}`, '/webhook-endpoints', testEndpoint.id);
    expect((await call(agency.live, 'GET', `/webhook-endpoints/${testEndpoint.id}/deliveries`)).status).toBe(404);

    const testCreator = (await made(agency.test, '/creators', { display_name: 'Event In Test' })).creator as Json;
    const liveCreator = (await made(agency.live, '/creators', { display_name: 'Event In Live' })).creator as Json;
    const testDelivery = await testReceiver.waitFor((d) => d.json.type === 'creator.created' && d.json.data.id === testCreator.id, 20_000);
    await liveReceiver.waitFor((d) => d.json.type === 'creator.created' && d.json.data.id === liveCreator.id, 20_000);
    expect(liveReceiver.received.some((d) => d.json.data.id === testCreator.id)).toBe(false);
    expect(testReceiver.received.some((d) => d.json.data.id === liveCreator.id)).toBe(false);

    const eventId = testDelivery.headers['webhook-id']!;
    await expectIsolated('event', agency.test, agency.live, `/events/${eventId}`, '/events', eventId);
  }, 60_000);

  it('sends a synthetic test event of a chosen type to one endpoint, marked test, in its mode only', async () => {
    const testEndpoint = await made(agency.test, '/webhook-endpoints', { url: `${testReceiver.url}?synthetic`, events: ['creator.created'] });
    const queued = await call(agency.test, 'POST', `/webhook-endpoints/${testEndpoint.id}/test-events`, { type: 'deck.created' });
    expect(queued.status).toBe(202);
    expect(queued.body.data).toMatchObject({ endpoint_id: testEndpoint.id, event_type: 'deck.created', status: 'pending' });
    const received = await testReceiver.waitFor((d) => d.headers['webhook-id'] === queued.body.data.event_id, 20_000);
    const payload = JSON.parse(received.body) as Json;
    expect(payload).toMatchObject({ type: 'deck.created', test: true });
    expect(payload.data).toMatchObject({ id: expect.any(String), title: expect.any(String) });
    expect(liveReceiver.received.some((d) => d.headers['webhook-id'] === queued.body.data.event_id)).toBe(false);
    // The live key cannot reach the test endpoint; an event type that never fires for the account is refused.
    expect((await call(agency.live, 'POST', `/webhook-endpoints/${testEndpoint.id}/test-events`, { type: 'deck.created' })).status).toBe(404);
    const wrongType = await call(agency.test, 'POST', `/webhook-endpoints/${testEndpoint.id}/test-events`, { type: 'link_in_bio.created' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0].path).toBe('body.type');
    expect((await call(agency.test, 'POST', `/webhook-endpoints/${testEndpoint.id}/test-events`, { type: 'nope' })).status).toBe(400);
  }, 60_000);

  it('keeps request logs and the audit log apart: each mode sees only its own', async () => {
    const liveCall = await t.request('/public/v1/me', { key: agency.live });
    const testCall = await t.request('/public/v1/me', { key: agency.test });
    const liveRequestId = liveCall.headers.get('x-request-id')!;
    const testRequestId = testCall.headers.get('x-request-id')!;
    await t.app.services.requestLogs.flush();
    const liveEntry = await call(agency.live, 'GET', `/request-logs/${liveRequestId}`);
    expect(liveEntry.body.data).toMatchObject({ request_id: liveRequestId, mode: 'live' });
    const testEntry = await call(agency.test, 'GET', `/request-logs/${testRequestId}`);
    expect(testEntry.body.data).toMatchObject({ request_id: testRequestId, mode: 'test' });
    expect((await call(agency.test, 'GET', `/request-logs/${liveRequestId}`)).status).toBe(404);
    expect((await call(agency.live, 'GET', `/request-logs/${testRequestId}`)).status).toBe(404);
    const testLog = await call(agency.test, 'GET', '/request-logs');
    expect((testLog.body.data as Json[]).every((entry) => entry.mode === 'test')).toBe(true);

    // The test key's creation is audited on the twin, not on the live agency.
    const liveAudit = (await call(agency.live, 'GET', '/audit-events')).body.data as Json[];
    const testAudit = (await call(agency.test, 'GET', '/audit-events')).body.data as Json[];
    const created = (entries: Json[]) => entries.filter((e) => e.action === 'api_key.created').map((e) => e.changes.start[1] as string);
    expect(created(testAudit).every((start) => start.startsWith('crk_test_agency_'))).toBe(true);
    expect(created(testAudit).length).toBeGreaterThan(0);
    expect(created(liveAudit).some((start) => start.startsWith('crk_test_'))).toBe(false);
  });

  it('refuses a key whose prefix does not match its mode', async () => {
    const forged = agency.test.replace('crk_test_', 'crk_');
    expect((await t.request('/public/v1/me', { key: forged })).status).toBe(401);
  });
});
