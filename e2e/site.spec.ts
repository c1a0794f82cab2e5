import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signUp } from './support';

/**
 * Site polish: one header everywhere (a compact menu on phones), /docs inside the site chrome, a
 * styled 404, all passing axe on desktop and on a 390-px phone.
 */

test('on a phone the header is one line with a Menu button that opens and closes the links', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, 'agency', 'phone-menu');
  const header = page.locator('header.site-header');
  const box = await header.boundingBox();
  expect(box!.height).toBeLessThan(80);
  const nav = page.getByRole('navigation', { name: 'Site' });
  await expect(nav).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await screenshot(page, testInfo, 'site-header-phone-closed');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Roster' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectAccessible(page, 'dashboard with the menu open (phone)');
  await screenshot(page, testInfo, 'site-header-phone-open');
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();

  for (const path of ['/', '/docs/errors', '/sign-in', '/editor/roster', '/settings/api-keys']) {
    await page.goto(path);
    await expect(page.locator('header.site-header'), path).toHaveCount(1);
    expect((await page.locator('header.site-header').boundingBox())!.height, path).toBeLessThan(80);
    await expectAccessible(page, `${path} (phone)`);
  }
});

test('/docs sits under the site header with a way back; the root 404 is the styled page', async ({ page }, testInfo) => {
  await page.goto('/docs');
  const header = page.locator('header.site-header');
  await expect(header.getByRole('link', { name: 'creator-api' })).toHaveAttribute('href', '/');
  await header.getByRole('button', { name: 'Developers' }).click();
  await expect(header.getByRole('link', { name: 'API reference' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Authentication').first()).toBeVisible({ timeout: 20_000 });
  // Our own part of the page; the embedded reference's internals are Scalar's.
  const results = await new AxeBuilder({ page }).include('header.site-header').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await screenshot(page, testInfo, 'docs-with-site-header');

  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.locator('header.site-header')).toHaveCount(1);
  const home = page.getByRole('link', { name: 'Go to the home page' });
  await expect(home).toHaveAttribute('href', '/');
  // A link styled as a primary button keeps readable text (axe skips same-colour text).
  expect(await home.evaluate((el) => getComputedStyle(el).color !== getComputedStyle(el).backgroundColor)).toBe(true);
  await expectAccessible(page, '404');
  await screenshot(page, testInfo, 'not-found');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, '404 (phone)');
  await screenshot(page, testInfo, 'not-found-phone');
});

test('/docs/changelog states the versioning policy and lists every release with a linkable anchor', async ({ page }, testInfo) => {
  await page.goto('/docs/changelog');
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog and versioning' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What may change within v1' })).toBeVisible();
  await expect(page.getByText('RFC 9745')).toBeVisible();
  // The first release lists GET /me; its entry is reachable by its anchor, as a deprecation's Link header would point.
  await page.goto('/docs/changelog#2026-11-22-v1');
  const v1 = page.locator('section[aria-labelledby="2026-11-22-v1"]');
  await expect(v1.getByRole('heading', { level: 3 })).toContainText('Public API v1');
  await expect(v1.getByText('GET /me', { exact: true })).toBeVisible();
  await expectAccessible(page, '/docs/changelog');
  await screenshot(page, testInfo, 'docs-changelog');
});
