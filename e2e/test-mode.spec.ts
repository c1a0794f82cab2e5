import { expect, test } from '@playwright/test';
import { createKey, expectAccessible, screenshot, signUp } from './support';

/**
 * The settings UI's "Test mode" switch (issue 31): while it is on, the keys page lists and makes test
 * keys only (crk_test_…), acting on the sandbox twin; switching it off brings back the live keys.
 */
test('the Test mode switch shows test keys only while it is on', async ({ page, request }, testInfo) => {
  await signUp(page, 'agency', 'testmode');
  await page.goto('/settings/api-keys');
  const toggle = page.getByRole('switch', { name: 'Test mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  const live = await createKey(page, 'Live server', ['roster:read']);
  expect(live).toMatch(/^crk_agency_/);
  await expect(page.getByRole('row', { name: /Live server/ })).toBeVisible();
  await expect(page.getByText('you are viewing and changing test data')).toHaveCount(0);

  await toggle.click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByRole('switch', { name: 'Test mode' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'you are viewing and changing test data' })).toBeVisible();
  await expect(page.getByTestId('test-keys-note')).toBeVisible();
  await expect(page.getByRole('row', { name: /Live server/ })).toHaveCount(0);
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expectAccessible(page, 'api keys in test mode');

  const testSecret = await createKey(page, 'Sandbox server', ['roster:read']);
  expect(testSecret).toMatch(/^crk_test_agency_[A-Za-z0-9]+$/);
  const row = page.getByRole('row', { name: /Sandbox server/ });
  await expect(row).toBeVisible();
  await expect(row.locator('td[data-label="Key"] code')).toContainText('crk_test_agency_');
  await screenshot(page, testInfo, 'api-keys-test-mode');

  const [liveMe, testMe] = await Promise.all([
    request.get('/public/v1/me', { headers: { authorization: `Bearer ${live}` } }).then((r) => r.json()),
    request.get('/public/v1/me', { headers: { authorization: `Bearer ${testSecret}` } }).then((r) => r.json()),
  ]);
  expect(liveMe.data.livemode).toBe(true);
  expect(testMe.data.livemode).toBe(false);
  expect(testMe.data.subject_id).not.toBe(liveMe.data.subject_id);

  // The webhooks and logs pages act on the twin too, under the same banner.
  await page.goto('/settings/webhooks');
  await expect(page.getByRole('switch', { name: 'Test mode' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'you are viewing and changing test data' })).toBeVisible();
  await expectAccessible(page, 'webhooks in test mode');

  await page.goto('/settings/api-keys');
  await page.getByRole('switch', { name: 'Test mode' }).click();
  await expect(page.getByRole('switch', { name: 'Test mode' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('row', { name: /Live server/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Sandbox server/ })).toHaveCount(0);
  await expect(page.getByText('you are viewing and changing test data')).toHaveCount(0);
  await expectAccessible(page, 'api keys in live mode');
});
