import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/lib/logger';
import { newObjectId } from '../../src/server/lib/object-id';
import { createAttemptLimiter, waitAfter, type AttemptLimiter, type AttemptRule } from '../../src/server/rate-limit/attempt-limiter';

/**
 * The growing-delay limiter on both stores it runs on: the in-process one, and Redis (REDIS_URL, as
 * in CI) where one Lua script checks and counts every key of an attempt at once.
 */
const logger = createLogger('silent');
const stores: [string, () => AttemptLimiter][] = [['memory', () => createAttemptLimiter({ redisUrl: null, upstashRestUrl: null, upstashRestToken: null }, logger)]];
if (process.env.REDIS_URL) {
  stores.push(['redis', () => createAttemptLimiter({ redisUrl: process.env.REDIS_URL!, upstashRestUrl: null, upstashRestToken: null }, logger, `test:${newObjectId()}:attempts`)]);
}

// Delays of half a minute: a held attempt must still be held when the next call lands, however slow
// a loaded CI machine makes the calls in between (a one-second delay could pass between two of them).
const rule = (overrides: Partial<AttemptRule> = {}): AttemptRule => ({
  name: `rule-${newObjectId()}`,
  free: 3,
  baseDelaySeconds: 30,
  maxDelaySeconds: 240,
  forgetAfterSeconds: 600,
  onSuccess: 'clear',
  ...overrides,
});

it('waits nothing for the free attempts, then doubles up to the ceiling', () => {
  const r = { free: 3, baseDelaySeconds: 1, maxDelaySeconds: 8 };
  expect([1, 2, 3, 4, 5, 6, 7].map((n) => waitAfter(r, n))).toEqual([0, 0, 1, 2, 4, 8, 8]);
});

describe.each(stores)('attempt limiter (%s)', (_store, make) => {
  const limiter = make();
  afterAll(() => limiter.close());

  it('lets the free attempts through, then holds the next one back for the delay, never for ever', async () => {
    const r = rule();
    const key = { rule: r, subject: 'someone@example.test' };
    for (let i = 1; i <= 3; i += 1) {
      const decision = await limiter.begin([key]);
      expect(decision.allowed).toBe(true);
      expect(decision.allowed && decision.counts).toEqual([i]);
    }
    const held = await limiter.begin([key]);
    expect(held).toMatchObject({ allowed: false, rule: r.name });
    expect(!held.allowed && held.retryAfterSeconds).toBe(30);
    // Another subject under the same rule is not affected.
    expect((await limiter.begin([{ rule: r, subject: 'other@example.test' }])).allowed).toBe(true);
  });

  it('counts a burst of parallel attempts before any of them is checked: no more get through than the schedule allows', async () => {
    const key = { rule: rule({ free: 5 }), subject: 'burst' };
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.begin([key])));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('refuses when any key of an attempt waits, and then counts none of them', async () => {
    const tight = rule({ free: 1 });
    const loose = rule({ free: 10 });
    const first = await limiter.begin([{ rule: tight, subject: 'a' }, { rule: loose, subject: 'shared' }]);
    expect(first.allowed && first.counts).toEqual([1, 1]);
    const second = await limiter.begin([{ rule: tight, subject: 'a' }, { rule: loose, subject: 'shared' }]);
    expect(second).toMatchObject({ allowed: false, rule: tight.name });
    const third = await limiter.begin([{ rule: loose, subject: 'shared' }]);
    expect(third.allowed && third.counts).toEqual([2]);
  });

  it('a success clears the keys that say clear and gives back one count on those that say refund', async () => {
    const pair = rule({ free: 2, onSuccess: 'clear' });
    const aggregate = rule({ free: 5, onSuccess: 'refund' });
    const kept = rule({ free: 5, onSuccess: 'keep' });
    const keys = [
      { rule: pair, subject: 'p' },
      { rule: aggregate, subject: 'g' },
      { rule: kept, subject: 'k' },
    ];
    await limiter.begin(keys);
    const second = await limiter.begin(keys);
    expect(second.allowed && second.counts).toEqual([2, 2, 2]);
    if (second.allowed) await second.succeeded();
    const after = await limiter.begin(keys);
    expect(after.allowed && after.counts).toEqual([1, 2, 3]);
  });

  it('forgets a key after its quiet period', async () => {
    const key = { rule: rule({ free: 1, forgetAfterSeconds: 2 }), subject: 'brief' };
    expect((await limiter.begin([key])).allowed).toBe(true);
    expect((await limiter.begin([key])).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const later = await limiter.begin([key]);
    expect(later.allowed && later.counts).toEqual([1]);
  });
});

it('falls back to counting in this process when Redis cannot be reached, instead of letting guesses through', async () => {
  const limiter = createAttemptLimiter({ redisUrl: 'redis://127.0.0.1:9', upstashRestUrl: null, upstashRestToken: null }, logger);
  try {
    const key = { rule: rule({ free: 2 }), subject: 'offline' };
    expect((await limiter.begin([key])).allowed).toBe(true);
    expect((await limiter.begin([key])).allowed).toBe(true);
    expect((await limiter.begin([key])).allowed).toBe(false);
  } finally {
    await limiter.close();
  }
});
