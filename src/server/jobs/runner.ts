/** What both job runners (leased-runner.ts, inngest.ts) share beyond the port in src/server/domain/jobs.ts. */

/**
 * Thrown by a handler to be run again after `delayMs` (say, a webhook receiver's Retry-After) instead
 * of the backoff schedule; it still counts as an attempt, and the message is recorded as the job's
 * last error.
 */
export class RetryJobLater extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
  }
}

export const DEFAULT_BACKOFF_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
export const defaultBackoff = (attempt: number) => DEFAULT_BACKOFF_MS[Math.min(attempt, DEFAULT_BACKOFF_MS.length) - 1]!;

