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

/** One identifier's counts: its latest window's and the one before it. */
interface WindowCounts {
  window: number;
  current: number;
  previous: number;
}

export class MemorySlidingWindow {
  /** One entry per identifier (not one per identifier and window): a lookup by the identifier as given, no key strings built per call. */
  private readonly counts = new Map<string, WindowCounts>();
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
    let entry = counts.get(identifier);
    if (!entry) {
      entry = { window: currentWindow, current: 0, previous: 0 };
      counts.set(identifier, entry);
    } else if (entry.window !== currentWindow) {
      // A new window: the one just ended is its previous only if it was the last one.
      entry.previous = entry.window === currentWindow - 1 ? entry.current : 0;
      entry.current = 0;
      entry.window = currentWindow;
    }
    const weightedPrevious = Math.floor((1 - (now % windowMs) / windowMs) * entry.previous);
    const reset = (currentWindow + 1) * windowMs;
    if (weightedPrevious + entry.current >= tokens) return { success: false, limit: tokens, remaining: 0, reset };
    entry.current += 1;
    return { success: true, limit: tokens, remaining: Math.max(0, tokens - weightedPrevious - entry.current), reset };
  }

  /** Drops identifiers idle for more than a window, so the map stays as small as the set of active keys. */
  private sweep(currentWindow: number): void {
    for (const [identifier, entry] of this.counts) if (entry.window < currentWindow - 1) this.counts.delete(identifier);
  }
}
