import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createKey, expectAccessible, formAlert, screenshot, signIn, signUp } from './support';

/**
 * Navigation a person can live in (issue 29): a dashboard home per account type with real figures,
 * index pages for media kits, decks and campaigns with search and paging, breadcrumbs whose steps
 * are links, the developer items grouped under "Developers", problems in words instead of field
 * names, and the report's posts table readable on a phone — each page axe-clean at 1,280 and 390 px.
 * The dashboard screenshots are written to docs/screenshots/ (linked from README).
 */

const WIDTHS = [1280, 390] as const;
const BROWSER_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

async function api(request: APIRequestContext, secret: string, method: 'GET' | 'POST' | 'PATCH', pathname: string, data?: unknown) {
  const response = await request.fetch(`/public/v1${pathname}`, { method, headers: { authorization: `Bearer ${secret}` }, ...(data === undefined ? {} : { data }) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).data;
}

/** Loads public pages as people would (a desktop browser, each from an address of its own), so they count as views. */
async function visitAsPeople(browser: Browser, urls: string[], people: number) {
  for (let i = 0; i < people; i++) {
    const context = await browser.newContext({ userAgent: BROWSER_UA, extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${10 + i}` } });
    const visitor = await context.newPage();
    for (const url of urls) await visitor.goto(new URL(url).pathname);
    await context.close();
  }
}

async function docsScreenshot(page: Page, name: string) {
  const dir = path.join(process.cwd(), 'docs', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, caret: 'initial' });
}

async function openMenuIfPhone(page: Page, width: number) {
  if (width >= 768) return;
  const toggle = page.getByRole('button', { name: 'Menu' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('an agency lives in its dashboard: figures, index pages with search and paging, linked breadcrumbs, a Developers group', async ({ page, request, browser }, testInfo) => {
  // Many pages at two widths, each checked with axe: minutes on a loaded machine.
  test.setTimeout(600_000);
  await signUp(page, 'agency', 'nav-agency');
  await page.goto('/settings/api-keys');
  const secret = await createKey(page, 'Navigation', ['roster:write', 'decks:write', 'campaigns:write']);
  // 21 creators (each with a media kit): one more than an index page shows.
  const names = ['Maya Reyes', 'Theo Park', 'Lucía Ortega', ...Array.from({ length: 18 }, (_, i) => `Roster Creator ${String(i + 1).padStart(2, '0')}`)];
  const creators: { id: string; kit: string; kitUrl: string }[] = [];
  for (const name of names) {
    const added = await api(request, secret, 'POST', '/creators', { display_name: name });
    creators.push({ id: added.creator.id, kit: added.media_kit.id, kitUrl: added.media_kit.share_url });
  }
  const deck = await api(request, secret, 'POST', '/decks', { title: 'Spring fitness pitch', creator_ids: creators.slice(0, 3).map((c) => c.id) });
  const campaign = await api(request, secret, 'POST', '/campaigns', { name: 'Spring launch', cpm: { instagram: 25 } });
  await api(request, secret, 'POST', '/campaigns', { name: 'Autumn review' });
  await visitAsPeople(browser, [creators[0]!.kitUrl, creators[1]!.kitUrl, deck.share_url], 4);

  // The header leads with the person's places; the developer items wait behind "Developers".
  await page.goto('/dashboard');
  const siteNav = page.getByRole('navigation', { name: 'Site' });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(siteNav.getByRole('link').first()).toHaveText('Dashboard');
  await expect(siteNav.getByRole('link', { name: 'API reference' })).toHaveCount(0);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    const figures = page.getByRole('region', { name: 'At a glance' });
    await expect(figures.getByRole('link', { name: /^Roster 21 creators$/ })).toHaveAttribute('href', '/editor/roster');
    await expect(figures.getByRole('link', { name: /^Pitch decks 1/ })).toHaveAttribute('href', '/editor/decks');
    await expect(figures.getByRole('link', { name: /^Campaigns 2 2 active$/ })).toHaveAttribute('href', '/editor/campaigns');
    await expect(figures.getByRole('link', { name: /^Media kits 21 21 public$/ })).toHaveAttribute('href', '/editor/media-kits');
    // 4 people × 3 pages, counted as views (the buffer writes them within a second or two).
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('region', { name: 'At a glance' }).getByRole('link', { name: /^Page views, 7 days 12 on your public pages$/ })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const recent = page.getByRole('region', { name: 'Recently changed' });
    await expect(recent.getByRole('link', { name: 'Autumn review' })).toHaveAttribute('href', /^\/editor\/campaigns\/[a-f0-9]{24}$/);
    await expectAccessible(page, `dashboard (${width})`);
    await docsScreenshot(page, `dashboard-${width}`);
    await screenshot(page, testInfo, `dashboard-${width}`);

    // Developers: one button in the header, its links listed when opened; Escape closes it.
    await openMenuIfPhone(page, width);
    const developers = siteNav.getByRole('button', { name: 'Developers' });
    await expect(developers).toHaveAttribute('aria-expanded', 'false');
    await developers.click();
    await expect(developers).toHaveAttribute('aria-expanded', 'true');
    const group = siteNav.getByRole('list', { name: 'Developers' });
    await expect(group.getByRole('link')).toHaveText(['API keys', 'Webhooks', 'Logs', 'API reference', 'Errors', 'AI assistants']);
    await expectAccessible(page, `Developers open (${width})`);
    await page.keyboard.press('Escape');
    await expect(developers).toHaveAttribute('aria-expanded', 'false');
    await expect(developers).toBeFocused();

    // Index pages: every kit, 20 to a page, newest first, searchable by name.
    await page.goto('/editor/media-kits');
    await expect(page.getByRole('heading', { level: 1, name: 'Media kits' })).toBeVisible();
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(20);
    await expect(page.getByRole('status').filter({ hasText: '21 in all' })).toBeVisible();
    await expectAccessible(page, `media kits index (${width})`);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/editor\/media-kits\?cursor=/);
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Maya Reyes — media kit', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'First page' }).click();
    await page.getByLabel('Search kit names').fill('theo');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL('/editor/media-kits?q=theo');
    await expect(rows).toHaveCount(1);
    await page.getByLabel('Search kit names').fill('nobody like this');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Nothing matches “nobody like this”')).toBeVisible();
    await expectAccessible(page, `media kits search, nothing found (${width})`);

    // Breadcrumbs: each step but the page itself is a link.
    await page.goto('/editor/media-kits?q=theo');
    await page.getByRole('link', { name: 'Theo Park — media kit', exact: true }).click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link')).toHaveText(['Dashboard', 'Media kits']);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Theo Park — media kit');
    await crumbs.getByRole('link', { name: 'Media kits' }).click();
    await expect(page).toHaveURL('/editor/media-kits');

    await page.goto('/editor/decks');
    await expect(page.getByRole('link', { name: 'Spring fitness pitch', exact: true })).toBeVisible();
    await expectAccessible(page, `decks index (${width})`);
    await page.getByRole('link', { name: 'Spring fitness pitch', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText(['Dashboard', 'Pitch decks']);

    await page.goto('/editor/campaigns');
    await expect(page.locator('table tbody tr').filter({ hasText: 'Spring launch' })).toContainText('Active');
    await expectAccessible(page, `campaigns index (${width})`);
    await page.getByLabel('Search campaign names').fill('AUTUMN');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.locator('table tbody tr')).toHaveCount(1);
    await expect(page.locator('table tbody tr')).toContainText('Autumn review');

    // Settings: lists that cap say so and lead on; the developer items sit under "Developers".
    await page.goto('/settings');
    await expect(page.getByRole('link', { name: 'See all 21 media kits' })).toHaveAttribute('href', '/editor/media-kits');
    const settingsNav = page.getByRole('navigation', { name: 'Settings' });
    await expect(settingsNav.getByRole('list', { name: 'Developers' }).getByRole('link')).toHaveText(['API keys', 'Webhooks', 'Logs', 'API reference']);
    await expectAccessible(page, `settings overview (${width})`);
  }

  // A problem in words: the campaign's end before its start names the fields as the form does.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(new URL(campaign.editor_url).pathname);
  await page.getByLabel('Starts (UTC)').fill('2026-03-01T09:00');
  await page.getByLabel('Ends (UTC)').fill('2026-02-01T09:00');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(formAlert(page)).toBeVisible();
  await expect(page.getByText('The end date is before the start date: a campaign cannot end before it starts.')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('ends_at');
  await expect(page.locator('main')).not.toContainText('starts_at');
  await expect(page.locator('main')).not.toContainText('PATCH');
  await expectAccessible(page, 'campaign editor with a field error');
});

test('a creator’s dashboard: my page, my kits, my campaigns and analytics; decks are not theirs', async ({ page }) => {
  test.setTimeout(300_000);
  await signUp(page, 'creator', 'nav-creator');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    const figures = page.getByRole('region', { name: 'At a glance' });
    await expect(figures.getByRole('link', { name: /^My page 0 not created yet$/ })).toHaveAttribute('href', '/editor/link-in-bio');
    await expect(figures.getByRole('link', { name: /^My media kits/ })).toHaveAttribute('href', '/editor/media-kits');
    await expect(figures.getByRole('link', { name: /^My campaigns/ })).toHaveAttribute('href', '/editor/campaigns');
    await expect(page.getByRole('heading', { level: 2, name: 'Analytics' })).toBeVisible();
    await openMenuIfPhone(page, width);
    const siteNav = page.getByRole('navigation', { name: 'Site' });
    await expect(siteNav.getByRole('link')).toHaveText(['Dashboard', 'Link in bio', 'Settings']);
    await expectAccessible(page, `creator dashboard (${width})`);
    for (const index of ['/editor/media-kits', '/editor/campaigns']) {
      await page.goto(index);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
      await expectAccessible(page, `${index}, empty (${width})`);
    }
  }
  const response = await page.goto('/editor/decks');
  expect(response?.status()).toBe(404);
});

/*
 * The report's posts table at both widths: a table at 1,280 px, one card per post on a phone, and
 * nothing sideways. It was wider than a phone after the merges of 2026-11-26: two rules above the
 * stacking rule in share.module.css (.asOf, .testMode) had lost their closing braces, so the CSS
 * build nested everything after them (`.asOf .testMode .stackOnPhone …`), which matched nothing.
 * The money on the page says which currency it is in (the API records none with it).
 */
test('the report’s posts are a table on a desktop and cards on a phone, every column named; its money names its currency', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signUp(page, 'creator', 'nav-report');
  await page.goto('/editor/campaigns/new');
  // No currency symbol is guessed: CPMs and the EMV override say they are in the reporting currency.
  await expect(page.getByText('Cost per 1,000 views, in your reporting currency').first()).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Phone report');
  await page.getByLabel('CPM Instagram').fill('25');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/editor\/campaigns\/[a-f0-9]{24}\?created=1$/);
  const participants = page.getByRole('form', { name: 'Add a participant' });
  await participants.getByRole('button', { name: 'Add participant' }).click();
  await expect(page.getByRole('button', { name: 'Remove Cleo Creator' })).toBeVisible();
  const post = page.getByRole('form', { name: 'Add a post' });
  await post.getByLabel('Post URL').fill('https://www.instagram.com/p/phone1/');
  await post.getByLabel('Views').fill('123456');
  await post.getByLabel('Engagements').fill('7890');
  await post.getByRole('button', { name: 'Add post' }).click();
  await expect(page.getByRole('link', { name: 'https://www.instagram.com/p/phone1/' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish report' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  const shareUrl = await page.locator('#report-heading ~ p a').first().getAttribute('href');
  const editorUrl = new URL(page.url()).pathname;

  for (const width of WIDTHS) {
    // The editor and the campaigns index name the currency of EMV (123,456 views × 25 ÷ 1,000).
    await page.setViewportSize({ width, height: 900 });
    await page.goto(editorUrl);
    const facts = page.locator('dl.facts');
    await expect(facts.getByText('EMV (reporting currency)', { exact: true })).toBeVisible();
    await expect(facts.getByText('3,086.4', { exact: true })).toBeVisible();
    await page.goto('/editor/campaigns');
    const emvCell = page.locator('table tbody td', { hasText: '3,086.4' });
    await expect(emvCell).toBeVisible();
    expect(await emvCell.getAttribute('data-label')).toBe('Earned media value (reporting currency)');
    if (width >= 768) await expect(page.getByRole('columnheader', { name: 'Earned media value (reporting currency)' })).toBeVisible();
    await expectAccessible(page, `campaigns index with EMV (${width})`);

    const context = await browser.newContext({ viewport: { width, height: width >= 768 ? 900 : 844 } });
    const visitor = await context.newPage();
    await visitor.goto(new URL(shareUrl!).pathname);
    await expect(visitor.getByText('Earned media value is views × CPM ÷ 1,000, in the currency Cleo Creator sets its CPMs in.')).toBeVisible();
    const table = visitor.getByRole('table');
    await expect(table).toBeVisible();
    // Nothing sideways: the table fits its column at either width.
    const fits = await table.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0) + 1);
    expect(fits, `table fits at ${width} px`).toBe(true);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `page fits at ${width} px`).toBe(true);
    const engagements = table.locator('td[data-label="Engagements"]').first();
    await expect(engagements).toBeVisible();
    if (width >= 768) {
      // A real table on a desktop: the header row shows, each value sits in its column.
      await expect(table.getByRole('columnheader', { name: 'Engagements' })).toBeVisible();
      expect(await engagements.evaluate((el) => getComputedStyle(el).display)).toBe('table-cell');
      expect(await engagements.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('none');
    } else {
      // A card per post on a phone: each value carries its column's name.
      expect(await table.evaluate((el) => getComputedStyle(el).display)).toBe('block');
      expect(await engagements.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Engagements"');
    }
    await expectAccessible(visitor, `public report (${width})`);
    await context.close();
  }
});

test('signing in and finishing sign-up land on the dashboard; a same-origin ?next= still wins', async ({ page }) => {
  test.setTimeout(240_000);
  // Sign-up (support.ts) ends on /dashboard?welcome=1; the welcome says what to do first.
  const account = await signUp(page, 'agency', 'nav-landing');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your agency account is ready.' })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const signOut = async () => {
      await openMenuIfPhone(page, width);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL('/sign-in?signed_out=1');
    };
    await signOut();
    await signIn(page, account);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectAccessible(page, `dashboard after sign-in (${width})`);
    // A page asked for before signing in is where sign-in returns.
    await signOut();
    await page.goto('/editor/campaigns');
    await expect(page).toHaveURL('/sign-in?next=%2Feditor%2Fcampaigns');
    await expect(page.getByText('Sign in to continue to')).toBeVisible();
    await signIn(page, account);
    await expect(page).toHaveURL('/editor/campaigns');
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    // Another origin never wins: the dashboard instead.
    await signOut();
    await page.goto(`/sign-in?next=${encodeURIComponent('//evil.example/dashboard')}`);
    await signIn(page, account);
    await expect(page).toHaveURL('/dashboard');
    // Signed in, the sign-up page is the dashboard too.
    await page.goto('/sign-up');
    await expect(page).toHaveURL('/dashboard');
  }
});
