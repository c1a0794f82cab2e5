import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export const PASSWORD = 'correct horse battery staple';

export interface Account {
  email: string;
  password: string;
  name: string;
}

export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${randomBytes(3).toString('hex')}@example.test`;
}

/**
 * Signs up through the form, confirms the address from the dev outbox, and waits for the dashboard
 * (where a new account lands, with its welcome). Each sign-up comes from an address of its own (this page's X-Forwarded-For, believed
 * from the loopback proxy): mail is limited per client address (30 an hour), and a whole run's
 * sign-ups from one address would pass it, as no real visitor does.
 */
export async function signUp(page: Page, type: 'agency' | 'creator', label: string = type): Promise<Account> {
  const account = { email: uniqueEmail(label), password: PASSWORD, name: type === 'agency' ? 'Ada Agent' : 'Cleo Creator' };
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${randomBytes(1)[0]!}.${1 + (randomBytes(1)[0]! % 254)}` });
  await page.goto('/sign-up');
  await page.getByRole('radio', { name: type === 'agency' ? /Agency/ : /Creator/ }).check();
  await page.getByLabel('Your name').fill(account.name);
  if (type === 'agency') await page.getByLabel('Agency name').fill('Acme Talent');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await confirmSignUp(page, account);
  return account;
}

/**
 * After the sign-up form said "check your inbox": the confirmation link from the dev outbox (the
 * e2e server has no SMTP), the password chosen at sign-up, and the dashboard with its welcome.
 */
export async function confirmSignUp(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  await page.goto(await outboxLink(page, account.email, '/verify-email'));
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\?welcome=1$/);
}

/** The newest link to `path` in the dev outbox's mail to `email`, waiting for the mail to arrive. */
export async function outboxLink(page: Page, email: string, path: string): Promise<string> {
  let href: string | null = null;
  await expect(async () => {
    await page.goto('/dev/outbox');
    const mail = page.locator('article').filter({ has: page.getByText(email, { exact: true }) }).first();
    href = await mail.getByRole('link').filter({ hasText: path }).first().getAttribute('href', { timeout: 1_000 });
    expect(href).toContain(path);
  }).toPass({ timeout: 15_000 });
  return href!;
}

export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Full-page screenshots of the main pages, kept as test artifacts in test-results/screenshots/. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  // caret: 'initial': hiding the caret restyles inputs, which React reports as a hydration mismatch when it races hydration.
  await page.screenshot({ path: file, fullPage: true, caret: 'initial' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Creates a key through the dialog and returns its secret as the dialog shows it. */
export async function createKey(page: Page, name: string, scopes: string[]): Promise<string> {
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  for (const scope of scopes) await dialog.getByRole('checkbox', { name: scope }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const secret = await page.getByLabel('Secret key').inputValue();
  await page.getByRole('button', { name: 'Done, I stored it' }).click();
  return secret;
}

/** The form's own error message (Next's route announcer is also role=alert, so match the class too). */
export function formAlert(scope: Page | Locator): Locator {
  return scope.locator('.alert-error[role="alert"]');
}

/** The form's success message. */
export function formStatus(scope: Page | Locator): Locator {
  return scope.locator('.alert-success[role="status"]');
}

/** Zero serious or critical axe-core violations on the page as it stands. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Next streams a page's metadata into <head> after the body: wait for the title it sets, or axe
  // can run in the moment before it lands (a flaky document-title finding).
  await expect(page, `${label}: page title`).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), label).toEqual([]);
}
