/**
 * The in-process rate-limit store: the same sliding-window rule as @upstash/ratelimit's Redis script
 * (the previous window's count, weighted by how much of it still overlaps, plus the current
 * window's), on a Map in this process — exact per process. It is called directly, synchronously,
 * rather than through the Ratelimit class, whose per-call timeout race (a timer and two promises
 * per request) exists for a remote store.
 */
export interface WindowResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends (epoch ms). */
  reset: number;
}

export class MemorySlidingWindow {
  private readonly counts = new Map<string, number>();
  private sweepAt = 0;

  constructor(
    private readonly tokens: number,
    private readonly windowMs: number,
  ) {}

  take(identifier: string, now = Date.now()): WindowResult {
    const { tokens, windowMs, counts } = this;
    const currentWindow = Math.floor(now / windowMs);
    if (now >= this.sweepAt) {
      this.sweep(currentWindow);
      this.sweepAt = now + windowMs;
    }
    const currentKey = `${identifier}:${currentWindow}`;
    const previous = counts.get(`${identifier}:${currentWindow - 1}`) ?? 0;
    const current = counts.get(currentKey) ?? 0;
    const weightedPrevious = Math.floor((1 - (now % windowMs) / windowMs) * previous);
    const reset = (currentWindow + 1) * windowMs;
    if (weightedPrevious + current >= tokens) return { success: false, limit: tokens, remaining: 0, reset };
    counts.set(currentKey, current + 1);
    return { success: true, limit: tokens, remaining: Math.max(0, tokens - weightedPrevious - current - 1), reset };
  }

  /** Drops windows older than the previous one, so the map stays as small as the set of active keys. */
  private sweep(currentWindow: number): void {
    for (const key of this.counts.keys()) {
      const window = Number(key.slice(key.lastIndexOf(':') + 1));
      if (window < currentWindow - 1) this.counts.delete(key);
    }
  }
}
