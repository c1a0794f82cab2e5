import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createKey, expectAccessible, formAlert, signIn, signUp } from './support';

/**
 * Guessing is slowed where it happens, never turned into a lock on the owner: sign-in limits per
 * (account, address) and per address, deck-password limits per visitor (an IPv6 /64 counts as one)
 * and per deck. Each browser context below comes from its own client address (X-Forwarded-For,
 * believed from the loopback proxy the config trusts).
 */
const answered = (page: Page, path: string) => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path);

async function contextFrom(browser: Browser, address: string) {
  return browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
}

const randomByte = () => Math.floor(Math.random() * 256);

test('someone guessing an account’s password elsewhere slows only themselves; the owner signs in and is told', async ({ browser }) => {
  const ownerContext = await contextFrom(browser, `198.51.${randomByte()}.10`);
  const owner = await ownerContext.newPage();
  const account = await signUp(owner, 'agency', 'hammered');
  await owner.getByRole('button', { name: 'Sign out' }).click();
  await expect(owner).toHaveURL('/sign-in?signed_out=1');

  const attackerContext = await contextFrom(browser, `203.0.${randomByte()}.66`);
  const attacker = await attackerContext.newPage();
  await attacker.goto('/sign-in');
  let failures = 0;
  for (let attempt = 1; attempt <= 12; attempt += 1) {
    await Promise.all([answered(attacker, '/sign-in'), signIn(attacker, { email: account.email, password: `guess number ${attempt}` })]);
    const message = await formAlert(attacker).innerText();
    if (message.startsWith('That email and password')) failures += 1;
    else expect(message).toMatch(/^Too many attempts\. Try again in (a second|\d+ seconds|a minute|\d+ minutes)\.$/);
  }
  // Five free guesses, then waits that grow: far fewer than twelve got checked.
  expect(failures).toBeGreaterThanOrEqual(5);
  expect(failures).toBeLessThan(12);

  // The owner, from their own address, at the same moment: in at once, and told what happened.
  await owner.goto('/sign-in');
  await signIn(owner, account);
  await expect(owner).toHaveURL('/dashboard');
  const notice = owner.getByRole('status').filter({ hasText: 'failed sign-in attempts since your last sign-in' });
  await expect(notice).toContainText(/\d+ failed sign-in attempts since your last sign-in/);
  // The server's count, not the attacker's: reading the form's alert right after a response can still
  // show the previous attempt's words, so the client-side tally may be one off under load.
  const recorded = Number(/(\d+) failed sign-in attempts/.exec(await notice.innerText())![1]);
  expect(recorded).toBeGreaterThanOrEqual(5);
  expect(recorded).toBeLessThan(12);
  expect(Math.abs(recorded - failures)).toBeLessThanOrEqual(1);
  await expectAccessible(owner, 'dashboard with the failed sign-in notice');
  await notice.getByRole('link', { name: 'review your sign-in activity' }).click();
  await expect(owner).toHaveURL('/settings/account#activity');
  const rows = owner.getByRole('table', { name: 'Recent sign-in attempts' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Wrong password' })).toHaveCount(recorded);
  // Confirming the address at sign-up signed in too: that and this sign-in.
  await expect(rows.filter({ hasText: 'Signed in' })).toHaveCount(2);
  await owner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);

  await ownerContext.close();
  await attackerContext.close();
});

async function api(request: APIRequestContext, secret: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await request.fetch(`/public/v1${path}`, { method, headers: { authorization: `Bearer ${secret}` }, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data;
}

async function guess(page: Page, path: string, address: string, password: string): Promise<string> {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await page.getByLabel('Password').fill(password);
  await Promise.all([answered(page, path), page.getByRole('button', { name: 'View deck' }).click()]);
  // The form is a server action: the answer arrives before React renders it, and until then the
  // alert still shows the previous answer. The button says "Checking…" until the new state commits.
  await expect(page.getByRole('button', { name: 'Checking…' })).toHaveCount(0);
  const alert = page.getByRole('alert').filter({ hasText: /password is not right|Too many attempts/ });
  if ((await alert.count()) === 0) return 'opened';
  return (await alert.innerText()).trim();
}

/** Seconds in a "Too many attempts. Try again in …" answer (a minute or more counts as 60). */
function waitSeconds(answer: string): number {
  const held = /^Too many attempts\. Try again in (a second|(\d+) seconds|a minute|\d+ minutes)/.exec(answer);
  if (!held) return 0;
  if (held[1] === 'a second') return 1;
  return held[2] ? Number(held[2]) : 60;
}

test('deck passwords: a /64 is one visitor, and each deck has a cap no number of addresses gets around', async ({ page, browser, request }) => {
  // Thirty-odd guesses through the form: slow on a loaded machine.
  test.setTimeout(600_000);
  await signUp(page, 'agency', 'deck-limits');
  await page.goto('/settings/api-keys');
  const secret = await createKey(page, 'Deck limits', ['roster:write', 'decks:write', 'decks:read']);
  const added = await api(request, secret, 'POST', '/creators', { display_name: 'Nia Nakamura', country: 'JP' });
  const deck = await api(request, secret, 'POST', '/decks', { title: 'Locked picks', creator_ids: [added.creator.id], password: 'open sesame 42' });
  const path = new URL(deck.share_url).pathname;

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(path);
  // One visitor rotating through the addresses of their /64: five wrong guesses, then waits.
  const net = `2001:db8:${randomByte().toString(16)}:${randomByte().toString(16)}`;
  const fromOneNet = [];
  for (let i = 1; i <= 8; i += 1) fromOneNet.push(await guess(visitor, path, `${net}::${i.toString(16)}`, `wrong ${i}`));
  expect(fromOneNet.slice(0, 5).every((m) => m.startsWith('That password is not right'))).toBe(true);
  expect(fromOneNet.slice(5).some((m) => m.startsWith('Too many attempts'))).toBe(true);

  // Many visitors, one guess each from their own /64: the deck's cap holds them all back after 30.
  const spread = [];
  for (let i = 0; i < 30; i += 1) spread.push(await guess(visitor, path, `2001:db8:${(0x1000 + i).toString(16)}:${randomByte().toString(16)}::1`, `spread ${i}`));
  expect(spread.some((m) => m.startsWith('Too many attempts'))).toBe(true);
  // Keep guessing from new addresses until the deck's wait is long enough that the next guess
  // surely lands inside it however slow this machine is (the delay doubles with each guess let through,
  // so this takes about 1 + 2 + 4 seconds whatever the pace of the guesses).
  for (let i = 30; i < 300 && waitSeconds(spread.at(-1) ?? '') < 8; i += 1) {
    spread.push(await guess(visitor, path, `2001:db8:${(0x1000 + i).toString(16)}:${randomByte().toString(16)}::1`, `spread ${i}`));
  }
  expect(waitSeconds(spread.at(-1) ?? ''), spread.join('\n')).toBeGreaterThanOrEqual(8);
  // Even the right password from a new address waits its turn now: slowed, not locked for ever.
  expect(await guess(visitor, path, `198.51.${randomByte()}.200`, 'open sesame 42')).toMatch(/^Too many attempts\. Try again in/);
  await expectAccessible(visitor, 'deck password form, held back');
  await visitorContext.close();
});

test('the dev outbox shows the mail this server would have sent, with its links', async ({ page }) => {
  const account = await signUp(page, 'creator', 'outbox');
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Dev outbox' })).toBeVisible();
  const mail = page.locator('article').filter({ has: page.getByText(account.email, { exact: true }) }).first();
  await expect(mail.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await expect(mail.getByRole('link').filter({ hasText: '/verify-email?token=' })).toHaveCount(1);
  await expectAccessible(page, 'dev outbox');
});

test('the accounts page of the docs states the rules, and is accessible', async ({ page }) => {
  await page.goto('/docs/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts and sign-in security' })).toBeVisible();
  await expect(page.getByText('5 free, then 1 s doubling to at most 15 minutes between attempts').first()).toBeVisible();
  await expectAccessible(page, 'docs: accounts');
});
