/**
 * Counts requests being handled, so a shutdown can wait for them before closing the database under
 * them. Closing the HTTP server is not enough: a keep-alive connection can be closed as idle just as
 * its next request arrives, and that request's handler still runs.
 */
export interface InFlightTracker {
  /**
   * Wraps a handler: each call counts as in flight until its promise settles, or until it returns
   * when it answers synchronously (a cached share page: no promise is made for it). A synchronous
   * throw comes back as a rejected promise, as from an async handler.
   */
  track<A extends unknown[], R>(handler: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
  track<A extends unknown[]>(handler: (...args: A) => void | Promise<void>): (...args: A) => void | Promise<void>;
  /** Resolves when nothing is in flight, or after `timeoutMs` at the latest. */
  drained(timeoutMs: number): Promise<void>;
}

export function createInFlightTracker(): InFlightTracker {
  let active = 0;
  const waiters = new Set<() => void>();
  const leave = () => {
    active -= 1;
    if (active === 0) for (const wake of waiters) wake();
  };
  function track<A extends unknown[], R>(handler: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
  function track<A extends unknown[]>(handler: (...args: A) => void | Promise<void>): (...args: A) => void | Promise<void>;
  function track(handler: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
    return (...args) => {
      active += 1;
      let result: unknown;
      try {
        result = handler(...args);
      } catch (error) {
        leave();
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on whatever the handler threw, as an async handler's rejection would.
        return Promise.reject(error);
      }
      if (result instanceof Promise) return result.finally(leave);
      leave();
      return result;
    };
  }
  return {
    track,
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
