import { expect, test } from '@playwright/test';
import { createKey, screenshot, signUp } from './support';

test('an agency finds its API calls in Logs, filters the errors, opens one with its secret redacted and copies it as curl', async ({ page, request, context }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, 'agency', 'request-logs');
  await page.goto('/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API keys' }).click();
  const key = await createKey(page, 'Logs test', ['roster:write']);

  const ok = await request.post('/public/v1/creators', { headers: { authorization: `Bearer ${key}` }, data: { display_name: 'Logged Creator' } });
  expect(ok.status()).toBe(201);
  const refused = await request.post('/public/v1/creators', { headers: { authorization: `Bearer ${key}` }, data: { display_name: '', password: 'hunter2-in-the-log', notes: key } });
  expect(refused.status()).toBe(400);
  const refusedId = refused.headers()['x-request-id']!;

  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Logs' }).click();
  await expect(page).toHaveURL(/\/settings\/logs$/);
  // Entries are written about once a second.
  await expect(async () => {
    await page.reload();
    await expect(page.locator(`tr[data-request-id="${refusedId}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('table')).toContainText('201');
  await screenshot(page, testInfo, 'request-logs-list');

  await page.getByLabel('Status').selectOption('4xx');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/status=4xx/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText('validation-error');

  await page.getByLabel('Request id').fill(refusedId);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/settings/logs/${refusedId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('POST /public/v1/creators');
  await expect(page.getByText('400 (validation-error)')).toBeVisible();
  const content = await page.content();
  expect(content).not.toContain('hunter2-in-the-log');
  expect(content).not.toContain(key);
  expect(content).toContain('[REDACTED]');
  await screenshot(page, testInfo, 'request-logs-entry');

  await page.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Copied|Could not copy/ })).toBeVisible();
  const curl = page.locator('pre', { hasText: 'curl -X POST' });
  await expect(curl).toContainText('Authorization: Bearer $CREATOR_API_KEY');
  await expect(curl).toContainText('/public/v1/creators');

  // Someone else's request id (or a wrong one) is not found.
  await page.goto('/settings/logs/req_not_a_request_of_yours');
  await expect(page.getByRole('heading', { name: 'Request not found' })).toBeVisible();
});
