import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../src/server/lib/object-id';
import { startTestApp, type TestApp } from '../support/app';

const DAY_MS = 24 * 3600 * 1000;

/** sign_in_attempts rows are kept 90 days; the scheduled sweep removes older ones for every account. */
describe('sign-in attempt sweep', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('deletes attempts past their 90 days, even for an account that never signs in again, and keeps the rest', async () => {
    const { userId } = await t.creatorAccount();
    const attempt = (daysAgo: number, succeeded: boolean) => ({
      id: newObjectId(),
      userId,
      succeeded,
      address: '203.0.113.7',
      addressKey: '203.0.113.7',
      createdAt: new Date(Date.now() - daysAgo * DAY_MS),
    });
    const old = [attempt(91, true), attempt(200, false)];
    const recent = [attempt(89, false), attempt(1, true)];
    await t.db.signInAttempt.createMany({ data: [...old, ...recent] });

    const counts = await t.app.housekeeping.sweep();
    expect(counts.signInAttempts).toBeGreaterThanOrEqual(2);
    const left = await t.db.signInAttempt.findMany({ where: { userId }, select: { id: true } });
    expect(left.map((r) => r.id).sort()).toEqual(recent.map((r) => r.id).sort());
  });
});
