import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, confirmSignUp, createKey, screenshot, uniqueEmail } from './support';

/**
 * Every kind of public share page, opened from the share_url the API hands out: media kit, pitch
 * deck (with its password form), agency roster, link in bio; a campaign report while its public
 * report is off. Each counted visit shows up in GET /analytics/views.
 */

// Headless Chromium says "HeadlessChrome", which analytics rightly ignores: browse as a desktop Chrome.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' });

async function api(request: APIRequestContext, secret: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const response = await request.fetch(`/public/v1${path}`, { method, headers: { authorization: `Bearer ${secret}` }, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data;
}

const pathOf = (url: string) => new URL(url).pathname;

/** Signs up through the form; the agency gets a unique name so its roster slug is predictable. */
async function signUpAs(page: Page, type: 'agency' | 'creator', name: string, agencyName?: string) {
  await page.goto('/sign-up');
  await page.getByRole('radio', { name: type === 'agency' ? /Agency/ : /Creator/ }).check();
  await page.getByLabel('Your name').fill(name);
  if (agencyName) await page.getByLabel('Agency name').fill(agencyName);
  const email = uniqueEmail(`share-${type}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await confirmSignUp(page, { email, password: PASSWORD });
}

async function viewsOf(request: APIRequestContext, secret: string, type: string, id: string) {
  return (await api(request, secret, 'GET', `/analytics/views?resource_type=${type}&resource_id=${id}&timeframe=today`)).totals.page_views as number;
}

async function expectNotFound(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
}

test('agency share pages: media kit, password-protected deck and roster render, count views, and 404 when not public', async ({ page, browser, request }, testInfo) => {
  const agencyName = `Share Test ${Date.now()}`;
  await signUpAs(page, 'agency', 'Ada Agent', agencyName);
  await page.goto('/settings/api-keys');
  const secret = await createKey(page, 'Share pages', ['roster:write', 'media_kits:read', 'media_kits:write', 'decks:write', 'decks:read', 'campaigns:write', 'campaigns:read', 'analytics:read']);

  const added = await api(request, secret, 'POST', '/creators', {
    display_name: 'Nia Nakamura',
    country: 'JP',
    tags: ['food', 'travel'],
    socials: [{ platform: 'instagram', handle_or_url: '@nia.eats' }],
  });
  const kit = await api(request, secret, 'PATCH', `/media-kits/${added.media_kit.id}`, {
    headline: 'Tokyo food and travel',
    bio: 'Street food, night markets and slow travel.',
    contact_email: 'nia@example.com',
    theme: 'dark',
    accent_color: '#F43F5E',
  });

  // Media kit: the creator's content in the kit's theme, with a title and Open Graph tags.
  await page.goto(pathOf(kit.share_url));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nia Nakamura');
  await expect(page.getByText('Tokyo food and travel')).toBeVisible();
  await expect(page.getByRole('link', { name: /Instagram @nia\.eats/ })).toHaveAttribute('href', /instagram\.com\/nia\.eats/);
  await expect(page.getByRole('link', { name: 'Email nia@example.com' })).toBeVisible();
  await expect(page).toHaveTitle('Nia Nakamura · Tokyo food and travel');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Nia Nakamura · Tokyo food and travel');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.locator('main')).toBeVisible();
  await screenshot(page, testInfo, 'share-media-kit');
  await expect.poll(() => viewsOf(request, secret, 'media_kit', kit.id)).toBe(1);

  // Deck with a password: the form first; a wrong password is announced; the right one opens it.
  const deck = await api(request, secret, 'POST', '/decks', {
    title: 'Spring roster',
    bio: 'Food and travel creators for spring launches.',
    creator_ids: [added.creator.id],
    contact_email: 'deals@agency.test',
    cta: 'bookACall',
    password: 'open sesame 42',
  });
  await page.goto(pathOf(deck.share_url));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spring roster');
  await expect(page.getByText('Nia Nakamura')).toHaveCount(0);
  await screenshot(page, testInfo, 'share-deck-locked');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'View deck' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That password is not right' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  expect(await viewsOf(request, secret, 'deck', deck.id)).toBe(0);
  await page.getByLabel('Password').fill('open sesame 42');
  await page.getByRole('button', { name: 'View deck' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Nia Nakamura' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a call' })).toHaveAttribute('href', /^mailto:deals@agency\.test/);
  await screenshot(page, testInfo, 'share-deck');
  await expect.poll(() => viewsOf(request, secret, 'deck', deck.id)).toBe(1);
  // The unlock is a cookie for this deck only; another browser still sees the form.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(pathOf(deck.share_url));
  await expect(strangerPage.getByLabel('Password')).toBeVisible();
  await stranger.close();

  // The agency's public roster page: not public until the agency publishes it from the roster editor.
  const rosterPath = `/roster/${agencyName.toLowerCase().replace(/\s+/g, '-')}`;
  await expectNotFound(page, rosterPath);
  await page.goto('/editor/roster');
  const rosterPanel = page.getByRole('region', { name: 'Public roster page' });
  await expect(rosterPanel.getByText('Not public')).toBeVisible();
  await rosterPanel.getByRole('button', { name: 'Publish roster page' }).click();
  await expect(rosterPanel.getByText('Your roster page is public')).toBeVisible();
  await expect(rosterPanel.getByRole('button', { name: 'Unpublish roster page' })).toBeVisible();
  await page.goto(rosterPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(agencyName);
  await expect(page.getByRole('heading', { level: 3, name: 'Nia Nakamura' })).toBeVisible();
  await expect(page).toHaveTitle(`${agencyName} · Creator roster`);
  await screenshot(page, testInfo, 'share-roster');
  const me = await api(request, secret, 'GET', '/me');
  await expect.poll(() => viewsOf(request, secret, 'roster', me.subject_id)).toBe(1);

  // Not public: a private kit, a private deck, a campaign report that is off, unknown slugs.
  await api(request, secret, 'PATCH', `/media-kits/${kit.id}`, { visibility: 'private' });
  const campaign = await api(request, secret, 'POST', '/campaigns', { name: 'Launch week' });
  const privateDeck = await api(request, secret, 'POST', '/decks', { title: 'Internal', visibility: 'private' });
  for (const path of [pathOf(kit.share_url), pathOf(privateDeck.share_url), pathOf(campaign.public_report.share_url), '/m/no-such-kit', '/l/no-such-page', '/roster/no-such-agency']) {
    await expectNotFound(page, path);
  }
  await screenshot(page, testInfo, 'share-not-found');
});

test('link-in-bio page: visible blocks in order, social links, a view per visit but not for a prefetch', async ({ page, request }, testInfo) => {
  await signUpAs(page, 'creator', 'Cleo Creator');
  await page.goto('/settings/api-keys');
  const secret = await createKey(page, 'Link page', ['link_in_bio:write', 'link_in_bio:read', 'analytics:read']);
  const slug = `cleo-${Date.now().toString(36)}`;
  const created = await api(request, secret, 'POST', '/link-in-bio', {
    slug,
    username: slug.replace(/-/g, '_'),
    bio: 'Recipes, reviews and the odd rant.',
    social_links: [{ platform: 'tiktok', handle_or_url: '@cleocooks' }],
    blocks: [
      { client_id: 'b1', type: 'title', title: 'Latest' },
      { client_id: 'b2', type: 'link', title: 'My cookbook', url: 'https://example.com/book' },
      { client_id: 'b3', type: 'link', title: 'Hidden link', url: 'https://example.com/hidden', visible: false },
      { client_id: 'b4', type: 'text', title: 'Brand work: cleo@example.com' },
    ],
  });

  await page.goto(pathOf(created.share_url));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cleo Creator');
  await expect(page.getByRole('heading', { level: 2, name: 'Latest' })).toBeVisible();
  // Outbound links go through the click counter, which redirects to the stored URL.
  await expect(page.getByRole('link', { name: 'My cookbook' })).toHaveAttribute('href', `/l/${slug}/go/${created.blocks[1].id}`);
  await expect(page.getByRole('link', { name: 'Hidden link' })).toHaveCount(0);
  await expect(page.getByText('Brand work: cleo@example.com')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Social profiles' }).getByRole('link', { name: /TikTok/ })).toHaveAttribute('href', /tiktok\.com\/@cleocooks/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `Cleo Creator (@${slug.replace(/-/g, '_')})`);
  await screenshot(page, testInfo, 'share-link-in-bio');
  await expect.poll(() => viewsOf(request, secret, 'link_in_bio', created.id)).toBe(1);

  // A prefetch (Next's router, or the browser's) renders but is not a visit.
  const prefetch = await request.get(pathOf(created.share_url), { headers: { 'Sec-Purpose': 'prefetch', 'User-Agent': 'Mozilla/5.0 Chrome/126.0' } });
  expect(prefetch.status()).toBe(200);
  const again = await page.goto(pathOf(created.share_url));
  expect(again?.status()).toBe(200);
  await expect.poll(() => viewsOf(request, secret, 'link_in_bio', created.id)).toBe(2);
  const totals = (await api(request, secret, 'GET', `/analytics/views?resource_type=link_in_bio&timeframe=today`)).totals;
  expect(totals).toEqual({ page_views: 2, unique_visitors: 1 });

  // Rendered once, then served from the share-page cache; an edit shows on the next load.
  const cached = await request.get(pathOf(created.share_url), { headers: { 'User-Agent': 'curl/8.5.0' } });
  expect(cached.headers()['x-share-page-cache']).toBe('hit');
  await api(request, secret, 'PATCH', '/link-in-bio', { bio: 'New season, new recipes.' });
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByText('New season, new recipes.').count();
    })
    .toBe(1);
});
