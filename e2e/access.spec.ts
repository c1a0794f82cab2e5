import { expect, test } from '@playwright/test';
import { PASSWORD, formAlert, screenshot, signIn, signUp, uniqueEmail } from './support';

test('signed-out visits to settings and editor pages redirect to sign-in, and come back after it', async ({ page, browser }, testInfo) => {
  for (const path of ['/settings', '/settings/api-keys', '/editor/media-kits/6b025e1428ca30dd10e28655', '/editor/link-in-bio']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }
  await screenshot(page, testInfo, 'sign-in');

  // An account made in another browser context, then signed in here: back to the page asked for.
  const other = await browser.newContext();
  const account = await signUp(await other.newPage(), 'agency', 'redirect');
  await other.close();
  await page.goto('/settings/api-keys');
  await signIn(page, account);
  await expect(page).toHaveURL('/settings/api-keys');
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

  // Every page's header knows who is signed in, the public pages' too, and marks the current page.
  await page.goto('/docs/errors');
  const siteNav = page.getByRole('navigation', { name: 'Site' });
  // The docs and developer tools are grouped behind "Developers" (issue 29).
  await siteNav.getByRole('button', { name: 'Developers' }).click();
  await expect(siteNav.getByRole('link', { name: 'Errors' })).toHaveAttribute('aria-current', 'page');
  await expect(siteNav.getByRole('link', { name: 'API keys' })).toBeVisible();
  await expect(siteNav.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await page.goto('/settings/api-keys');

  // The session cookie is http-only and SameSite=Lax.
  const cookie = (await page.context().cookies()).find((c) => c.name.includes('session_token'));
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in?signed_out=1');
  await page.goto('/settings');
  await expect(page).toHaveURL('/sign-in?next=%2Fsettings');
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('sign-up page and validation messages', async ({ page }, testInfo) => {
  await page.goto('/sign-up');
  await screenshot(page, testInfo, 'sign-up');
  await page.getByRole('radio', { name: /Creator/ }).check();
  await expect(page.getByLabel('Agency name')).toHaveCount(0);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(formAlert(page)).toContainText('Check the highlighted fields');
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
  await expect(page.getByRole('radio', { name: /Creator/ })).toBeChecked();
  await expect(page.getByText('Use at least 10 characters.')).toBeVisible();
  await screenshot(page, testInfo, 'sign-up-errors');
});

test('wrong passwords get one generic message, and guessing from one address is slowed down', async ({ page }) => {
  const email = uniqueEmail('limited');
  await page.goto('/sign-in');
  // Wait for each answer: the message text is the same every time.
  const answered = () => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/sign-in');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await Promise.all([answered(), signIn(page, { email, password: `${PASSWORD} ${attempt}` })]);
    await expect(formAlert(page)).toHaveText('That email and password do not match an account.');
  }
  // After five, each guess from this address waits longer than the last (1 s, 2 s, 4 s …).
  await expect(async () => {
    await Promise.all([answered(), signIn(page, { email, password: PASSWORD })]);
    await expect(formAlert(page)).toHaveText(/Too many attempts\. Try again in (a second|\d+ seconds)\./, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});
