import { describe, expect, it } from 'vitest';
import { MemorySlidingWindow } from '../../src/server/rate-limit/memory-algorithm';

/** The in-process limiter's sliding window: @upstash/ratelimit's rule (previous window weighted by its overlap, plus the current one). */
describe('MemorySlidingWindow', () => {
  it('allows `tokens` per window, weighs the previous window by its overlap, and forgets windows past the previous one', () => {
    const limiter = new MemorySlidingWindow(3, 1_000);
    expect([0, 10, 20].map((now) => limiter.take('a', now).remaining)).toEqual([2, 1, 0]);
    expect(limiter.take('a', 30)).toMatchObject({ success: false, remaining: 0, reset: 1_000 });
    // Another identifier has its own count.
    expect(limiter.take('b', 40)).toMatchObject({ success: true, remaining: 2 });
    // Next window, at its start: the previous 3 still weigh fully.
    expect(limiter.take('a', 1_000).success).toBe(false);
    // Half way: floor(0.5 × 3) = 1 of the previous window counts, so two calls fit.
    expect(limiter.take('a', 1_500)).toMatchObject({ success: true, remaining: 1, reset: 2_000 });
    expect(limiter.take('a', 1_600)).toMatchObject({ success: true, remaining: 0 });
    // At 1,700 only floor(0.3 × 3) = 0 of it counts: a third call fits, then none.
    expect(limiter.take('a', 1_700)).toMatchObject({ success: true, remaining: 0 });
    expect(limiter.take('a', 1_710).success).toBe(false);
    // Two windows later the window before the last is forgotten: a full allowance.
    expect(limiter.take('a', 3_100)).toMatchObject({ success: true, remaining: 2 });
    // And 'b', idle since its first window, starts afresh too.
    expect(limiter.take('b', 3_200)).toMatchObject({ success: true, remaining: 2 });
  });
});
