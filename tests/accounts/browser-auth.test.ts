import { randomBytes } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgency, createCreatorAccount, subjectForUser } from '../../src/server/services/accounts';
import { authFor, sessionCookiesSecure, type Auth } from '../../src/server/web/auth';
import { signInRetryAfter } from '../../src/server/web/sign-in-limit';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The settings UI's sign-in (better-auth on our tables) below the browser: ids, password hashes,
 * cookies, the login limiter and the user → subject lookup. The pages themselves are covered by
 * the Playwright tests in e2e/.
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
  it('sign-up stores an argon2id hash and ObjectId ids in our tables, and signs the user in', async () => {
    const address = email('Sign.Up');
    const result = await auth.api.signUpEmail({ body: { name: 'Ada', email: address, password: PASSWORD }, returnHeaders: true });
    const userId = result.response.user.id;
    expect(userId).toMatch(OBJECT_ID);

    const user = await t.db.user.findUniqueOrThrow({ where: { id: userId }, include: { authAccounts: true, sessions: true } });
    expect(user.email).toBe(address.toLowerCase());
    expect(user.emailVerified).toBe(false);
    expect(user.authAccounts).toHaveLength(1);
    expect(user.authAccounts[0]).toMatchObject({ providerId: 'credential', accountId: userId });
    expect(user.authAccounts[0]!.id).toMatch(OBJECT_ID);
    expect(user.authAccounts[0]!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.sessions).toHaveLength(1);
    expect(user.sessions[0]!.id).toMatch(OBJECT_ID);

    // The session cookie: http-only, SameSite=Lax, Secure (the base URL is http://localhost).
    const setCookie = result.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/__Secure-creator-api\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Secure/);
  });

  it('signs in with the right password only, and the cookie resolves to the session', async () => {
    const address = email('signin');
    await auth.api.signUpEmail({ body: { name: 'Bo', email: address, password: PASSWORD } });

    const wrong = await auth.api.signInEmail({ body: { email: address, password: `${PASSWORD}!` } }).catch((e: unknown) => e);
    expect(isAPIError(wrong) && wrong.status).toBe('UNAUTHORIZED');
    const unknown = await auth.api.signInEmail({ body: { email: email('nobody'), password: PASSWORD } }).catch((e: unknown) => e);
    expect(isAPIError(unknown) && unknown.status).toBe('UNAUTHORIZED');

    const signedIn = await auth.api.signInEmail({ body: { email: address, password: PASSWORD }, returnHeaders: true });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user.email).toBe(address);
    expect(await auth.api.getSession({ headers: new Headers({ cookie: `${cookie}x` }) })).toBeNull();

    await auth.api.signOut({ headers: new Headers({ cookie }) });
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it('refuses a second account for the same email', async () => {
    const address = email('twice');
    await auth.api.signUpEmail({ body: { name: 'One', email: address, password: PASSWORD } });
    const again = await auth.api.signUpEmail({ body: { name: 'Two', email: address.toUpperCase(), password: PASSWORD } }).catch((e: unknown) => e);
    expect(isAPIError(again) && again.body?.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    expect(await t.db.user.count({ where: { email: address } })).toBe(1);
  });

  it('finds the agency or creator a user acts for, through the same services as the CLI', async () => {
    const agencyEmail = email('owner');
    const { user: agencyUser } = await auth.api.signUpEmail({ body: { name: 'Owner', email: agencyEmail, password: PASSWORD } });
    expect(await subjectForUser(t.db, agencyUser.id)).toBeNull();
    const { agency, user } = await createAgency(t.db, { name: 'Acme Talent', ownerEmail: agencyEmail });
    expect(user.id).toBe(agencyUser.id);
    expect(await subjectForUser(t.db, agencyUser.id)).toEqual({ type: 'agency', id: agency.id, name: 'Acme Talent', planCode: 'free', entitlement: 'active' });

    const creatorEmail = email('creator');
    const { user: creatorUser } = await auth.api.signUpEmail({ body: { name: 'Cleo', email: creatorEmail, password: PASSWORD } });
    const { creator } = await createCreatorAccount(t.db, { displayName: 'Cleo', email: creatorEmail });
    expect(await subjectForUser(t.db, creatorUser.id)).toMatchObject({ type: 'creator', id: creator.id, name: 'Cleo' });
  });

  it('limits sign-in attempts per email (10 per 10 minutes) and per client address (60)', async () => {
    const limiter = t.app.services.rateLimiter;
    const target = email('limited');
    for (let i = 0; i < 10; i += 1) expect(await signInRetryAfter(limiter, { email: target, clientAddress: `10.0.0.${i}` })).toBeNull();
    const wait = await signInRetryAfter(limiter, { email: target, clientAddress: '10.0.1.1' });
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    // Another account is not affected.
    expect(await signInRetryAfter(limiter, { email: email('other'), clientAddress: '10.0.1.1' })).toBeNull();

    for (let i = 0; i < 60; i += 1) await signInRetryAfter(limiter, { email: email(`spray${i}`), clientAddress: '192.0.2.7' });
    expect(await signInRetryAfter(limiter, { email: email('fresh'), clientAddress: '192.0.2.7' })).toBeGreaterThan(0);
  });

  it('marks cookies Secure on https and localhost, not on other plain-http origins', () => {
    expect(sessionCookiesSecure('https://api.example.com')).toBe(true);
    expect(sessionCookiesSecure('http://localhost:3000')).toBe(true);
    expect(sessionCookiesSecure('http://127.0.0.1:3000')).toBe(true);
    expect(sessionCookiesSecure('http://10.0.0.5:3000')).toBe(false);
  });
});
