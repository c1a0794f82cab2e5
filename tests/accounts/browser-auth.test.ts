import { randomBytes } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgency, createCreatorAccount, subjectForUser } from '../../src/server/services/accounts';
import { authFor, sessionCookiesSecure, type Auth } from '../../src/server/web/auth';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The settings UI's sign-in (better-auth on our tables) below the browser: ids, password hashes,
 * cookies and the user → subject lookup. The limits are in sign-in-limits.test.ts, the mail flows in
 * mail-flows.test.ts; the pages themselves are covered by the Playwright tests in e2e/.
 */
let t: TestApp;
let auth: Auth;
const OBJECT_ID = /^[0-9a-f]{24}$/;
const PASSWORD = 'a long enough passphrase';
const email = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

beforeAll(async () => {
  t = await startTestApp();
  auth = await authFor(t.app);
});
afterAll(() => t.close());

describe('browser accounts', () => {
  it('sign-up stores an argon2id hash and ObjectId ids in our tables, and signs nobody in before the address is confirmed', async () => {
    const address = email('Sign.Up');
    const result = await auth.api.signUpEmail({ body: { name: 'Ada', email: address, password: PASSWORD }, returnHeaders: true });
    const userId = result.response.user.id;
    expect(userId).toMatch(OBJECT_ID);
    expect(result.response.token).toBeNull();
    expect(result.headers.get('set-cookie') ?? '').not.toMatch(/session_token=/);

    const user = await t.db.user.findUniqueOrThrow({ where: { id: userId }, include: { authAccounts: true, sessions: true } });
    expect(user.email).toBe(address.toLowerCase());
    expect(user.emailVerified).toBe(false);
    expect(user.authAccounts).toHaveLength(1);
    expect(user.authAccounts[0]).toMatchObject({ providerId: 'credential', accountId: userId });
    expect(user.authAccounts[0]!.id).toMatch(OBJECT_ID);
    expect(user.authAccounts[0]!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.sessions).toHaveLength(0);

    // The right password is refused until the address is confirmed.
    const early = await auth.api.signInEmail({ body: { email: address, password: PASSWORD } }).catch((e: unknown) => e);
    expect(isAPIError(early) && early.body?.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('signs in with the right password only once confirmed, and the cookie resolves to the session', async () => {
    const address = email('signin');
    const { user } = await auth.api.signUpEmail({ body: { name: 'Bo', email: address, password: PASSWORD } });
    await t.db.user.update({ where: { id: user.id }, data: { emailVerified: true } });

    const wrong = await auth.api.signInEmail({ body: { email: address, password: `${PASSWORD}!` } }).catch((e: unknown) => e);
    expect(isAPIError(wrong) && wrong.status).toBe('UNAUTHORIZED');
    const unknown = await auth.api.signInEmail({ body: { email: email('nobody'), password: PASSWORD } }).catch((e: unknown) => e);
    expect(isAPIError(unknown) && unknown.status).toBe('UNAUTHORIZED');

    const signedIn = await auth.api.signInEmail({ body: { email: address, password: PASSWORD }, returnHeaders: true });
    const setCookie = signedIn.headers.get('set-cookie') ?? '';
    // The session cookie: http-only, SameSite=Lax, Secure (the base URL is http://localhost).
    expect(setCookie).toMatch(/__Secure-creator-api\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Secure/);
    const cookie = setCookie.split(';')[0]!;
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user.email).toBe(address);
    expect(await auth.api.getSession({ headers: new Headers({ cookie: `${cookie}x` }) })).toBeNull();

    await auth.api.signOut({ headers: new Headers({ cookie }) });
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it('answers a sign-up for a taken address like any other, and makes no second account', async () => {
    const address = email('twice');
    const first = await auth.api.signUpEmail({ body: { name: 'One', email: address, password: PASSWORD } });
    const again = await auth.api.signUpEmail({ body: { name: 'Two', email: address.toUpperCase(), password: PASSWORD } });
    expect(Object.keys(again).sort()).toEqual(Object.keys(first).sort());
    expect(again.token).toBeNull();
    expect(Object.keys(again.user).sort()).toEqual(Object.keys(first.user).sort());
    expect(again.user.id).not.toBe(first.user.id);
    expect(await t.db.user.count({ where: { email: address } })).toBe(1);
  });

  it('finds the agency or creator a user acts for, through the same services as the CLI', async () => {
    const agencyEmail = email('owner');
    const { user: agencyUser } = await auth.api.signUpEmail({ body: { name: 'Owner', email: agencyEmail, password: PASSWORD } });
    expect(await subjectForUser(t.db, agencyUser.id)).toBeNull();
    await t.db.user.update({ where: { id: agencyUser.id }, data: { emailVerified: true } });
    const { agency, user } = await createAgency(t.db, { name: 'Acme Talent', ownerEmail: agencyEmail });
    expect(user.id).toBe(agencyUser.id);
    expect(await subjectForUser(t.db, agencyUser.id)).toEqual({ type: 'agency', id: agency.id, name: 'Acme Talent', planCode: 'free', entitlement: 'active', role: 'owner' });

    const creatorEmail = email('creator');
    const { user: creatorUser } = await auth.api.signUpEmail({ body: { name: 'Cleo', email: creatorEmail, password: PASSWORD } });
    await t.db.user.update({ where: { id: creatorUser.id }, data: { emailVerified: true } });
    const { creator } = await createCreatorAccount(t.db, { displayName: 'Cleo', email: creatorEmail });
    expect(await subjectForUser(t.db, creatorUser.id)).toMatchObject({ type: 'creator', id: creator.id, name: 'Cleo' });
  });

  it('marks cookies Secure on https and localhost, not on other plain-http origins', () => {
    expect(sessionCookiesSecure('https://api.example.com')).toBe(true);
    expect(sessionCookiesSecure('http://localhost:3000')).toBe(true);
    expect(sessionCookiesSecure('http://127.0.0.1:3000')).toBe(true);
    expect(sessionCookiesSecure('http://10.0.0.5:3000')).toBe(false);
  });
});
