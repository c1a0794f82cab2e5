import type { Prisma } from '../../generated/prisma/client';

/**
 * The job port: what services and the composition root need from background work, implemented by
 * src/server/jobs/ (leased-runner.ts without Inngest, inngest.ts with it). Services depend on this
 * module, never on jobs/, so the jobs layer can sit above them and call their step functions.
 */

/** NOTIFY channel: the payload is the queue name that has something new to claim. */
export const JOBS_CHANNEL = 'jobs_due';

/**
 * Lanes: every job kind runs in one lane, and each lane has its own slots on every instance and its
 * own fairness, so one kind of work never queues behind another. User-facing work (CSV imports,
 * their preview commits, link-in-bio imports) runs in `interactive`; webhook delivery attempts run in
 * `deliveries`, where jobs also take turns per endpoint (the job's `fairKey`) and an endpoint has at
 * most `groupConcurrency` attempts in flight, so a slow or dead endpoint cannot take every slot.
 * Per lane and per instance: `JOBS_CONCURRENCY` slots, `JOBS_ACCOUNT_CONCURRENCY` per account
 * (across instances). Declared here, once; `npm run admin -- jobs` shows each job's lane.
 */
/**
 * `settleOnNextClaim`: a job that succeeded is marked `succeeded` by the claim pass that refills its
 * slot (one round trip for both) instead of a statement of its own — for lanes of many short jobs
 * (deliveries); the job row says `running` for those few milliseconds. User-facing jobs settle at once.
 */
/**
 * `handOffTurns`: a slot whose job succeeded goes straight to the next due job of the same group (an
 * endpoint's next delivery), settling one and leasing the other in one statement (queue.ts
 * handOffJob), at most this many times in a row; then its job is settled by a claim pass, which gives
 * the slot to whichever group's turn it is. A swap within a group changes no running count, so every
 * limit holds; the bound keeps the turns: another endpoint of the same account waits at most this many
 * deliveries per slot. 0: every slot is refilled by a claim pass.
 */
export const JOB_LANES = {
  interactive: { kinds: ['creator-import/requested', 'link-in-bio/import.requested'], groupConcurrency: null, settleOnNextClaim: false, handOffTurns: 0 },
  deliveries: { kinds: ['webhooks/delivery.attempt'], groupConcurrency: 2, settleOnNextClaim: true, handOffTurns: 16 },
} as const satisfies Record<string, { kinds: readonly string[]; groupConcurrency: number | null; settleOnNextClaim: boolean; handOffTurns: number }>;

export type JobLane = keyof typeof JOB_LANES;
export const JOB_LANE_NAMES = Object.keys(JOB_LANES) as JobLane[];

/** The lane that declares a kind, or null (registering such a kind fails: every kind needs a lane). */
export function declaredLaneOf(kind: string): JobLane | null {
  for (const lane of JOB_LANE_NAMES) if ((JOB_LANES[lane].kinds as readonly string[]).includes(kind)) return lane;
  return null;
}

/** The lane a job of this kind is written to (an undeclared kind, only ever a test's, runs in `interactive`). */
export function laneOf(kind: string): JobLane {
  return declaredLaneOf(kind) ?? 'interactive';
}

export interface JobAccount {
  type: 'agency' | 'creator';
  id: string;
}

export interface NewJob {
  kind: string;
  /** Whose work it is: per-account concurrency limits and round-robin across accounts. */
  account: JobAccount;
  payload: Record<string, unknown>;
  /** Turns within the account in lanes that take them (a delivery's endpoint id). */
  fairKey?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Handler errors are retried until the job has been claimed this many times (default 1: no retry). */
  maxAttempts?: number;
}

/** Prisma's client or the transaction client of the work the job stands for. */
export type JobWriter = Pick<Prisma.TransactionClient, '$executeRawUnsafe'>;

/**
 * Background work (CSV and link-in-bio imports, webhook deliveries). A job is a row in the
 * `jobs` table written in the same transaction as the work it stands for (`enqueue(tx, …)`).
 * Without Inngest, instances claim and run those rows themselves under leases (leased-runner.ts);
 * with Inngest, the table is the outbox that hands each job to Inngest (inngest.ts). Either way a
 * handler is a sequence of steps, and the steps are the same plain service functions.
 */
export type JobHandler = (data: Record<string, unknown>, step: JobStep, context?: JobRunContext) => Promise<void>;

/**
 * What the embedded runner offers a handler beyond its steps (Inngest offers none: a handler works
 * without it). Both save round trips to the database on a slot that hands off (JOB_LANES'
 * `handOffTurns`): a burst of deliveries to one endpoint costs one statement per delivery, not three.
 */
export interface JobRunContext {
  /** The row the kind's `preload` (JobOptions) read for this job in the statement that leased it; absent when that was a claim pass. */
  preloaded?: unknown;
  /**
   * The handler succeeded, and this write records it: instead of running it now, the runner runs it
   * in the statement that settles the job (and, on a hand-off, leases the group's next job and reads
   * its preload), so the record and the settling commit together. Run on its own first when the job
   * is settled any other way. A write that fails leaves the job unsettled: its lease lapses and it runs again.
   */
  settleWith?(write: SettleWrite): void;
}

/**
 * A success's record, run inside the settling statement: data-modifying CTEs (`name AS (…), …`), with
 * parameters numbered from $1 (renumbered into that statement, so no `$` may appear but as a
 * placeholder) and CTE names that do not start with `job_` (the settling statement's own).
 */
export interface SettleWrite {
  ctes: string;
  params: unknown[];
}

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

/**
 * Thrown by a handler whose job cannot run yet because its group is held (a webhook endpoint whose
 * circuit is open): the job goes back to the queue unchanged — same place, same order, not counted as
 * an attempt — and nobody claims from the group until the hold ends.
 */
export class PostponeJob extends Error {
  constructor(readonly until: Date) {
    super(`postponed until ${until.toISOString()}`);
  }
}

export const inlineStep: JobStep = { run: (_id, work) => work() };

export interface JobOptions {
  /** Handler errors are retried until the job was claimed this many times (default 1: no retry). */
  maxAttempts?: number;
  /** Delay before retry number `attempt` (1-based); default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then 10 h. */
  backoffMs?: (attempt: number) => number;
  /**
   * What a job of this kind reads first, read instead in the statement that leases it on a hand-off
   * (JobRunContext.preloaded): a SELECT of one row over `job_claimed` (the leased job: id, kind,
   * payload…), no parameters. Saves the handler's first round trip.
   */
  preload?: string;
}

export interface JobRunner {
  readonly kind: 'in-process' | 'inngest';
  /** The queue this runner enqueues to and claims from (JOBS_QUEUE). */
  readonly queue: string;
  /** This instance's id: the lease holder recorded on the jobs it runs. */
  readonly instanceId: string;
  register(kind: string, handler: JobHandler, onFailure?: JobFailureHandler, options?: JobOptions): void;
  /** Writes the job (and its wake-up) in `tx`, the transaction of the work it stands for; returns its id. */
  enqueue(tx: JobWriter, job: NewJob): Promise<string>;
  /**
   * Holds a group of a kind's lane (by fair key) until `until` (null: releases it), in `tx`: its
   * queued jobs stay in place and nobody claims them meanwhile (an open circuit).
   */
  hold(tx: JobWriter, kind: string, fairKey: string, until: Date | null): Promise<void>;
  /**
   * How long the claim loop has gone without a successful pass, in milliseconds, once that is past
   * what a healthy loop allows (null: it is keeping up, or the runner has no loop of its own, as with
   * Inngest). A pass blocked on a lock or a hung connection shows here; /readyz reports it.
   */
  claimLoopStall(): number | null;
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

