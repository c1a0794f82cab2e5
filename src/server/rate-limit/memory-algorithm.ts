/**
 * @upstash/ratelimit has no in-memory store. This algorithm applies the same sliding-window rule as its
 * Redis script (the previous window's count, weighted by how much of it still overlaps, plus the
 * current window's) to a Map in this process: the embedded default, exact per process.
 */
interface AlgorithmResponse {
  success: boolean;
  limit: number;
  remaining: number;
  reset: number;
  pending: Promise<unknown>;
}

export function memorySlidingWindow(tokens: number, windowMs: number) {
  const counts = new Map<string, number>();
  let sweepAt = 0;
  const sweep = (currentWindow: number) => {
    // Drop windows older than the previous one so the map stays as small as the set of active keys.
    for (const key of counts.keys()) {
      const window = Number(key.slice(key.lastIndexOf(':') + 1));
      if (window < currentWindow - 1) counts.delete(key);
    }
  };
  return () => ({
    async limit(_ctx: unknown, identifier: string, rate?: number): Promise<AlgorithmResponse> {
      const now = Date.now();
      const currentWindow = Math.floor(now / windowMs);
      if (now >= sweepAt) {
        sweep(currentWindow);
        sweepAt = now + windowMs;
      }
      const currentKey = `${identifier}:${currentWindow}`;
      const previous = counts.get(`${identifier}:${currentWindow - 1}`) ?? 0;
      const current = counts.get(currentKey) ?? 0;
      const weightedPrevious = Math.floor((1 - (now % windowMs) / windowMs) * previous);
      const reset = (currentWindow + 1) * windowMs;
      const increment = rate ?? 1;
      if (weightedPrevious + current >= tokens) {
        return { success: false, limit: tokens, remaining: 0, reset, pending: Promise.resolve() };
      }
      counts.set(currentKey, current + increment);
      return {
        success: true,
        limit: tokens,
        remaining: Math.max(0, tokens - weightedPrevious - current - increment),
        reset,
        pending: Promise.resolve(),
      };
    },
    async getRemaining(_ctx: unknown, identifier: string) {
      const now = Date.now();
      const currentWindow = Math.floor(now / windowMs);
      const used = counts.get(`${identifier}:${currentWindow}`) ?? 0;
      return { remaining: Math.max(0, tokens - used), reset: (currentWindow + 1) * windowMs, limit: tokens };
    },
    async resetTokens(_ctx: unknown, identifier: string) {
      for (const key of counts.keys()) if (key.startsWith(`${identifier}:`)) counts.delete(key);
    },
  });
}
