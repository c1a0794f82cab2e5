import { expect, test } from '@playwright/test';
import { scopesFor } from '../src/server/auth/scopes';
import { createKey, formAlert, formStatus, screenshot, signUp } from './support';

test('an agency creates a roster:read key, sees the secret once, uses it, and revokes it', async ({ page, request }, testInfo) => {
  await signUp(page, 'agency');
  await expect(formStatus(page)).toContainText('Your agency account is ready');
  await page.goto('/settings');
  await screenshot(page, testInfo, 'settings-overview');

  await page.getByRole('link', { name: 'Manage API keys' }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await screenshot(page, testInfo, 'api-keys-empty');

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await expect(dialog).toBeVisible();
  // An agency is offered exactly the agency scopes.
  const offered = await dialog.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
  expect(offered).toEqual(scopesFor('agency'));
  await dialog.getByLabel('Name', { exact: true }).fill('CRM sync');
  await dialog.getByRole('checkbox', { name: 'roster:read' }).check();
  await dialog.getByLabel('Expires').selectOption('90');
  await screenshot(page, testInfo, 'api-keys-create-dialog');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const secretDialog = page.getByRole('dialog', { name: /Copy your new key/ });
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog.getByText('This is the only time the full key is shown.')).toBeVisible();
  const secret = await secretDialog.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^crk_agency_[A-Za-z0-9]+$/);
  await expect(secretDialog.getByLabel('Secret key')).toBeFocused();
  await screenshot(page, testInfo, 'api-keys-secret-shown-once');
  // The same dialog offers MCP client configuration with the new key filled in.
  await secretDialog.getByText('Use this key with an AI assistant (MCP)').click();
  await expect(secretDialog.getByText(`--header "Authorization: Bearer ${secret}"`)).toBeVisible();

  const me = await request.get('/public/v1/me', { headers: { authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  const body = await me.json();
  expect(body.data.subject_type).toBe('agency');
  expect(body.data.scopes).toEqual(['roster:read']);

  await secretDialog.getByRole('button', { name: 'Done, I stored it' }).click();
  await expect(secretDialog).toBeHidden();
  const row = page.getByRole('row', { name: /CRM sync/ });
  await expect(row).toContainText('roster:read');
  await expect(row).toContainText('Active');

  // After a reload only the display prefix and the last four characters exist anywhere in the page.
  await page.reload();
  const shown = await page.getByRole('row', { name: /CRM sync/ }).locator('td[data-label="Key"] code').innerText();
  expect(shown).toMatch(/^crk_agency_.+…[A-Za-z0-9]{4}$/);
  const [prefix, lastFour] = shown.split('…') as [string, string];
  expect(secret.startsWith(prefix)).toBe(true);
  expect(secret.endsWith(lastFour)).toBe(true);
  expect(prefix.length + lastFour.length).toBeLessThan(secret.length - 20);
  expect(await page.content()).not.toContain(secret);
  await screenshot(page, testInfo, 'api-keys-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, 'api-keys-list-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Revoke CRM sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “CRM sync”?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screenshot(page, testInfo, 'api-keys-revoke-confirm');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row', { name: /CRM sync/ })).toContainText('Revoked');
  await expect(page.getByRole('button', { name: 'Revoke CRM sync' })).toHaveCount(0);

  const refused = await request.get('/public/v1/me', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).type).toBe('https://creator-api.dev/problems/api-key-revoked');
});

test('a creator is offered only creator scopes, and the server refuses an agency scope anyway', async ({ page, request }, testInfo) => {
  await signUp(page, 'creator');
  await page.goto('/settings/api-keys');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  const offered = await dialog.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
  expect(offered).toEqual(scopesFor('creator'));
  expect(offered).not.toContain('roster:read');
  await screenshot(page, testInfo, 'api-keys-creator-scopes');

  // A forged checkbox for an agency-only scope is refused by the same check the CLI uses.
  await dialog.getByLabel('Name', { exact: true }).fill('Forged');
  await dialog.locator('ul.choice-list').evaluate((list) => {
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.name = 'scopes';
    input.value = 'roster:read';
    input.checked = true;
    list.append(input);
  });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(formAlert(dialog)).toContainText('cannot be granted to a creator key');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const secret = await createKey(page, 'Zapier', ['profile:read', 'link_in_bio:read']);
  expect(secret).toMatch(/^crk_creator_/);
  const me = await request.get('/public/v1/me', { headers: { authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).data).toMatchObject({ subject_type: 'creator', scopes: ['profile:read', 'link_in_bio:read'] });
});

test('an agency renames and rolls a key: the new secret is shown once, the old one works through its grace period', async ({ page, request }, testInfo) => {
  await signUp(page, 'agency', 'roll');
  await page.goto('/settings/api-keys');
  const secret = await createKey(page, 'Nightly export', ['roster:read', 'decks:read']);
  const row = page.getByRole('row', { name: /Nightly export/ });
  // Scopes as a compact summary, details on demand.
  await expect(row.getByText('roster: read · decks: read')).toBeVisible();
  await row.getByText('roster: read · decks: read').click();
  await expect(row.getByRole('list', { name: 'Scopes of Nightly export' })).toBeVisible();

  await page.getByRole('button', { name: 'Rename Nightly export' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename “Nightly export”' });
  await rename.getByLabel('Name').fill('Warehouse export');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('row', { name: /Warehouse export/ })).toBeVisible();

  await page.getByRole('button', { name: 'Roll Warehouse export' }).click();
  const roll = page.getByRole('dialog', { name: 'Roll “Warehouse export”?' });
  await expect(roll.getByRole('radio', { name: '24 hours' })).toBeChecked();
  await roll.getByRole('radio', { name: '1 hour' }).check();
  await screenshot(page, testInfo, 'api-keys-roll-dialog');
  await roll.getByRole('button', { name: 'Roll key' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy the new secret of “Warehouse export”' });
  await expect(shown.getByText(/The old key keeps working until .+ UTC, then expires\./)).toBeVisible();
  const rolled = await shown.getByLabel('New secret key').inputValue();
  expect(rolled).toMatch(/^crk_agency_/);
  expect(rolled).not.toBe(secret);
  await screenshot(page, testInfo, 'api-keys-rolled-secret');
  await shown.getByRole('button', { name: 'Done, I stored it' }).click();

  for (const key of [secret, rolled]) {
    const me = await request.get('/public/v1/me', { headers: { authorization: `Bearer ${key}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).data.scopes).toEqual(['roster:read', 'decks:read']);
  }
  await expect(page.getByRole('row', { name: /Warehouse export/ })).toHaveCount(2);
  await expect(page.getByText('Rolled: replaced by a new key')).toBeVisible();
  expect(await page.content()).not.toContain(rolled);

  // Rolling the new key without grace: its secret stops at once.
  await page.getByRole('button', { name: 'Roll Warehouse export' }).click();
  const again = page.getByRole('dialog', { name: 'Roll “Warehouse export”?' });
  await again.getByRole('radio', { name: /Expire it now/ }).check();
  await again.getByRole('button', { name: 'Roll key' }).click();
  const third = await page.getByRole('dialog', { name: 'Copy the new secret of “Warehouse export”' }).getByLabel('New secret key').inputValue();
  await expect(page.getByText('The old key no longer works.')).toBeVisible();
  await page.getByRole('button', { name: 'Done, I stored it' }).click();
  expect((await request.get('/public/v1/me', { headers: { authorization: `Bearer ${rolled}` } })).status()).toBe(401);
  expect((await request.get('/public/v1/me', { headers: { authorization: `Bearer ${third}` } })).status()).toBe(200);
});
