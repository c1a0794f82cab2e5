import { expect, test } from '@playwright/test';
import { signIn, signUp } from './support';

/** Pages carry the security headers, account pages refuse framing, and `next` cannot leave the site. */

test('every page sends nosniff and a Referrer-Policy; account pages also forbid framing', async ({ request }) => {
  for (const path of ['/', '/docs', '/docs/errors', '/sign-in', '/sign-up', '/settings', '/settings/api-keys', '/editor/link-in-bio', '/m/no-such-kit']) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy'], path).toContain("object-src 'none'");
    const account = /^\/(sign-in|sign-up|settings|editor)/.test(path);
    if (account) {
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
  }
});

test('the API answers with its own security headers, and TRACE is a 405 problem', async ({ request }) => {
  const response = await request.get('/public/v1/me');
  expect(response.status()).toBe(401);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const trace = await request.fetch('/public/v1/me', { method: 'TRACE' });
  expect(trace.status()).toBe(405);
  expect(trace.headers()['allow']).toBe('GET');
  expect(trace.headers()['content-type']).toBe('application/problem+json');
  expect((await request.get('/public/v1/me')).status()).toBe(401);
});

test('a `next` that resolves to another origin falls back to the dashboard after signing in', async ({ page, browser }) => {
  const other = await browser.newContext();
  const account = await signUp(await other.newPage(), 'creator', 'open-redirect');
  await other.close();
  for (const next of ['/%09/evil.example', '//evil.example', '/\\evil.example', '/%5Cevil.example', 'https://evil.example/']) {
    await page.goto(`/sign-in?next=${encodeURIComponent(decodeURIComponent(next))}`);
    await signIn(page, account);
    await expect(page).toHaveURL(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/dashboard$/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/sign-in?signed_out=1');
  }
});
