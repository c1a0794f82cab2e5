import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageViewBuffer } from '../../src/server/services/page-view-buffer';
import { addressKey } from '../../src/server/services/page-view-rules';
import { insertPageViews } from '../../src/server/services/page-views';
import { rebuildPageViewRollups } from '../../src/server/services/page-view-rollups';
import { type PageViewTarget } from '../../src/server/services/page-view-rules';
import { createLogger } from '../../src/server/lib/logger';
import { parseTrustedProxies } from '../../src/server/lib/client-address';
import { startTestApp, type TestApp } from '../support/app';
import { BROWSER, startSharePages, type SharePages } from './support';

const uid = () => Math.random().toString(36).slice(2, 10);
const DAY = 86_400_000;

async function linkInBio(t: TestApp) {
  const creator = await t.creatorAccount();
  const key = await t.key({ type: 'creator', id: creator.id });
  const slug = `views-${uid()}`;
  const response = await t.request('/public/v1/link-in-bio', { method: 'POST', key, json: { slug, username: `u${uid()}` } });
  const { data } = (await response.json()) as { data: { id: string } };
  return { id: data.id, path: `/l/${slug}`, creatorId: creator.id };
}

const rawViews = (t: TestApp, resourceId: string) => t.db.pageView.count({ where: { resourceId } });
const rollup = (t: TestApp, resourceId: string) =>
  t.db.pageViewRollup.aggregate({ where: { scope: 'resource', scopeId: resourceId }, _sum: { views: true, visitors: true } }).then((r) => r._sum);

describe('share-page views: counted in memory, written in batches, capped per address', () => {
  let t: TestApp;
  let pages: SharePages;
  beforeAll(async () => {
    // Behind a trusted proxy (the loopback test client): the client address comes from
    // X-Forwarded-For, so a test can be many visitors.
    t = await startTestApp({ config: { trustedProxies: parseTrustedProxies('127.0.0.0/8') } });
    pages = await startSharePages(t);
  });
  afterAll(async () => {
    await pages.close();
    await t.close();
  });

  it('counts every load from distinct addresses exactly once the buffer is flushed, cached or not', async () => {
    const page = await linkInBio(t);
    for (let i = 0; i < 200; i += 1) {
      const response = await pages.get(page.path, { 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}` });
      expect(response.status).toBe(200);
    }
    // From the cache but for the first load and, on a slow machine, a refresh per TTL (5 s) elapsed.
    expect(pages.renders.filter((p) => p === page.path).length).toBeLessThanOrEqual(4);
    await t.app.services.pageViews.flush();
    expect(await rawViews(t, page.id)).toBe(200);
    expect(await rollup(t, page.id)).toEqual({ views: 200, visitors: 200 });
  });

  it('counts at most 60 loads per page per address per hour, however the User-Agent changes', async () => {
    const page = await linkInBio(t);
    const other = await linkInBio(t);
    for (let i = 0; i < 75; i += 1) {
      await pages.get(page.path, { 'x-forwarded-for': '203.0.113.77', 'user-agent': `${BROWSER} rotation/${i}` });
    }
    // Another page, and another address, have caps of their own.
    await pages.get(other.path, { 'x-forwarded-for': '203.0.113.77' });
    await pages.get(page.path, { 'x-forwarded-for': '203.0.113.78' });
    // IPv6: one /64 is one subscriber.
    for (let i = 0; i < 65; i += 1) await pages.get(other.path, { 'x-forwarded-for': `2001:db8:1:2::${(i + 1).toString(16)}` });
    await t.app.services.pageViews.flush();
    expect(await rawViews(t, page.id)).toBe(61);
    expect(await rawViews(t, other.id)).toBe(61);
    // The 60 counted loads from one address are 60 visitor ids (the UA is part of the id), as before the cap.
    expect((await rollup(t, page.id)).views).toBe(61);
  });

  it('skips crawlers, link unfurlers and prefetches, and the password form of a locked deck', async () => {
    const page = await linkInBio(t);
    const notPeople: Record<string, string>[] = [
      { 'user-agent': 'curl/8.5.0' },
      { 'user-agent': 'facebookexternalhit/1.1' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
      { 'sec-purpose': 'prefetch' },
      { 'user-agent': '' },
    ];
    for (const headers of notPeople) {
      expect((await pages.get(page.path, { 'x-forwarded-for': '192.0.2.10', ...headers })).status).toBe(200);
    }
    const agency = await t.agency({ plan: 'pro' });
    const key = await t.key({ type: 'agency', id: agency.id });
    const deck = (await (await t.request('/public/v1/decks', { method: 'POST', key, json: { title: `Locked ${uid()}`, visibility: 'link', password: 'a-long-password-1' } })).json()) as {
      data: { id: string; slug: string };
    };
    await pages.get(`/d/${deck.data.slug}`, { 'x-forwarded-for': '192.0.2.11' });
    await t.app.services.pageViews.flush();
    expect(await rawViews(t, page.id)).toBe(0);
    expect(await rawViews(t, deck.data.id)).toBe(0);
  });

  it('does no database work per load: views wait in memory for the flush', async () => {
    const page = await linkInBio(t);
    const buffer = new PageViewBuffer(t.db, { logger: createLogger('silent'), maxPerAddressPerHour: 60, flushIntervalMs: 3_600_000 });
    const target: PageViewTarget = { type: 'link_in_bio', id: page.id, owner: { type: 'creator', id: page.creatorId } };
    for (let i = 0; i < 50; i += 1) {
      expect(buffer.record(target, new Headers({ 'user-agent': BROWSER }), `198.18.0.${i + 1}`)).toEqual({ recorded: true });
    }
    expect(buffer.size).toBe(50);
    expect(await rawViews(t, page.id)).toBe(0);
    expect(await buffer.flush()).toBe(50);
    expect(buffer.size).toBe(0);
    expect(await rawViews(t, page.id)).toBe(50);
    await buffer.close();
  });

  it('keeps a batch whose write failed and writes it with the next flush', async () => {
    const page = await linkInBio(t);
    const target: PageViewTarget = { type: 'link_in_bio', id: page.id, owner: { type: 'creator', id: page.creatorId } };
    const broken = { ...t.db, $queryRawUnsafe: () => Promise.reject(new Error('database unavailable')) } as unknown as TestApp['db'];
    const buffer = new PageViewBuffer(broken, { logger: createLogger('silent'), maxPerAddressPerHour: 60, flushIntervalMs: 3_600_000 });
    buffer.record(target, new Headers({ 'user-agent': BROWSER }), '198.18.1.1');
    buffer.record(target, new Headers({ 'user-agent': BROWSER }), '198.18.1.2');
    await expect(buffer.flush()).rejects.toThrow('database unavailable');
    expect(buffer.size).toBe(2);
    const healthy = new PageViewBuffer(t.db, { logger: createLogger('silent'), maxPerAddressPerHour: 60, flushIntervalMs: 3_600_000 });
    // The same buffered views, handed to a working connection: nothing was lost.
    (healthy as unknown as { pending: unknown[] }).pending = (buffer as unknown as { pending: unknown[] }).pending;
    expect(await healthy.flush()).toBe(2);
    expect(await rawViews(t, page.id)).toBe(2);
    await healthy.close();
  });

  it('writes batches exactly as one-by-one counting would (rebuilding from raw views changes nothing)', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    const kits: PageViewTarget[] = [];
    for (const name of ['Batch One', 'Batch Two']) {
      const created = (await (await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: name } })).json()) as { data: { media_kit: { id: string } } };
      kits.push({ type: 'media_kit', id: created.data.media_kit.id, owner: { type: 'agency', id: agency.id } });
    }
    const now = Date.now();
    // Returning visitors across slots and days, several views of one visitor inside one batch.
    const views = Array.from({ length: 300 }, (_, i) => ({ target: kits[i % 2]!, visitorHash: `v${i % 23}`, at: now - (i % 3) * DAY - ((i * 7919) % 96) * 900_000 }));
    for (let start = 0; start < views.length; start += 40) await insertPageViews(t.db, views.slice(start, start + 40));
    const read = () =>
      t.db.pageViewRollup.findMany({
        where: { OR: [{ scopeId: { in: kits.map((k) => k.id) } }, { scopeId: agency.id }] },
        orderBy: [{ resourceType: 'asc' }, { scope: 'asc' }, { scopeId: 'asc' }, { day: 'asc' }],
      });
    const kept = await read();
    expect(kept.reduce((sum, r) => sum + (r.scope === 'resource' ? r.views : 0), 0)).toBe(300);
    await rebuildPageViewRollups(t.db, { owner: { type: 'agency', id: agency.id } });
    expect(await read()).toEqual(kept);
  });
});

describe('the per-address cap unit', () => {
  it('is the IPv4 address, or the /64 of an IPv6 one', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
  });
});

describe('graceful shutdown writes buffered views', () => {
  let dir: string | null = null;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('app.close() (what SIGTERM runs) flushes what the buffer holds', async () => {
    // On the embedded database the second app reopens the same folder; on PostgreSQL the same database.
    dir = process.env.DATABASE_URL ? null : await mkdtemp(path.join(tmpdir(), 'views-shutdown-'));
    const config = dir ? { pgliteDataDir: dir } : {};
    const first = await startTestApp({ config });
    const page = await linkInBio(first);
    const target: PageViewTarget = { type: 'link_in_bio', id: page.id, owner: { type: 'creator', id: page.creatorId } };
    for (let i = 0; i < 25; i += 1) first.app.services.pageViews.record(target, new Headers({ 'user-agent': BROWSER }), `198.18.2.${i + 1}`);
    expect(first.app.services.pageViews.size).toBe(25);
    await first.close();
    const second = await startTestApp({ config });
    try {
      expect(await rawViews(second, page.id)).toBe(25);
    } finally {
      await second.close();
    }
    // Two starts of a file-backed embedded database (with migrations) on a busy machine.
  }, 180_000);
});
