import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createKey, expectAccessible, formStatus, outboxLink, PASSWORD, screenshot, signUp, uniqueEmail } from './support';

/**
 * Agencies are teams (issue 32), the whole story in the browser: the owner invites an admin and a
 * member from Settings → Members (mail from the dev outbox), each signs up through the link and sees
 * what their role allows, the member cannot create a key, a removal applies on the member's next
 * click, and the audit log shows it all. Every page on the way is axe-clean.
 */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // An address of its own per person (the mail and sign-in limits count per client address).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${randomBytes(1)[0]!}.${1 + (randomBytes(1)[0]! % 254)}` });
  return page;
}

async function invite(page: Page, email: string, role: 'admin' | 'member' | 'viewer') {
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(formStatus(form)).toContainText(`Invitation sent to ${email}`);
}

/** The invitation link from the dev outbox; a loaded machine can take longer than one poll window to serve it. */
async function invitationLink(page: Page, email: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await outboxLink(page, email, '/invite');
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

async function acceptBySigningUp(page: Page, email: string, name: string) {
  await page.goto(await invitationLink(page, email));
  await expect(page.getByRole('heading', { name: 'Join Acme Talent' })).toBeVisible();
  await expectAccessible(page, `invitation page for ${name}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Choose a password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page).toHaveURL(/\/dashboard\?joined=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'You joined Acme Talent' })).toBeVisible();
}

test('an owner invites an admin and a member; each works within their role; a removal applies at once; the audit log shows it', async ({ browser }, testInfo) => {
  // Four people and a dozen pages on a shared two-core machine.
  test.setTimeout(480_000);
  const owner = await newPage(browser);
  await signUp(owner, 'agency', 'team-owner');
  await owner.goto('/settings/members');
  await expect(owner.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expectAccessible(owner, 'members page (owner)');

  const adminEmail = uniqueEmail('team-admin');
  const memberEmail = uniqueEmail('team-member');
  await invite(owner, adminEmail, 'admin');
  await invite(owner, memberEmail, 'member');
  await owner.reload();
  await expect(owner.locator(`tr[data-invitation="${adminEmail}"]`)).toContainText('Admin');
  await expect(owner.locator(`tr[data-invitation="${memberEmail}"]`)).toContainText('Member');
  await expectAccessible(owner, 'members page with pending invitations');
  await screenshot(owner, testInfo, 'members-pending-invitations');

  // The admin signs up through the link and manages keys and members.
  const admin = await newPage(browser);
  await acceptBySigningUp(admin, adminEmail, 'Adam Admin');
  await admin.goto('/settings/api-keys');
  await createKey(admin, 'Admin key', ['roster:read']);
  await expect(admin.locator('tbody tr').filter({ hasText: 'Admin key' })).toContainText(`Adam Admin (${adminEmail})`);
  await admin.goto('/settings/members');
  await expect(admin.getByRole('form', { name: 'Invite someone' })).toBeVisible();

  // The member works on the roster but has no key controls, no webhooks and no invite form.
  const member = await newPage(browser);
  await acceptBySigningUp(member, memberEmail, 'Mia Member');
  await member.goto('/settings/api-keys');
  await expect(member.getByText('Your role (member) cannot create or change keys')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: /^Revoke / })).toHaveCount(0);
  await expect(member.locator('tbody tr').filter({ hasText: 'Admin key' })).toContainText(adminEmail);
  await expectAccessible(member, 'API keys page (member)');
  await member.goto('/settings/webhooks');
  await expect(member).toHaveURL(/\/settings\/forbidden\?permission=webhooks%3Aread$/);
  await expect(member.getByRole('alert').filter({ hasText: 'Your role does not allow this: it requires the webhooks:read permission' })).toBeVisible();
  await expectAccessible(member, 'forbidden page (member)');
  await member.goto('/settings/members');
  await expect(member.locator(`tr[data-member="${memberEmail}"]`)).toContainText('Member');
  await expect(member.getByRole('form', { name: 'Invite someone' })).toHaveCount(0);

  // The owner removes the member: their next click no longer reaches the agency.
  await owner.goto('/settings/members');
  await expect(owner.locator(`tr[data-member="${adminEmail}"]`)).toContainText('Admin');
  await owner.getByRole('button', { name: `Remove ${memberEmail}` }).click();
  // The removed row (and its form) goes away with the page's refresh.
  await expect(owner.locator(`tr[data-member="${memberEmail}"]`)).toHaveCount(0);
  await member.goto('/settings/members');
  await expect(member).toHaveURL(/\/settings$/);
  await expect(member.getByText('Acme Talent')).toHaveCount(0);

  // The audit log records it all, with who did it.
  await owner.goto('/settings/audit');
  for (const action of ['member.invited', 'member.joined', 'member.removed', 'api_key.created']) await expect(owner.locator('tbody code').getByText(action, { exact: true }).first()).toBeVisible();
  await expectAccessible(owner, 'audit log with team events');
  await screenshot(owner, testInfo, 'audit-team-events');
});
