import { mkdtemp, rm } from 'node:fs/promises';
import { operatorActor } from '../../src/server/domain/actor';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../src/server/config';
import { newObjectId } from '../../src/server/lib/object-id';
import { updateMediaKit } from '../../src/server/services/media-kits';
import { csvForm, upload } from '../creator-imports/support';
import { startTestApp, type TestApp } from '../support/app';
import { startReceiver, type Receiver } from './receiver';

/** Events come from every write path (API, services called by the UI and tools, import jobs). */
describe('events from every write path', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true, webhookRetryScale: 0.001 } });
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  async function subscribe(key: string) {
    const response = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url: receiver.url, events: ['*'] } });
    return (await response.json()).data as { id: string; secret: string };
  }

  it('a CSV import sends creator.created per new creator and creator_import.completed with every row', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    const endpoint = await subscribe(key);
    const csv = 'display_name,instagram\nRow One,@row.one.hooks\nRow Two,@row.two.hooks\n,@no.name\n';
    const response = await upload(t, key, csvForm(csv));
    expect(response.status).toBe(202);
    const importId = (await response.json()).data.id;
    const completed = await receiver.waitFor((d) => d.json.type === 'creator_import.completed' && d.json.data.id === importId, 10_000);
    const body = new Webhook(endpoint.secret).verify(completed.body, completed.headers) as { data: { status: string; rows: { status: string; creator_id: string | null }[] } };
    expect(body.data.status).toBe('completed');
    expect(body.data.rows.map((r) => r.status)).toEqual(['created', 'created', 'failed']);
    for (const row of body.data.rows.filter((r) => r.creator_id)) {
      await receiver.waitFor((d) => d.json.type === 'creator.created' && d.json.data.id === row.creator_id);
      await receiver.waitFor((d) => d.json.type === 'media_kit.created' && d.json.data.creator_id === row.creator_id);
    }
    // The same shape GET /creator-imports/{id} answers.
    const read = await (await t.request(`/public/v1/creator-imports/${importId}`, { key })).json();
    expect(body.data).toEqual(read.data);
  });

  it('link in bio: created and updated from the API, the import job’s completion and the blocks it added', async () => {
    const creator = await t.creatorAccount();
    const key = await t.key({ type: 'creator', id: creator.id });
    await subscribe(key);
    const page = await t.request('/public/v1/link-in-bio', { method: 'POST', key, json: { slug: `hooks-${newObjectId().slice(-6)}`, username: `hooks${newObjectId().slice(-6)}` } });
    expect(page.status).toBe(201);
    const pageId = (await page.json()).data.id;
    await receiver.waitFor((d) => d.json.type === 'link_in_bio.created' && d.json.data.id === pageId);
    await t.request('/public/v1/link-in-bio', { method: 'PATCH', key, json: { bio: 'Now with webhooks' } });
    await receiver.waitFor((d) => d.json.type === 'link_in_bio.updated' && d.json.data.bio === 'Now with webhooks');

    // The import reads a page served by a loopback fixture (the test-only private-network switch is on).
    const html = '<html><body><h2>Shop</h2><a href="https://store.example.com/a">Store A</a></body></html>';
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const started = await t.request('/public/v1/link-in-bio/imports', { method: 'POST', key, json: { source_url: `${origin}/ada` } });
      expect(started.status).toBe(202);
      const importId = (await started.json()).data.id;
      const done = await receiver.waitFor((d) => d.json.type === 'link_in_bio_import.completed' && d.json.data.id === importId, 10_000);
      expect(done.json.data).toMatchObject({ status: 'completed', blocks_created: 2 });
      const updated = await receiver.waitFor((d) => d.json.type === 'link_in_bio.updated' && (d.json.data.blocks as unknown[]).length === 2);
      expect(updated.headers['webhook-id']).not.toBe(done.headers['webhook-id']);

      const failed = await t.request('/public/v1/link-in-bio/imports', { method: 'POST', key, json: { source_url: `http://127.0.0.1:1/nothing` } });
      const failedId = (await failed.json()).data.id;
      await receiver.waitFor((d) => d.json.type === 'link_in_bio_import.failed' && d.json.data.id === failedId, 15_000);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a service call from outside the API (the settings UI’s server actions, the tool interface) emits too', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    await subscribe(key);
    const created = await (await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: 'Edited In UI' } })).json();
    const kitId = created.data.media_kit.id;
    await updateMediaKit(t.app.services, operatorActor(), { type: 'agency', id: agency.id }, kitId, { headline: 'Edited in the editor' });
    const updated = await receiver.waitFor((d) => d.json.type === 'media_kit.updated' && d.json.data.id === kitId);
    expect(updated.json.data.headline).toBe('Edited in the editor');
    // The payload is the API's media kit, URLs included.
    const read = await (await t.request(`/public/v1/media-kits/${kitId}`, { key })).json();
    expect(updated.json.data).toEqual(read.data);
  });
});

describe('a restart in the middle of the retry schedule', () => {
  let dataDir: string | null = null;
  const apps: TestApp[] = [];
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    if (!process.env.DATABASE_URL) dataDir = await mkdtemp(path.join(os.tmpdir(), 'creator-api-webhooks-'));
  });

  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await receiver?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a retry scheduled before the service stopped is made by the next process', async () => {
    // Both processes share the database and the job queue; 0.4 puts the first retry 2 s after the failure.
    const jobs = { ...loadConfig(process.env).jobs, queue: `restart-${newObjectId()}` };
    const config = { fetchAllowPrivateNetworks: true, webhookRetryScale: 0.4, jobs, ...(dataDir ? { pgliteDataDir: dataDir } : {}) };
    const first = await startTestApp({ config });
    apps.push(first);
    const agency = await first.agency();
    const key = await first.key({ type: 'agency', id: agency.id });
    receiver.answer = (_d, index) => (index === 0 ? 500 : 200);
    const endpoint = (await (await first.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url: receiver.url, events: ['deck.created'] } })).json()).data;
    const deck = (await (await first.request('/public/v1/decks', { method: 'POST', key, json: { title: 'Survives restarts' } })).json()).data;
    await receiver.waitFor((d) => d.json.data.id === deck.id);
    await expect
      .poll(async () => (await (await first.request(`/public/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key })).json()).data[0])
      .toMatchObject({ status: 'pending', attempts: 1, last_response_code: 500 });
    await first.close();
    apps.pop();

    const second = await startTestApp({ config });
    apps.push(second);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(2);
    const [failedAttempt, retry] = receiver.received;
    expect(retry!.headers['webhook-id']).toBe(failedAttempt!.headers['webhook-id']);
    expect(retry!.receivedAt - failedAttempt!.receivedAt).toBeGreaterThanOrEqual(1_900);
    expect(new Webhook(endpoint.secret).verify(retry!.body, retry!.headers)).toMatchObject({ type: 'deck.created', data: { id: deck.id } });
    // Keys, endpoints and deliveries live in the shared database.
    await expect
      .poll(async () => (await (await second.request(`/public/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key })).json()).data[0])
      .toMatchObject({ status: 'succeeded', attempts: 2, last_response_code: 200 });
    // Two boots of a database on disk (the embedded one migrates from scratch on the first).
  }, 120_000);
});
