import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginSignIn, failedSignInsSinceLastSignIn, mailRetryAfter, recentSignInActivity, SIGN_IN_RULES } from '../../src/server/services/sign-in-attempts';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The sign-in limits as the sign-in form uses them (app/_actions/account.ts calls beginSignIn before
 * better-auth checks a password). The browser-level proof, with real requests from two addresses,
 * is e2e/account-limits.spec.ts.
 */
let t: TestApp;
const email = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function verifiedUser(address: string) {
  const user = await t.db.user.create({ data: { id: randomBytes(12).toString('hex'), email: address, emailVerified: true } });
  return user.id;
}

/** One attempt from `address`; `right` says what the password check would have answered. */
async function attempt(target: string, address: string, right: boolean) {
  const gate = await beginSignIn(t.app.services, { email: target, address, userAgent: 'vitest' });
  if (!gate.allowed) return { allowed: false as const, wait: gate.retryAfterSeconds };
  if (right) return { allowed: true as const, ...(await gate.signedIn()) };
  await gate.failed();
  return { allowed: true as const };
}

describe('sign-in limits', () => {
  it('slows the address that guesses, not the account: the owner signs in from their own address meanwhile', async () => {
    const target = email('owner');
    await verifiedUser(target);
    const attacker = '203.0.113.9';
    const results = [];
    for (let i = 0; i < 8; i += 1) results.push(await attempt(target, attacker, false));
    // Five free guesses, then each next one waits (1 s, 2 s, 4 s … after the last); never a lock for everyone.
    expect(results.slice(0, 5).every((r) => r.allowed)).toBe(true);
    const held = results.slice(5).filter((r) => !r.allowed);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((r) => !r.allowed && r.wait >= 1 && r.wait <= 4)).toBe(true);

    // Every guess that was let through was checked, failed and recorded for the owner to see.
    const owner = await attempt(target, '198.51.100.20', true);
    expect(owner).toMatchObject({ allowed: true, failedSinceLastSignIn: results.filter((r) => r.allowed).length });
  });

  it('counts an IPv6 /64 as one address', async () => {
    const target = email('v6');
    for (let i = 1; i <= 5; i += 1) expect((await attempt(target, `2001:db8:77:1::${i.toString(16)}`, false)).allowed).toBe(true);
    expect(await attempt(target, '2001:db8:77:1:ffff:ffff:ffff:ffff', false)).toMatchObject({ allowed: false });
    // The next /64 is somebody else.
    expect((await attempt(target, '2001:db8:77:2::1', false)).allowed).toBe(true);
  });

  it('holds back many addresses guessing one account, but never the addresses the owner signs in from', async () => {
    const target = email('botnet');
    await verifiedUser(target);
    // The owner signed in from home before.
    expect((await attempt(target, '198.51.100.77', true)).allowed).toBe(true);
    // A botnet: one guess from each of many addresses. The account key lets 20 through, then waits.
    const free = SIGN_IN_RULES.account.free;
    const outcomes = [];
    for (let i = 0; i < free + 3; i += 1) outcomes.push((await attempt(target, `192.0.2.${i + 1}`, false)).allowed);
    expect(outcomes.slice(0, free).every(Boolean)).toBe(true);
    expect(outcomes.slice(free).some((allowed) => !allowed)).toBe(true);
    // A new address is held back too …
    expect(await attempt(target, '100.64.0.1', true)).toMatchObject({ allowed: false });
    // … but the owner's known address is not.
    expect(await attempt(target, '198.51.100.77', true)).toMatchObject({ allowed: true, failedSinceLastSignIn: free });
  });

  it('holds back one address spraying many accounts', async () => {
    const sprayer = '203.0.113.200';
    const outcomes = [];
    for (let i = 0; i < SIGN_IN_RULES.address.free + 1; i += 1) outcomes.push((await attempt(email(`spray${i}`), sprayer, false)).allowed);
    expect(outcomes.slice(0, SIGN_IN_RULES.address.free).every(Boolean)).toBe(true);
    expect(outcomes.at(-1)).toBe(false);
  });

  it('records attempts on existing accounts for their owner, and counts failures since the last sign-in', async () => {
    const target = email('record');
    const userId = await verifiedUser(target);
    await attempt(target, '203.0.113.50', false);
    await attempt(target, '203.0.113.51', false);
    expect(await failedSignInsSinceLastSignIn(t.db, userId)).toBe(2);
    expect(await attempt(target, '198.51.100.1', true)).toMatchObject({ failedSinceLastSignIn: 2 });
    expect(await failedSignInsSinceLastSignIn(t.db, userId)).toBe(0);
    const activity = await recentSignInActivity(t.db, userId);
    expect(activity.map((a) => [a.succeeded, a.address])).toEqual([
      [true, '198.51.100.1'],
      [false, '203.0.113.51'],
      [false, '203.0.113.50'],
    ]);
    // Unknown emails leave no records (there is nobody to show them to).
    await attempt(email('nobody'), '203.0.113.52', false);
    expect(await t.db.signInAttempt.count({ where: { address: '203.0.113.52' } })).toBe(0);
  });
});

describe('mail limits', () => {
  it('limit mail to one recipient, whoever asks, and say the same for any address', async () => {
    const to = email('inbox');
    const waits = [];
    for (let i = 0; i < 6; i += 1) waits.push(await mailRetryAfter(t.app.services, { to, address: `198.18.0.${i + 1}` }));
    expect(waits.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(waits[5]).toBeGreaterThanOrEqual(59);
  });
});
