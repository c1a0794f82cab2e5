import type { JobAccount, JobWriter, NewJob } from './queue';

/**
 * Background work (CSV and link-in-bio imports, later webhook deliveries). A job is a row in the
 * `jobs` table written in the same transaction as the work it stands for (`enqueue(tx, …)`).
 * Without Inngest, instances claim and run those rows themselves under leases (leased-runner.ts);
 * with Inngest, the table is the outbox that hands each job to Inngest (inngest.ts). Either way a
 * handler is a sequence of steps, and the steps are the same plain service functions.
 */
export type JobHandler = (data: Record<string, unknown>, step: JobStep) => Promise<void>;

/**
 * Called once a job has given up: after its last attempt (embedded runner), after the last retry (on
 * Inngest). It settles the job's record (`failed`) so clients polling it see an end.
 */
export type JobFailureHandler = (data: Record<string, unknown>, error: unknown) => Promise<void>;

/**
 * How a handler sequences its steps. A step's result is stored (as JSON) under its id once it has
 * finished — in the job row by the leased runner, by Inngest's `step.run` otherwise — so a job that
 * is retried or taken over by another instance resumes after the last finished step. Steps must be
 * idempotent: one may run again if its holder died after the work but before the result was stored.
 */
export interface JobStep {
  run<T>(id: string, work: () => Promise<T>): Promise<T>;
}

export const inlineStep: JobStep = { run: (_id, work) => work() };

export interface JobOptions {
  /** Handler errors are retried until the job was claimed this many times (default 1: no retry). */
  maxAttempts?: number;
  /** Delay before retry number `attempt` (1-based); default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then 10 h. */
  backoffMs?: (attempt: number) => number;
}

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

export interface JobRunner {
  readonly kind: 'in-process' | 'inngest';
  /** The queue this runner enqueues to and claims from (JOBS_QUEUE). */
  readonly queue: string;
  /** This instance's id: the lease holder recorded on the jobs it runs. */
  readonly instanceId: string;
  register(kind: string, handler: JobHandler, onFailure?: JobFailureHandler, options?: JobOptions): void;
  /** Writes the job (and its wake-up) in `tx`, the transaction of the work it stands for; returns its id. */
  enqueue(tx: JobWriter, job: NewJob): Promise<string>;
  /** Starts claiming (after every handler is registered). */
  start(): void;
  /** Resolves when nothing in this queue is due or running (tests). */
  idle(): Promise<void>;
  /**
   * Graceful shutdown: stops claiming, lets running jobs finish their current step (up to the drain
   * bound), records it, and releases their leases so another instance continues at once.
   */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export type { JobAccount, NewJob };
