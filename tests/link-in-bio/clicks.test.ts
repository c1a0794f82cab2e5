import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkClickRedirect } from '../../src/server/http/link-click-redirect';
import { CLIENT_ADDRESS_HEADER } from '../../src/server/lib/client-address';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Click counts per link-in-bio block: the public page's buttons go through /l/<slug>/go/<block id>,
 * which counts the click (people only, capped per address, written in batches) and redirects to the
 * block's stored URL — never anywhere a request names. Over real HTTP: the redirect served the way
 * server.ts serves it (the client address set as the node listener sets it), and GET /link-in-bio.
 */

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('link-in-bio click counting: /l/<slug>/go/<block id>', () => {
  let t: TestApp;
  let key: string;
  let otherKey: string;
  let pages: http.Server;
  let base: string;
  let slug: string;
  let blocks: { id: string; client_id: string; clicks: number; url: string | null }[];
  let otherSlug: string;
  let otherBlockId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const creator = await t.creatorAccount({ name: 'Click Counter' });
    key = await t.key({ type: 'creator', id: creator.id }, ['link_in_bio:read', 'link_in_bio:write']);
    const other = await t.creatorAccount({ name: 'Other Page' });
    otherKey = await t.key({ type: 'creator', id: other.id }, ['link_in_bio:read', 'link_in_bio:write']);
    const stamp = Date.now().toString(36);
    slug = `clicks-${stamp}`;
    otherSlug = `other-${stamp}`;
    const created = await t.request('/public/v1/link-in-bio', {
      method: 'POST',
      key,
      json: {
        slug,
        username: `clicks_${stamp}`,
        blocks: [
          { client_id: 'shop', type: 'link', title: 'Shop', url: 'https://shop.example.com/x?ref=bio' },
          { client_id: 'hidden', type: 'link', title: 'Hidden', url: 'https://hidden.example.com/', visible: false },
          { client_id: 'heading', type: 'title', title: 'Heading' },
        ],
      },
    });
    expect(created.status).toBe(201);
    blocks = ((await created.json()) as { data: { blocks: typeof blocks } }).data.blocks;
    const otherPage = await t.request('/public/v1/link-in-bio', {
      method: 'POST',
      key: otherKey,
      json: { slug: otherSlug, username: `other_${stamp}`, blocks: [{ client_id: 'evil', type: 'link', title: 'Elsewhere', url: 'https://elsewhere.example.net/' }] },
    });
    otherBlockId = ((await otherPage.json()) as { data: { blocks: { id: string }[] } }).data.blocks[0]!.id;

    const redirect = createLinkClickRedirect(t.app.services);
    pages = http.createServer((req, res) => {
      // As the node listener does for page requests: the client address it resolved (tests pick it).
      req.headers[CLIENT_ADDRESS_HEADER] = String(req.headers['x-test-client'] ?? req.socket.remoteAddress);
      if (!redirect.handle(req, res)) {
        res.statusCode = 404;
        res.end('not a click path');
      }
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => pages.close(() => resolve()));
    await t.close();
  });

  const go = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { redirect: 'manual', headers: { 'user-agent': BROWSER, ...headers } });
  const block = (clientId: string) => blocks.find((b) => b.client_id === clientId)!;
  async function clicksOf(clientId: string): Promise<number> {
    await t.app.services.linkClicks.flush();
    const page = (await (await t.request('/public/v1/link-in-bio', { key })).json()) as { data: { blocks: { client_id: string; clicks: number }[] } };
    return page.data.blocks.find((b) => b.client_id === clientId)!.clicks;
  }

  it('GET /link-in-bio shows clicks: 0 on every block before any click', () => {
    expect(blocks.map((b) => b.clicks)).toEqual([0, 0, 0]);
  });

  it('redirects to the stored URL and counts the click', async () => {
    const response = await go(`/l/${slug}/go/${block('shop').id}`, { 'x-test-client': '203.0.113.10' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://shop.example.com/x?ref=bio');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await clicksOf('shop')).toBe(1);
  });

  it('does not inflate: one address counts at most 3 clicks of a block per hour; bots and prefetches count none', async () => {
    const before = await clicksOf('shop');
    for (let i = 0; i < 10; i += 1) {
      const response = await go(`/l/${slug}/go/${block('shop').id}`, { 'x-test-client': '198.51.100.7' });
      // Every visitor still gets where the link goes.
      expect(response.status).toBe(302);
    }
    // The same /64 is the same visitor, whatever address inside it.
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:db8:1:2:aaaa::9', '2001:db8:1:2::77']) {
      expect((await go(`/l/${slug}/go/${block('shop').id}`, { 'x-test-client': address })).status).toBe(302);
    }
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'facebookexternalhit/1.1', '']) {
      expect((await go(`/l/${slug}/go/${block('shop').id}`, { 'user-agent': ua, 'x-test-client': '192.0.2.50' })).status).toBe(302);
    }
    expect((await go(`/l/${slug}/go/${block('shop').id}`, { 'sec-purpose': 'prefetch', 'x-test-client': '192.0.2.51' })).status).toBe(302);
    // HEAD (link checkers) redirects without counting.
    expect((await fetch(`${base}/l/${slug}/go/${block('shop').id}`, { method: 'HEAD', redirect: 'manual', headers: { 'user-agent': BROWSER, 'x-test-client': '192.0.2.52' } })).status).toBe(302);
    expect(await clicksOf('shop')).toBe(before + 3 + 3);
  });

  it('cannot be used as an open redirect: only a visible link of that very page redirects, to its stored URL', async () => {
    const before = await clicksOf('shop');
    const refused = [
      // Another creator's block under this page's slug, and this page's block under another slug.
      `/l/${slug}/go/${otherBlockId}`,
      `/l/${otherSlug}/go/${block('shop').id}`,
      // A hidden link, a heading (no URL), an unknown id, a malformed id.
      `/l/${slug}/go/${block('hidden').id}`,
      `/l/${slug}/go/${block('heading').id}`,
      `/l/${slug}/go/aaaaaaaaaaaaaaaaaaaaaaaa`,
      `/l/${slug}/go/not-an-id`,
      // Destinations smuggled in the path or encoded slashes.
      `/l/${slug}/go/https%3A%2F%2Fevil.example`,
      `/l/${slug}/go/%2F%2Fevil.example`,
      `/l/nope/go/${block('shop').id}`,
    ];
    for (const path of refused) {
      const response = await go(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('location'), path).toBeNull();
    }
    // Query strings and extra path segments never choose the destination.
    const withQuery = await go(`/l/${slug}/go/${block('shop').id}?url=https://evil.example&next=//evil.example`, { 'x-test-client': '203.0.113.99' });
    expect(withQuery.status).toBe(302);
    expect(withQuery.headers.get('location')).toBe('https://shop.example.com/x?ref=bio');
    expect((await go(`/l/${slug}/go/${block('shop').id}/https://evil.example`)).status).toBe(404);
    // Only GET and HEAD are click paths.
    expect((await fetch(`${base}/l/${slug}/go/${block('shop').id}`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
    expect(await clicksOf('shop')).toBe(before + 1);
  });

  it('a URL changed later is where the next click goes', async () => {
    const saved = await t.request('/public/v1/link-in-bio/blocks', { method: 'POST', key, json: { type: 'link', block_id: block('shop').id, url: 'https://shop.example.com/new' } });
    expect(saved.status).toBeLessThan(300);
    const response = await go(`/l/${slug}/go/${block('shop').id}`, { 'x-test-client': '203.0.113.120' });
    expect(response.headers.get('location')).toBe('https://shop.example.com/new');
  });

  it('counts are per block and only readable by the page owner', async () => {
    expect(await clicksOf('hidden')).toBe(0);
    expect(await clicksOf('heading')).toBe(0);
    const other = (await (await t.request('/public/v1/link-in-bio', { key: otherKey })).json()) as { data: { blocks: { clicks: number }[] } };
    expect(other.data.blocks[0]!.clicks).toBe(0);
  });
});
