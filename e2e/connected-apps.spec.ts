import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible, formStatus, screenshot, signUp } from './support';

/**
 * Issue 30: a hosted assistant's OAuth flow as the person sees it — the consent screen in the site's
 * design (app, where it returns, account, scopes with read-only preselected), then Connected apps in
 * settings, where removing the app makes its next /mcp call a 401.
 */
test('consent screen, connected apps and revoke', async ({ page, request, baseURL }, testInfo) => {
  await signUp(page, 'agency');
  await expect(formStatus(page)).toContainText('Your agency account is ready');

  const redirectUri = 'https://assistant.example/callback';
  const registered = await request.post('/api/auth/oauth2/register', {
    data: { client_name: 'Test Assistant', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
  });
  expect(registered.status()).toBe(201);
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const resource = `${baseURL}/mcp`;
  const authorize = new URL('/api/auth/oauth2/authorize', baseURL);
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'roster:read roster:write offline_access',
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource,
  })) {
    authorize.searchParams.set(name, value);
  }
  // The assistant's own page is not on this machine: answer for it, and keep the code.
  let returned: URL | undefined;
  await page.route('https://assistant.example/**', async (route) => {
    returned = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Assistant</title><p>Connected</p>' });
  });

  await page.goto(authorize.toString());
  await expect(page).toHaveURL(/\/oauth\/consent\?/);
  await expect(page.getByRole('heading', { name: 'Connect Test Assistant?' })).toBeVisible();
  await expect(page.getByText('assistant.example', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /roster:read/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /roster:write/ })).not.toBeChecked();
  await expectAccessible(page, 'consent screen');
  await screenshot(page, testInfo, 'oauth-consent');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect.poll(() => returned?.searchParams.get('state')).toBe('xyz');
  const code = returned!.searchParams.get('code')!;

  const token = await request.post('/api/auth/oauth2/token', {
    form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier, resource },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken, scope } = (await token.json()) as { access_token: string; scope: string };
  expect(scope.split(' ').sort()).toEqual(['offline_access', 'roster:read']);
  const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
  const mcpHeaders = { authorization: `Bearer ${accessToken}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  expect((await request.post('/mcp', { data: ping, headers: mcpHeaders })).status()).toBe(200);

  await page.goto('/settings/connected-apps');
  const row = page.getByRole('row', { name: /Test Assistant/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('roster:read')).toBeVisible();
  await expectAccessible(page, 'connected apps');
  await screenshot(page, testInfo, 'connected-apps');
  await row.getByRole('button', { name: 'Remove Test Assistant' }).click();
  const dialog = page.getByRole('dialog', { name: /Remove “Test Assistant”/ });
  await dialog.getByRole('button', { name: 'Remove app' }).click();
  await expect(page.getByText('No connected apps.')).toBeVisible();
  expect((await request.post('/mcp', { data: ping, headers: mcpHeaders })).status()).toBe(401);
});
