/**
 * Counts requests being handled, so a shutdown can wait for them before closing the database under
 * them. Closing the HTTP server is not enough: a keep-alive connection can be closed as idle just as
 * its next request arrives, and that request's handler still runs.
 */
export interface InFlightTracker {
  /** Wraps a handler: each call counts as in flight until its promise settles. */
  track<A extends unknown[], R>(handler: (...args: A) => R | Promise<R>): (...args: A) => Promise<R>;
  /** Resolves when nothing is in flight, or after `timeoutMs` at the latest. */
  drained(timeoutMs: number): Promise<void>;
}

export function createInFlightTracker(): InFlightTracker {
  let active = 0;
  const waiters = new Set<() => void>();
  return {
    track(handler) {
      return async (...args) => {
        active += 1;
        try {
          return await handler(...args);
        } finally {
          active -= 1;
          if (active === 0) for (const wake of waiters) wake();
        }
      };
    },
    drained(timeoutMs) {
      if (active === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiters.add(done);
      });
    },
  };
}
