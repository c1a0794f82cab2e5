import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { createKey, expectAccessible, screenshot, signUp } from './support';

/**
 * Link previews as a social app's crawler sees them: each share page's HTML names an og:image that
 * answers a 1200×630 PNG, plus og:site_name, og:url and a canonical link; a locked deck says nothing
 * but its title and agency. Site icons exist. Each share page kind passes axe on a phone too.
 */

test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' });

async function api(request: APIRequestContext, secret: string, method: 'GET' | 'POST' | 'PATCH', route: string, data?: unknown) {
  const response = await request.fetch(`/public/v1${route}`, { method, headers: { authorization: `Bearer ${secret}` }, data });
  expect(response.status(), `${method} ${route}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data;
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;

/** Fetches a share URL as a crawler would, checks its preview tags and image, and keeps the image. */
async function expectPreview(request: APIRequestContext, shareUrl: string, testInfo: TestInfo, name: string) {
  const html = await (await request.get(shareUrl)).text();
  expect(meta(html, 'og:site_name'), name).toBe('creator-api');
  expect(meta(html, 'og:url'), name).toBe(shareUrl);
  expect(canonical(html), name).toBe(shareUrl);
  expect(meta(html, 'twitter:card'), name).toBe('summary_large_image');
  const image = meta(html, 'og:image');
  expect(image, name).toMatch(/^http:\/\/localhost:\d+\/.+opengraph-image/);
  expect(meta(html, 'og:image:width')).toBe('1200');
  expect(meta(html, 'og:image:height')).toBe('630');
  const response = await request.get(image!);
  expect(response.status(), name).toBe(200);
  expect(response.headers()['content-type'], name).toBe('image/png');
  const png = await response.body();
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `og-${name}.png`), png);
  return html;
}

async function onPhone(page: Page, testInfo: TestInfo, url: string, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(url).pathname);
  await expectAccessible(page, name);
  await screenshot(page, testInfo, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(new URL(url).pathname);
  await expectAccessible(page, name);
  await screenshot(page, testInfo, name);
}

test('every share page kind has a link preview, passes axe, and looks right on a phone', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(180_000);
  // Agency: roster creator with socials and metrics-free kit, a public deck, a locked deck, a published report.
  await signUp(page, 'agency', 'previews');
  await page.goto('/settings/api-keys');
  const agencyKey = await createKey(page, 'Previews', ['roster:write', 'media_kits:read', 'media_kits:write', 'decks:write', 'decks:read', 'campaigns:write', 'campaigns:read']);
  const added = await api(request, agencyKey, 'POST', '/creators', {
    display_name: 'Nia Nakamura',
    country: 'JP',
    languages: ['ja', 'en'],
    tags: ['food', 'travel'],
    socials: [
      { platform: 'instagram', handle_or_url: '@nia.eats' },
      { platform: 'tiktok', handle_or_url: '@nia.eats' },
      { platform: 'youtube', handle_or_url: '@niaeats' },
    ],
  });
  const kit = await api(request, agencyKey, 'PATCH', `/media-kits/${added.media_kit.id}`, {
    headline: 'Tokyo food and travel',
    bio: 'Street food, night markets and slow travel.',
    contact_email: 'nia@example.com',
    accent_color: '#E11D48',
  });
  const deck = await api(request, agencyKey, 'POST', '/decks', { title: 'Spring food creators', creator_ids: [added.creator.id], bio: 'For spring launches.' });
  const locked = await api(request, agencyKey, 'POST', '/decks', { title: 'Confidential picks', creator_ids: [added.creator.id], bio: 'Secret content', password: 'open sesame 42' });

  for (const [url, name] of [
    [kit.share_url, 'media-kit'],
    [deck.share_url, 'deck'],
  ] as const) {
    await expectPreview(request, url, testInfo, name);
    await onPhone(page, testInfo, url, `share-${name}-styled`);
  }
  const lockedHtml = await expectPreview(request, locked.share_url, testInfo, 'deck-locked');
  expect(meta(lockedHtml, 'og:title')).toBe(`Confidential picks · Acme Talent`);
  expect(meta(lockedHtml, 'og:description')).toBe('A password-protected pitch deck from Acme Talent.');
  expect(lockedHtml).not.toContain('Secret content');
  expect(lockedHtml).not.toContain('Server-to-server');

  // Media kit: countries and languages as names, platform icons.
  await page.goto(new URL(kit.share_url).pathname);
  await expect(page.getByText('Japan · Japanese, English')).toBeVisible();
  await expect(page.getByRole('link', { name: /Instagram @nia\.eats/ }).locator('svg')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Made with creator-api' })).toHaveAttribute('href', '/');

  // The agency's public roster, published and then reached from the roster page's own link.
  await page.goto('/editor/roster');
  await page.getByRole('button', { name: 'Publish roster page' }).click();
  await expect(page.getByRole('link', { name: 'View public roster' })).toBeVisible();
  const rosterUrl = new URL((await page.getByRole('link', { name: 'View public roster' }).getAttribute('href'))!, kit.share_url).toString();
  await expectPreview(request, rosterUrl, testInfo, 'roster');
  await onPhone(page, testInfo, rosterUrl, 'share-roster-styled');

  // A campaign report published from the campaign editor, with one participant and one post.
  const campaign = await api(request, agencyKey, 'POST', '/campaigns', { name: 'Spring launch', cpm: { instagram: 25 } });
  await page.goto(new URL(campaign.editor_url).pathname);
  await page.getByRole('form', { name: 'Add a participant' }).getByRole('button', { name: 'Add participant' }).click();
  const post = page.getByRole('form', { name: 'Add a post' });
  await post.getByLabel('Post URL').fill('https://www.instagram.com/p/spring1/');
  await post.getByLabel('Views').fill('40000');
  await post.getByRole('button', { name: 'Add post' }).click();
  await expect(page.getByRole('link', { name: 'https://www.instagram.com/p/spring1/' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish report' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expectPreview(request, campaign.public_report.share_url, testInfo, 'campaign-report');
  await onPhone(page, testInfo, campaign.public_report.share_url, 'share-campaign-report-styled');

  // Creator: a themed link-in-bio page.
  const context = await browser.newContext();
  const creatorPage = await context.newPage();
  await signUp(creatorPage, 'creator', 'previews-creator');
  await creatorPage.goto('/settings/api-keys');
  const creatorKey = await createKey(creatorPage, 'Previews', ['link_in_bio:write', 'link_in_bio:read']);
  const slug = `cleo-${Date.now().toString(36)}`;
  const bio = await api(request, creatorKey, 'POST', '/link-in-bio', {
    slug,
    username: slug.replace(/-/g, '_'),
    bio: 'Recipes, reviews and the odd rant.',
    theme: 'dark',
    button_style: 'pill',
    accent_color: '#F97316',
    social_links: [
      { platform: 'tiktok', handle_or_url: '@cleocooks' },
      { platform: 'instagram', handle_or_url: '@cleocooks' },
      { platform: 'youtube', handle_or_url: '@cleocooks' },
    ],
    blocks: [
      { client_id: 'b1', type: 'link', title: 'My cookbook', url: 'https://example.com/book' },
      { client_id: 'b2', type: 'link', title: 'Latest video', url: 'https://www.youtube.com/watch?v=abc' },
      { client_id: 'b3', type: 'title', title: 'Brand work' },
      { client_id: 'b4', type: 'text', title: 'cleo@example.com' },
    ],
  });
  await context.close();
  await expectPreview(request, bio.share_url, testInfo, 'link-in-bio');
  await onPhone(page, testInfo, bio.share_url, 'share-link-in-bio-styled');
});

test('the site has a favicon, app icons and a manifest', async ({ request }) => {
  for (const [route, type] of [
    ['/favicon.ico', 'image/x-icon'],
    ['/icon.svg', 'image/svg+xml'],
    ['/apple-icon', 'image/png'],
    ['/manifest.webmanifest', 'application/manifest+json'],
  ] as const) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    expect(response.headers()['content-type'], route).toContain(type);
  }
  const home = await (await request.get('/')).text();
  expect(home).toMatch(/<link rel="icon" href="\/icon\.svg/);
  expect(home).toMatch(/<link rel="apple-touch-icon" href="\/apple-icon/);
});
