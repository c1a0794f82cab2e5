import type { Logger } from './logger';

/**
 * Logs a dependency outage once when it starts and once when it ends (with how long it lasted and
 * how many calls failed), not once per failed call: under load a few seconds of outage would
 * otherwise write thousands of identical lines and bury everything else.
 */
export class OutageNotice {
  private since: number | null = null;
  private failures = 0;

  constructor(
    private readonly logger: Logger,
    /** What is unavailable, as the log line names it: `database`, `rate limit store`. */
    private readonly what: string,
    private readonly now: () => number = Date.now,
  ) {}

  get down(): boolean {
    return this.since !== null;
  }

  /** A call failed because the dependency is away: logged only if this starts an outage. */
  failed(error: unknown, fields: Record<string, unknown> = {}): void {
    this.failures += 1;
    if (this.since !== null) return;
    this.since = this.now();
    this.logger.error(`${this.what} unavailable`, { ...fields, error: error instanceof Error ? error.message : String(error) });
  }

  /** A call succeeded: ends an outage in progress (one line), else costs a comparison. */
  succeeded(): void {
    if (this.since === null) return;
    this.logger.warn(`${this.what} available again`, { outage_ms: this.now() - this.since, failed_calls: this.failures });
    this.since = null;
    this.failures = 0;
  }
}
