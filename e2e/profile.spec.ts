import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createKey, expectAccessible, formStatus, signUp } from './support';

/**
 * Creator profiles edited in the UI are what the templates render: an agency fills a roster
 * creator's audience figures (with the day they were read), rates and brands, and the media kit and
 * the deck show them; a creator edits its own profile under Settings. At 1,280 and 390 px, with axe.
 * The 1,280 px run also writes the README's screenshots (docs/screenshots/).
 */

async function api(request: APIRequestContext, secret: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const response = await request.fetch(`/public/v1${path}`, { method, headers: { authorization: `Bearer ${secret}` }, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data;
}

const pathOf = (url: string) => new URL(url).pathname;

async function asVisitor(browser: Browser, width: number, url: string, check: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(pathOf(url));
    await check(page);
  } finally {
    await context.close();
  }
}

async function docsScreenshot(page: Page, name: string) {
  mkdirSync('docs/screenshots', { recursive: true });
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true, caret: 'initial' });
}

for (const width of [1280, 390]) {
  test(`at ${width} px: an agency edits a roster creator's audience, rates and brands; the media kit and deck show them`, async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await signUp(page, 'agency', `profile-${width}`);
    await page.goto('/settings/api-keys');
    const secret = await createKey(page, 'Profile test', ['roster:write', 'roster:read', 'media_kits:read', 'media_kits:write', 'decks:write', 'decks:read']);
    const stamp = `${width}${Date.now().toString(36)}`;
    const added = await api(request, secret, 'POST', '/creators', { display_name: 'Nia Nakamura', country: 'JP', socials: [{ platform: 'instagram', handle_or_url: `@nia.eats.${stamp}` }] });
    const creatorId: string = added.creator.id;
    const kit = await api(request, secret, 'PATCH', `/media-kits/${added.media_kit.id}`, {
      template: 'editorial',
      visibility: 'link',
      sections: ['about', 'brands', 'rates', 'audience', 'socials', 'contact'],
    });
    const deck = await api(request, secret, 'POST', '/decks', { title: 'Tokyo food creators', creator_ids: [creatorId] });

    // Before: nothing to show.
    await asVisitor(browser, width, deck.share_url, async (visitor) => {
      await expect(visitor.getByText('Audience not measured yet')).toBeVisible();
    });

    // From the roster to the creator's profile.
    await page.goto('/editor/roster');
    await page.getByRole('link', { name: 'Edit profile of Nia Nakamura' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nia Nakamura' })).toBeVisible();
    await page.getByLabel('Bio').fill('Tokyo street food, one stall at a time.');
    await page.getByLabel('Location').fill('Tokyo, Japan');
    await page.getByLabel('Languages').fill('ja, en');
    await page.getByLabel('Brands worked with').fill('Glossier, Nike, Uniqlo');
    const instagram = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Instagram @nia\.eats/ }) });
    await instagram.getByLabel('Followers').fill('120000');
    await instagram.getByLabel('Average views').fill('45000');
    await instagram.getByLabel('Engagement rate (%)').fill('3.4');
    await instagram.getByLabel('Figures as of').fill('2026-11-01');
    await page.getByRole('button', { name: 'Add a social account' }).click();
    const tiktok = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'New account 2' }) });
    await tiktok.getByLabel('Platform').selectOption('tiktok');
    await tiktok.getByLabel('Handle or profile URL').fill(`@niacooks${stamp}`);
    await tiktok.getByLabel('Followers').fill('80000');
    await tiktok.getByLabel('Figures as of').fill('2026-11-20');
    await page.getByRole('button', { name: 'Add a rate' }).click();
    await page.getByLabel('Deliverable').fill('Instagram Reel');
    await page.getByLabel('Price').fill('1200');
    await page.getByLabel('Currency').fill('EUR');
    await expect(page.locator('.save-state')).toHaveText('Unsaved changes');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(formStatus(page)).toHaveText('Profile saved. Your media kits, decks and roster cards show it now.');
    await expect(page.getByLabel('Brands worked with')).toHaveValue('Glossier, Nike, Uniqlo');
    await expectAccessible(page, `profile editor (${width})`);

    // Read-only over the API, and the figures are there.
    const creator = await api(request, secret, 'GET', `/creators/${creatorId}`);
    expect(creator.summary_metrics).toEqual({ total_followers: 200_000, metrics_updated_at: '2026-11-20T00:00:00.000Z' });

    // The media kit (Editorial: brands and rates up front) shows the audience with its day.
    await asVisitor(browser, width, kit.share_url, async (visitor) => {
      const audience = visitor.getByRole('region', { name: 'Audience' });
      await expect(audience.getByText('200,000')).toBeVisible();
      await expect(audience.getByText('Figures as of 20 Nov 2026.')).toBeVisible();
      await expect(visitor.getByRole('list', { name: 'Brands worked with' }).getByRole('listitem')).toHaveText(['Glossier', 'Nike', 'Uniqlo']);
      await expect(visitor.getByRole('list', { name: 'Rates' })).toContainText('Instagram Reel');
      await expect(visitor.getByRole('list', { name: 'Rates' })).toContainText('€1,200');
      await expect(visitor.getByText('as of 1 Nov 2026')).toBeVisible();
      await expectAccessible(visitor, `media kit with audience (${width})`);
      if (width === 1280) await docsScreenshot(visitor, 'media-kit-audience');
    });

    // The deck: combined followers and the creator's card.
    await asVisitor(browser, width, deck.share_url, async (visitor) => {
      await expect(visitor.getByText('200K', { exact: true })).toBeVisible();
      await expect(visitor.getByText('Audience figures as of 20 Nov 2026.')).toBeVisible();
      const card = visitor.getByRole('article', { name: 'Nia Nakamura' });
      await expect(card).toContainText('200K followers');
      await expect(card).toContainText('Worked with: Glossier, Nike, Uniqlo');
      await expect(card.getByRole('list', { name: 'Rates of Nia Nakamura' })).toContainText('€1,200');
      await expect(visitor.getByText('Audience not measured yet')).toHaveCount(0);
      await expectAccessible(visitor, `deck with audience (${width})`);
      if (width === 1280) await docsScreenshot(visitor, 'deck-audience');
    });
  });

  test(`at ${width} px: a creator edits its own profile under Settings`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signUp(page, 'creator', `self-profile-${width}`);
    await page.goto('/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await page.getByLabel('Display name').fill('Cleo Cooks');
    await page.getByRole('button', { name: 'Add a social account' }).click();
    const row = page.getByRole('list', { name: 'Social accounts' }).getByRole('listitem').first();
    await row.getByLabel('Platform').selectOption('youtube');
    await row.getByLabel('Handle or profile URL').fill(`@cleocooks${width}${Date.now().toString(36)}`);
    await row.getByLabel('Followers').fill('-5');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(row.getByLabel('Followers')).toHaveAttribute('aria-invalid', 'true');
    await row.getByLabel('Followers').fill('9100');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(formStatus(page)).toHaveText('Profile saved. Your media kits, decks and roster cards show it now.');
    await expect(page.locator('.save-state')).toHaveText('');
    // Saved twice from the same form: the new account is updated, not added again.
    await row.getByLabel('Followers').fill('9200');
    await expect(page.locator('.save-state')).toHaveText('Unsaved changes');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.locator('.save-state')).toHaveText('');
    await page.reload();
    await expect(page.getByRole('list', { name: 'Social accounts' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByLabel('Display name')).toHaveValue('Cleo Cooks');
    await expect(page.getByRole('list', { name: 'Social accounts' }).getByLabel('Followers')).toHaveValue('9200');
    await expectAccessible(page, `own profile (${width})`);
  });
}
