import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectForUser } from '../../src/server/services/accounts';
import { recordSignUpChoice, replaceUnconfirmedSignUp } from '../../src/server/services/sign-ups';
import { authFor, type Auth } from '../../src/server/web/auth';
import { startAppWithMailbox, tokenFrom, type Mailbox } from '../support/mailbox';
import type { TestApp } from '../support/app';

/**
 * A creator account's `email` is its person's sign-in address: a confirmed change of sign-in email
 * (better-auth's two links, as app/_actions/account-email.ts drives them) reaches the creator row.
 */
describe('creator email follows the sign-in email', () => {
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
    await t?.close();
    await mailbox?.close();
  });

  it('after the new address is confirmed, the creator row carries it', async () => {
    const address = email('creator-old');
    const newAddress = email('creator-new');
    await replaceUnconfirmedSignUp(t.db, address);
    const { user } = await auth.api.signUpEmail({ body: { name: 'Maya Creator', email: address, password: PASSWORD } });
    await recordSignUpChoice(t.db, user, { accountType: 'creator' });
    await auth.api.verifyEmail({ query: { token: tokenFrom(await mailbox.next(address, /Confirm/), '/verify-email') } });
    const subject = await subjectForUser(t.db, user.id);
    expect(subject).toMatchObject({ type: 'creator' });
    const creatorId = subject!.id;
    const creatorEmail = async () => (await t.db.creator.findUniqueOrThrow({ where: { id: creatorId } })).email;
    expect(await creatorEmail()).toBe(address);

    const signedIn = await auth.api.signInEmail({ body: { email: address, password: PASSWORD }, returnHeaders: true });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    await auth.api.changeEmail({ body: { newEmail: newAddress }, headers: new Headers({ cookie }) });
    await auth.api.verifyEmail({ query: { token: tokenFrom(await mailbox.next(address, /Approve changing your sign-in email/), '/verify-email') } });
    // Approved by the old address, not yet confirmed by the new one: nothing changed.
    expect(await creatorEmail()).toBe(address);
    await auth.api.verifyEmail({ query: { token: tokenFrom(await mailbox.next(newAddress, /Confirm your new sign-in email/), '/verify-email') } });

    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(newAddress);
    expect(await creatorEmail()).toBe(newAddress);
  });
});
