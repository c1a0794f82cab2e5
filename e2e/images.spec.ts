import { expect, test } from '@playwright/test';
import { createKey, signUp } from './support';

/**
 * No open proxy: /_next/image fetches nothing for anyone (the optimizer is off; owners' pictures are
 * plain <img> tags of their URLs), and a share page's Open Graph card is drawn once per content and
 * then served from memory.
 */

test('/_next/image is off: any URL, public or not, is 404 and nothing is fetched', async ({ request }) => {
  for (const url of ['https://example.com/picture.png', 'https://images.unsplash.com/photo-1?fm=jpg', '/icon.svg']) {
    const response = await request.get(`/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`);
    expect(response.status(), url).toBe(404);
  }
});

test('a share page’s Open Graph image is drawn once, then served from the cache until the page changes', async ({ page, request }) => {
  await signUp(page, 'agency', 'og-cache');
  await page.goto('/settings/api-keys');
  const secret = await createKey(page, 'OG cache', ['roster:write', 'media_kits:read', 'media_kits:write']);
  const call = async (method: 'POST' | 'PATCH', path: string, data: unknown) => {
    const response = await request.fetch(`/public/v1${path}`, { method, headers: { authorization: `Bearer ${secret}` }, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()).data;
  };
  const added = await call('POST', '/creators', { display_name: 'Olga Graph', socials: [{ platform: 'instagram', handle_or_url: `@olga.${Date.now()}` }] });
  const kit = await call('PATCH', `/media-kits/${added.media_kit.id}`, { headline: 'First headline' });
  // The card's address as crawlers find it: the page's og:image (Next names the route, with a suffix).
  const ogImageOf = async (shareUrl: string) => {
    const html = await (await request.get(shareUrl)).text();
    const image = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(image, html.slice(0, 500)).toMatch(/opengraph-image/);
    return image!;
  };
  const imageUrl = await ogImageOf(kit.share_url);

  const first = await request.get(imageUrl);
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toBe('image/png');
  const second = await request.get(imageUrl);
  expect(second.headers()['x-og-cache']).toBe('hit');
  expect(Buffer.compare(await first.body(), await second.body())).toBe(0);

  // An edit changes the card: drawn afresh.
  await call('PATCH', `/media-kits/${added.media_kit.id}`, { headline: 'Second headline' });
  await expect.poll(async () => (await request.get(await ogImageOf(kit.share_url))).headers()['x-og-cache']).toBe('miss');
});
