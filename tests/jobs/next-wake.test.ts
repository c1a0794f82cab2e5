import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJob, insertJob, nextWakeInMs } from '../../src/server/jobs/queue';
import { newObjectId } from '../../src/server/lib/object-id';
import { startTestApp, type TestApp } from '../support/app';

/**
 * When an idle claimer sleeps until: the next due job or lapsing lease. Each case uses a queue no
 * runner claims from, so the rows stay exactly as written.
 */
describe('the claimer’s next wake-up (nextWakeInMs)', () => {
  let t: TestApp;
  const LIMIT = 2;
  const LEASE_MS = 60_000;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const freshQueue = () => `next-wake-${newObjectId()}`;
  const account = () => ({ type: 'agency' as const, id: newObjectId() });
  const enqueue = (queue: string, owner: { type: 'agency'; id: string }, runAt?: Date) =>
    insertJob(t.db, queue, { kind: 'noop', account: owner, payload: {}, runAt });

  it('is null when nothing is queued or running', async () => {
    expect(await nextWakeInMs(t.db, freshQueue(), 'me', LIMIT)).toBeNull();
  });

  it('is the delay until a job that is not due yet', async () => {
    const queue = freshQueue();
    await enqueue(queue, account(), new Date(Date.now() + 5_000));
    const ms = await nextWakeInMs(t.db, queue, 'me', LIMIT);
    expect(ms).toBeGreaterThan(3_000);
    expect(ms).toBeLessThanOrEqual(5_000);
  });

  it('is 0 for a job that fell due after the last claim (it used to wait for the backstop poll)', async () => {
    const queue = freshQueue();
    await enqueue(queue, account(), new Date(Date.now() - 1));
    expect(await nextWakeInMs(t.db, queue, 'me', LIMIT)).toBe(0);
  });

  it('leaves out a due job whose account is at its limit: the job that frees the slot wakes the claimers', async () => {
    const queue = freshQueue();
    const busy = account();
    for (let n = 0; n < LIMIT + 1; n += 1) await enqueue(queue, busy, new Date(Date.now() - 1));
    for (let n = 0; n < LIMIT; n += 1) expect(await claimJob(t.db, { queue, owner: 'other-instance', accountLimit: LIMIT, leaseMs: LEASE_MS })).not.toBeNull();
    // Only the other instance's leases remain: wake when they would lapse, not at once in a loop.
    const ms = await nextWakeInMs(t.db, queue, 'me', LIMIT);
    expect(ms).toBeGreaterThan(LEASE_MS - 5_000);
    expect(ms).toBeLessThanOrEqual(LEASE_MS);
    // Another account's due job is claimable now.
    await enqueue(queue, account(), new Date(Date.now() - 1));
    expect(await nextWakeInMs(t.db, queue, 'me', LIMIT)).toBe(0);
  });
});
