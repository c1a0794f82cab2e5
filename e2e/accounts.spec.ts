import { PASSWORD, expectAccessible, formAlert, formStatus, screenshot, signIn, uniqueEmail } from './support';
import { expect, test } from './mail';
import type { Page } from '@playwright/test';

/**
 * Accounts people can trust, in Chromium against the server that delivers mail over SMTP: every
 * link is taken from a mail that arrived at a real SMTP server in this worker.
 */
async function submitSignUp(page: Page, email: string, type: 'agency' | 'creator' = 'agency') {
  await page.goto('/sign-up');
  await page.getByRole('radio', { name: type === 'agency' ? /Agency/ : /Creator/ }).check();
  await page.getByLabel('Your name').fill('Ada Agent');
  if (type === 'agency') await page.getByLabel('Agency name').fill('Trusty Talent');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  return (await page.getByRole('status').filter({ hasText: 'Check your inbox' }).innerText()).trim();
}

const linkTo = (mail: { links: string[] }, path: string) => {
  const link = mail.links.find((l) => new URL(l).pathname === path);
  expect(link, `a ${path} link`).toBeTruthy();
  return link!;
};

test('sign-up → confirm the address from the mail → signed in; then sign out and in again', async ({ page, mailbox }, testInfo) => {
  const email = uniqueEmail('confirm');
  await submitSignUp(page, email);
  await expectAccessible(page, 'sign-up: check your inbox');
  await screenshot(page, testInfo, 'sign-up-check-inbox');
  // Not signed in yet, and the password alone does not get in before the address is confirmed.
  await page.goto('/sign-in');
  await signIn(page, { email, password: PASSWORD });
  await expect(formAlert(page)).toHaveText(`Confirm your email address first: we sent a new link to ${email}.`);

  const mail = await mailbox.next(email, /Confirm your email address/);
  await mailbox.next(email, /Confirm your email address/); // the second link, sent at the sign-in above
  await page.goto(linkTo(mail, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page, 'confirm email');
  await screenshot(page, testInfo, 'confirm-email');
  // A wrong password does not confirm it.
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByText('That password does not match the one chosen at sign-up.')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\?welcome=1$/);
  await expect(page.getByText('Your agency account is ready.')).toBeVisible();
  await expect(page.getByText('Trusty Talent').first()).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in?signed_out=1');
  await signIn(page, { email, password: PASSWORD });
  await expect(page).toHaveURL('/dashboard');
});

test('sign-up answers the same for a taken address, and mails its owner instead', async ({ page, mailbox }) => {
  const email = uniqueEmail('taken');
  const first = await submitSignUp(page, email, 'creator');
  await page.goto(linkTo(await mailbox.next(email, /Confirm/), '/verify-email'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\?welcome=1$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in?signed_out=1');

  const again = await submitSignUp(page, email);
  expect(again).toBe(first);
  const notice = await mailbox.next(email, /Someone tried to create an account/);
  expect(notice.text).toContain('No new account was created.');
});

test('forgot password → the link from the mail → a new password, signed in; the old one stops working', async ({ page, mailbox }, testInfo) => {
  const email = uniqueEmail('reset');
  await submitSignUp(page, email, 'creator');
  await page.goto(linkTo(await mailbox.next(email, /Confirm/), '/verify-email'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\?welcome=1$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in?signed_out=1');

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expectAccessible(page, 'forgot password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(formStatus(page)).toContainText(`If an account uses ${email}, we sent it a link`);
  // The same answer for an address without an account.
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(formStatus(page)).toContainText('If an account uses e2e-nobody');

  const mail = await mailbox.next(email, /Choose a new password/);
  await page.goto(linkTo(mail, '/reset-password'));
  await expectAccessible(page, 'reset password');
  await screenshot(page, testInfo, 'reset-password');
  await page.getByLabel('New password').fill('a completely new passphrase');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL('/settings?password_reset=1');
  await mailbox.next(email, /Your password was changed/);

  // The link works once.
  await page.goto(linkTo(mail, '/reset-password'));
  await page.getByLabel('New password').fill('and yet another passphrase');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(formAlert(page)).toHaveText('This link has expired or was already used. Ask for a new one below.');

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in?signed_out=1');
  await signIn(page, { email, password: PASSWORD });
  await expect(formAlert(page)).toHaveText('That email and password do not match an account.');
  await signIn(page, { email, password: 'a completely new passphrase' });
  await expect(page).toHaveURL('/dashboard');
});

test('change of sign-in email: approved from the current address, confirmed from the new one', async ({ page, mailbox }, testInfo) => {
  const email = uniqueEmail('old');
  const newEmail = uniqueEmail('new');
  await submitSignUp(page, email);
  await page.goto(linkTo(await mailbox.next(email, /Confirm/), '/verify-email'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\?welcome=1$/);

  await page.goto('/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL('/settings/account');
  await expectAccessible(page, 'account settings');
  await screenshot(page, testInfo, 'account-settings');
  const form = page.getByRole('form', { name: 'Change sign-in email' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Current password').fill('wrong password here');
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByText('That password does not match this account.')).toBeVisible();
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(formStatus(form)).toContainText(`approve the change with the link we sent to ${email}`);

  await page.goto(linkTo(await mailbox.next(email, /Approve changing/), '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Approve the new sign-in email' })).toBeVisible();
  await expectAccessible(page, 'approve email change');
  await page.getByRole('button', { name: 'Approve the change' }).click();
  await expect(formStatus(page)).toContainText(`We sent a link to ${newEmail}`);

  await page.goto(linkTo(await mailbox.next(newEmail, /Confirm your new sign-in email/), '/verify-email'));
  await page.getByRole('button', { name: 'Confirm new email address' }).click();
  await expect(formStatus(page)).toContainText(`your sign-in email is now ${newEmail}`);

  await page.goto('/settings/account');
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in?signed_out=1');
  await signIn(page, { email, password: PASSWORD });
  await expect(formAlert(page)).toHaveText('That email and password do not match an account.');
  await signIn(page, { email: newEmail, password: PASSWORD });
  await expect(page).toHaveURL('/dashboard');
});

test('with SMTP configured there is no dev outbox', async ({ request }) => {
  expect((await request.get('/dev/outbox')).status()).toBe(404);
});
