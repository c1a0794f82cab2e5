/**
 * Calls of one subject in progress at once, per bucket, on this instance (buckets.ts
 * `BUCKET_CONCURRENCY`). The hourly bucket bounds how many expensive calls a tenant makes; this bounds
 * how many run together, so a burst of them (a new agency's whole budget sent at once) is spread over
 * time instead of holding the server's CPU and memory in one go. Counted in memory: each instance
 * bounds its own share, and nothing is left held when a process dies.
 */
export class InFlightLimiter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly limits: Readonly<Partial<Record<string, number>>>) {}

  /** The most calls of `bucket` one subject may have in progress, or undefined when the bucket has no such limit. */
  limitOf(bucket: string): number | undefined {
    return this.limits[bucket];
  }

  /**
   * Takes a place for one call: a function that gives it back (call it once, when the call is over),
   * or null when the subject already has its limit in progress. A bucket without a limit always gets a place.
   */
  enter(bucket: string, subject: string): (() => void) | null {
    const limit = this.limits[bucket];
    if (limit === undefined) return () => {};
    const key = `${bucket}:${subject}`;
    const held = this.counts.get(key) ?? 0;
    if (held >= limit) return null;
    this.counts.set(key, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left <= 0) this.counts.delete(key);
      else this.counts.set(key, left);
    };
  }
}
