import { randomBytes } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createAgency, subjectForUser } from '../../src/server/services/accounts';
import { recordSignUpChoice, replaceUnconfirmedSignUp } from '../../src/server/services/sign-ups';
import { authFor, readEmailLink, type Auth } from '../../src/server/web/auth';
import { startAppWithMailbox, tokenFrom, type Mailbox } from '../support/mailbox';
import { startTestApp, type TestApp } from '../support/app';
import { capturingLogger } from '../support/capturing-logger';

/**
 * better-auth's confirmation, reset and change-of-address flows as the account pages drive them
 * (auth.api, as app/_actions/account*.ts call it), with every mail delivered over SMTP to a real
 * server in this process and every link taken from the mail that arrived. The pages themselves:
 * e2e/accounts.spec.ts.
 */
let t: TestApp;
let auth: Auth;
let mailbox: Mailbox;
const PASSWORD = 'a long enough passphrase';
const email = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

beforeAll(async () => {
  ({ t, mailbox } = await startAppWithMailbox());
  auth = await authFor(t.app);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

/** What the sign-up form does: the pending choice, then better-auth's sign-up. */
async function signUp(address: string, choice: { accountType: 'agency'; agencyName: string } | { accountType: 'creator' } = { accountType: 'agency', agencyName: 'Acme Talent' }) {
  await replaceUnconfirmedSignUp(t.db, address);
  const result = await auth.api.signUpEmail({ body: { name: 'Ada Agent', email: address, password: PASSWORD } });
  await recordSignUpChoice(t.db, result.user, choice);
  return result;
}

describe('mail over SMTP', () => {
  it('sign-up sends a confirmation link; confirming creates the agency and signs in', async () => {
    const address = email('confirm');
    const { user } = await signUp(address);
    expect(await subjectForUser(t.db, user.id)).toBeNull();

    const mail = await mailbox.next(address, /Confirm your email address/);
    expect(mail.from).toBe('no-reply@creator-api.test');
    expect(mail.html).toContain('Confirm email address');
    const token = tokenFrom(mail, '/verify-email');
    expect(mail.links[0]!.startsWith(`${t.app.services.config.publicBaseUrl}/verify-email?token=`)).toBe(true);
    expect(await readEmailLink(t.app, token)).toEqual({ kind: 'sign-up', email: address, userId: user.id });

    const verified = await auth.api.verifyEmail({ query: { token }, returnHeaders: true });
    expect(verified.headers.get('set-cookie') ?? '').toMatch(/session_token=/);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).toBe(true);
    expect(await subjectForUser(t.db, user.id)).toMatchObject({ type: 'agency', name: 'Acme Talent' });
    expect(await t.db.pendingSignUp.count({ where: { userId: user.id } })).toBe(0);

    // The link again: nothing more happens (no second agency, no new session).
    const again = await auth.api.verifyEmail({ query: { token }, returnHeaders: true });
    expect(again.headers.get('set-cookie') ?? '').not.toMatch(/session_token=/);
    expect(await t.db.agency.count({ where: { ownerUserId: user.id } })).toBe(1);
  });

  it('a sign-up with a taken address creates nothing and mails the owner instead of the stranger', async () => {
    const address = email('taken');
    const { user } = await signUp(address, { accountType: 'creator' });
    await auth.api.verifyEmail({ query: { token: tokenFrom(await mailbox.next(address, /Confirm/), '/verify-email') } });

    const again = await signUp(address);
    expect(again.token).toBeNull();
    const notice = await mailbox.next(address, /Someone tried to create an account/);
    expect(notice.links.some((l) => l.endsWith('/forgot-password'))).toBe(true);
    expect(await t.db.user.count({ where: { email: address } })).toBe(1);
    expect(await subjectForUser(t.db, user.id)).toMatchObject({ type: 'creator' });
  });

  it('a second sign-up replaces one nobody confirmed: the first link stops working', async () => {
    const address = email('replace');
    const first = await signUp(address);
    const firstToken = tokenFrom(await mailbox.next(address, /Confirm/), '/verify-email');
    const second = await signUp(address, { accountType: 'creator' });
    expect(second.user.id).not.toBe(first.user.id);
    const secondToken = tokenFrom(await mailbox.next(address, /Confirm/), '/verify-email');

    const stale = await auth.api.verifyEmail({ query: { token: firstToken } }).catch((e: unknown) => e);
    expect(isAPIError(stale)).toBe(true);
    await auth.api.verifyEmail({ query: { token: secondToken } });
    expect(await subjectForUser(t.db, second.user.id)).toMatchObject({ type: 'creator' });
  });

  it('password reset: a one-time link, stored hashed; using it confirms the address and signs out everywhere', async () => {
    const address = email('reset');
    const { user } = await signUp(address);
    await auth.api.verifyEmail({ query: { token: tokenFrom(await mailbox.next(address, /Confirm/), '/verify-email') } });
    await auth.api.signInEmail({ body: { email: address, password: PASSWORD } });
    expect(await t.db.session.count({ where: { userId: user.id } })).toBeGreaterThan(0);

    await auth.api.requestPasswordReset({ body: { email: address } });
    const mail = await mailbox.next(address, /Choose a new password/);
    const token = tokenFrom(mail, '/reset-password');
    const stored = await t.db.verification.findMany({ where: { value: user.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.identifier).not.toContain(token);

    await auth.api.resetPassword({ body: { newPassword: 'a brand new passphrase', token } });
    expect(await t.db.session.count({ where: { userId: user.id } })).toBe(0);
    await mailbox.next(address, /Your password was changed/);
    await auth.api.signInEmail({ body: { email: address, password: 'a brand new passphrase' } });
    const reused = await auth.api.resetPassword({ body: { newPassword: 'yet another passphrase', token } }).catch((e: unknown) => e);
    expect(isAPIError(reused) && reused.body?.code).toBe('INVALID_TOKEN');
  });

  it('a reset request for an unknown address sends nothing and answers the same', async () => {
    const nobody = email('nobody');
    const known = email('known');
    await signUp(known);
    await mailbox.next(known, /Confirm/);
    const unknownAnswer = await auth.api.requestPasswordReset({ body: { email: nobody } });
    const knownAnswer = await auth.api.requestPasswordReset({ body: { email: known } });
    expect(unknownAnswer).toEqual(knownAnswer);
    await mailbox.next(known, /Choose a new password/);
    expect(mailbox.messages.filter((m) => m.to === nobody)).toEqual([]);
  });

  it('change of address: the current address approves, the new one confirms, then it is the sign-in email', async () => {
    const address = email('old');
    const newAddress = email('new');
    const { user } = await signUp(address);
    await auth.api.verifyEmail({ query: { token: tokenFrom(await mailbox.next(address, /Confirm/), '/verify-email') } });
    const signedIn = await auth.api.signInEmail({ body: { email: address, password: PASSWORD }, returnHeaders: true });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;

    await auth.api.changeEmail({ body: { newEmail: newAddress }, headers: new Headers({ cookie }) });
    const approval = await mailbox.next(address, /Approve changing your sign-in email/);
    expect(approval.text).toContain(newAddress);
    const approvalToken = tokenFrom(approval, '/verify-email');
    expect(await readEmailLink(t.app, approvalToken)).toMatchObject({ kind: 'change-email-confirmation', email: address, newEmail: newAddress });
    // Nothing changed yet.
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(address);

    await auth.api.verifyEmail({ query: { token: approvalToken } });
    const confirmation = await mailbox.next(newAddress, /Confirm your new sign-in email/);
    const confirmToken = tokenFrom(confirmation, '/verify-email');
    expect(await readEmailLink(t.app, confirmToken)).toMatchObject({ kind: 'change-email-verification', newEmail: newAddress });
    await auth.api.verifyEmail({ query: { token: confirmToken } });
    expect(await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ email: newAddress, emailVerified: true });
    await auth.api.signInEmail({ body: { email: newAddress, password: PASSWORD } });
  });

  it('a change to an address that has an account sends nothing and answers the same', async () => {
    const mine = email('mine');
    const theirs = email('theirs');
    for (const address of [mine, theirs]) {
      await signUp(address);
      await auth.api.verifyEmail({ query: { token: tokenFrom(await mailbox.next(address, /Confirm/), '/verify-email') } });
    }
    const signedIn = await auth.api.signInEmail({ body: { email: mine, password: PASSWORD }, returnHeaders: true });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const answer = await auth.api.changeEmail({ body: { newEmail: theirs }, headers: new Headers({ cookie }) });
    expect(answer).toEqual({ status: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.messages.filter((m) => m.to === mine && /Approve/.test(m.subject))).toEqual([]);
  });
});

describe('an address squatted first', () => {
  it('does not capture admin create-agency: the squatter’s password and sign-up are removed, the owner gets in through the mailbox', async () => {
    const address = email('squatted');
    const { user } = await signUp(address, { accountType: 'agency', agencyName: 'Squatter Co' });
    await mailbox.next(address, /Confirm/);

    const { agency, user: owner } = await createAgency(t.db, { name: 'Real Agency', ownerEmail: address });
    expect(owner.id).toBe(user.id);
    expect(await t.db.authAccount.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.db.pendingSignUp.count({ where: { userId: user.id } })).toBe(0);
    const squatter = await auth.api.signInEmail({ body: { email: address, password: PASSWORD } }).catch((e: unknown) => e);
    expect(isAPIError(squatter) && squatter.status).toBe('UNAUTHORIZED');

    // The address's owner: "Forgot your password?" → the link in their inbox → in, and confirmed.
    await auth.api.requestPasswordReset({ body: { email: address } });
    await auth.api.resetPassword({ body: { newPassword: 'the owner’s own passphrase', token: tokenFrom(await mailbox.next(address, /Choose a new password/), '/reset-password') } });
    await auth.api.signInEmail({ body: { email: address, password: 'the owner’s own passphrase' } });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).toBe(true);
    expect(await subjectForUser(t.db, user.id)).toMatchObject({ type: 'agency', id: agency.id, name: 'Real Agency' });
    expect(await t.db.agency.count({ where: { ownerUserId: user.id } })).toBe(1);
  });

  it('a confirmed account keeps its password when it is given an agency', async () => {
    const address = email('confirmed');
    const { user } = await signUp(address, { accountType: 'creator' });
    await auth.api.verifyEmail({ query: { token: tokenFrom(await mailbox.next(address, /Confirm/), '/verify-email') } });
    await createAgency(t.db, { name: 'Second Hat', ownerEmail: address });
    await auth.api.signInEmail({ body: { email: address, password: PASSWORD } });
    expect(await t.db.agency.count({ where: { ownerUserId: user.id } })).toBe(1);
  });
});

describe('without SMTP', () => {
  it('writes each mail to the log and, with the outbox on, keeps it for /dev/outbox', async () => {
    const logger = capturingLogger();
    const local = await startTestApp({ config: { smtpUrl: null, mailOutbox: true, logLevel: 'info' }, logger });
    try {
      const localAuth = await authFor(local.app);
      const address = email('outbox');
      await localAuth.api.signUpEmail({ body: { name: 'Dev', email: address, password: PASSWORD } });
      const outbox = local.app.services.mailer.outbox!;
      for (let i = 0; i < 50 && outbox.list().length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      const [entry] = outbox.list();
      expect(entry?.message).toMatchObject({ template: 'verify-email', to: address, subject: 'Confirm your email address' });
      expect(entry?.message.text).toContain(`${local.app.services.config.publicBaseUrl}/verify-email?token=`);
      const line = logger.lines.find((l) => l.message.includes('mail not sent'));
      expect(line).toMatchObject({ level: 'info', fields: { template: 'verify-email', to: address } });
      expect(local.app.services.mailer.describe()).toMatch(/dev outbox at \/dev\/outbox/);
    } finally {
      await local.close();
    }
  });

  it('keeps the outbox off with SMTP, and off by default on PostgreSQL', () => {
    const base = { PORT: '3000', NODE_ENV: 'test' } as const;
    expect(loadConfig({ ...base }).mailOutbox).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgresql://x@localhost/db' }).mailOutbox).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgresql://x@localhost/db', MAIL_OUTBOX: 'true' }).mailOutbox).toBe(true);
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://relay.example:587' }).mailOutbox).toBe(false);
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtp://relay.example:587', MAIL_OUTBOX: 'true' })).toThrow(/MAIL_OUTBOX=true is for machines without SMTP_URL/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'https://relay.example' })).toThrow(/SMTP_URL must look like/);
    expect(loadConfig({ ...base, PUBLIC_BASE_URL: 'https://api.example.com' }).mailFrom).toBe('creator-api <no-reply@api.example.com>');
  });
});
