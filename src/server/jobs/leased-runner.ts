import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobSettings } from '../config';
import type { Db, SqlQuery } from '../db/database';
import type { Notifications } from '../db/notifications';
import type { Logger } from '../lib/logger';
import { countJobOutcome, type JobOutcome } from '../lib/metrics';
import {
  claimPass,
  finishJob,
  finishSucceededJobs,
  handOffJob,
  insertJob,
  nextWakeInMs,
  holdGroup,
  pendingJobCount,
  postponeJob,
  recordStep,
  releaseJobs,
  renewLeases,
  retryJob,
  runSettleWrite,
  sweepFinishedJobs,
  type ClaimedJob,
} from './queue';
import {
  declaredLaneOf,
  JOB_LANE_NAMES,
  JOB_LANES,
  JOBS_CHANNEL,
  laneOf,
  PostponeJob,
  type JobLane,
  type JobFailureHandler,
  type JobHandler,
  type JobOptions,
  type JobRunContext,
  type JobRunner,
  type JobStep,
  type SettleWrite,
} from '../domain/jobs';
import { defaultBackoff, RetryJobLater } from './runner';

/**
 * Runs jobs from the `jobs` table on every live instance:
 * - claims are woken by NOTIFY (a new job, a finished or released one) and by a timer set to the
 *   next due time or the next lapsing lease of another instance, with a slow poll as a backstop;
 * - a claimed job's lease is renewed every `renewMs` while it runs; each finished step is recorded
 *   in the row, so a job taken over after its lease lapsed resumes after the last recorded step;
 * - an instance that finds its lease gone (it was frozen, or cut off, past the lease) stops the job
 *   at the next step boundary and never writes to the row again;
 * - `drain()` (SIGTERM) stops claiming, lets each job finish its current step, and releases them.
 */

/** Thrown at a step boundary when the job must stop here: draining, or the lease was lost. */
export class JobReleased extends Error {
  constructor(readonly reason: 'draining' | 'lease-lost') {
    super(`job stopped at a step boundary: ${reason}`);
  }
}

export interface ActiveJob {
  job: ClaimedJob;
  /** Set by drain(): stop at the next step boundary. */
  draining: boolean;
  /** Set when a renewal or a step record finds the lease gone. */
  lost: boolean;
  /**
   * Set by `process` when the job succeeded: instead of a statement of its own, the claimer settles
   * it at the start of its next claim pass (the same round trip that refills the slot).
   */
  succeeded: boolean;
  /** The success's record the handler gave (JobRunContext.settleWith): written with the settling. */
  settleWrite?: SettleWrite;
  /** Set while the job, postponed (PostponeJob), is on its way back to its place: see handOff. */
  returning?: Promise<unknown>;
}

export interface ClaimerOptions {
  db: Db;
  /** PostgreSQL's raw path (named statements) for the hand-off; absent, it goes through Prisma. */
  sql?: SqlQuery;
  /** A kind's preload (JobOptions.preload), read for the next job in the hand-off's statement. */
  preloadOf?(kind: string): string | undefined;
  notifications: Notifications;
  logger: Logger;
  settings: JobSettings;
  instanceId: string;
  /** The lane this claimer serves: its own `settings.concurrency` slots and fairness (domain/jobs.ts). */
  lane: JobLane;
  /**
   * Works on a claimed job and settles its row (finished, retried or failed) while holding the
   * lease; throws JobReleased to have the claimer hand the job back instead.
   */
  process(job: ClaimedJob, active: ActiveJob): Promise<void>;
}

export interface JobClaimer {
  start(): void;
  wake(): void;
  /** Milliseconds since the claim loop's last successful pass (see JobRunner.claimLoopStall). */
  sinceProgressMs(): number;
  idle(): Promise<void>;
  drain(): Promise<void>;
  close(): Promise<void>;
}

export function newInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createJobClaimer(options: ClaimerOptions): JobClaimer {
  const { db, logger, settings, instanceId, lane } = options;
  const groupLimit = JOB_LANES[lane].groupConcurrency;
  const handOffTurns: number = JOB_LANES[lane].handOffTurns;
  const claimOptions = { queue: settings.queue, lane, owner: instanceId, accountLimit: settings.accountConcurrency, groupLimit, leaseMs: settings.leaseMs };
  const active = new Map<string, { state: ActiveJob; done: Promise<void> }>();
  /** Jobs that succeeded since the last claim pass: settled by the next one (or by drain). */
  const succeeded: string[] = [];
  let endedSinceNotify = false;
  let started = false;
  let stopped = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let wakeTimer: NodeJS.Timeout | null = null;
  let renewTimer: NodeJS.Timeout | null = null;
  const unsubscribers: (() => void)[] = [];
  // The heartbeat: a pass of the claim loop runs at least every poll interval (the backstop timer).
  // Only a pass that got through counts: a claim blocked on a lock fails after its 2 s lock_timeout
  // and is retried, so failing passes keep coming while no job is claimed.
  let lastGoodPassAt = Date.now();

  function setWake(ms: number): void {
    if (wakeTimer) clearTimeout(wakeTimer);
    if (stopped) return;
    wakeTimer = setTimeout(() => wake(), Math.max(10, Math.min(ms, settings.pollMs)));
    wakeTimer.unref();
  }

  function wake(): void {
    if (!started || stopped) return;
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = pump().finally(() => {
      pumping = null;
      // A wake-up that arrived after the claim loop's last check (while the next wake time was being
      // read) would otherwise wait for the backstop poll.
      if (pumpAgain && !stopped) wake();
    });
  }

  async function pump(): Promise<void> {
    if (await runPass()) lastGoodPassAt = Date.now();
  }

  /**
   * One pass: settles the jobs that succeeded since the last pass and claims while there are free
   * slots, one round trip per claim (claimPass); then schedules the next. False when it failed.
   * A claim that takes fewer jobs than asked left nothing claimable and brings the next wake-up time
   * with it; one that fills every slot needs none (a finishing job wakes us).
   */
  async function runPass(): Promise<boolean> {
    let wakeMs: number | null | undefined;
    try {
      do {
        pumpAgain = false;
        wakeMs = undefined;
        while (!stopped && (active.size < settings.concurrency || succeeded.length > 0)) {
          const finishing = succeeded.splice(0);
          let pass;
          try {
            pass = await claimPass(db, { ...claimOptions, limit: settings.concurrency - active.size, finished: finishing, wake: true });
          } catch (error) {
            succeeded.unshift(...finishing);
            throw error;
          }
          if (stopped) {
            await releaseJobs(db, instanceId, pass.jobs.map((job) => job.id));
            break;
          }
          for (const job of pass.jobs) run(job);
          wakeMs = pass.wakeMs;
          if (wakeMs !== undefined) break;
        }
      } while (pumpAgain && !stopped);
      if (stopped) return true;
      // Full: a finishing job wakes us. Otherwise sleep until something lapses or falls due, or the poll.
      if (active.size >= settings.concurrency) setWake(settings.pollMs);
      else setWake((wakeMs !== undefined ? wakeMs : await nextWakeInMs(db, settings.queue, instanceId, settings.accountConcurrency, lane, groupLimit)) ?? settings.pollMs);
      await notifyIfFull();
      return true;
    } catch (error) {
      logger.warn('job claim failed; retrying', { error: String(error) });
      setWake(Math.min(1_000, settings.pollMs));
      await notifyIfFull(true);
      return false;
    }
  }

  /**
   * Other instances may be waiting for a slot a job of ours held (an account or endpoint limit). A
   * pass that ends with free slots took everything claimable (claims are serialized and see the same
   * rows), so nobody else has anything to take: only a pass that ends full — or fails — wakes them.
   */
  async function notifyIfFull(always = false): Promise<void> {
    if (!endedSinceNotify) return;
    if (!always && active.size < settings.concurrency) {
      endedSinceNotify = false;
      return;
    }
    endedSinceNotify = false;
    await notifyQueue();
  }

  /**
   * Runs a claimed job in a slot. When it succeeded and its lane hands off (JOB_LANES' handOffTurns),
   * the slot goes on with the next due job of the same group, taken in the statement that settles this
   * one, up to that many turns in a row; otherwise the slot frees and the claim loop refills it.
   */
  function run(job: ClaimedJob, turn = 0): void {
    const state: ActiveJob = { job, draining: false, lost: false, succeeded: false };
    const done = options
      .process(job, state)
      .catch(async (error) => {
        if (error instanceof JobReleased && error.reason === 'draining') {
          await releaseJobs(db, instanceId, [job.id]);
          await notifyQueue();
        } else if (error instanceof JobReleased) {
          logger.warn('job lease lost; another instance has taken it over', { job_id: job.id, kind: job.kind });
        } else {
          logger.error('job bookkeeping failed; its lease will lapse and another instance retries it', { job_id: job.id, error: String(error) });
        }
      })
      .then(() =>
        handOff(state, turn).catch((error) => {
          logger.warn('job hand-off failed; its next job is taken over once its lease lapses', { job_id: job.id, error: String(error) });
          return null;
        }),
      )
      .then((next) => {
        active.delete(job.id);
        if (state.succeeded && !state.lost) succeeded.push(job.id);
        if (next) return run(next, turn + 1);
        endedSinceNotify = true;
        if (stopped) void notifyQueue();
        wake();
      });
    active.set(job.id, { state, done });
  }

  /** The group's next job when this one succeeded and the lane hands off (see run); null: the slot frees. */
  async function handOff(state: ActiveJob, turn: number): Promise<ClaimedJob | null> {
    if (!state.succeeded || state.lost || stopped || turn >= handOffTurns) return writeOnItsOwn(state);
    // A claim pass in flight may have taken the group's next job without having started it yet: wait
    // for it, so that job starts (and takes its send turn) before this slot takes the one after it.
    while (pumping) await pumping;
    // Likewise a job of the group being postponed: until it is back in the queue in its place it
    // still counts as running, and this slot would take the one after it (seen in CI: an endpoint's
    // probe succeeded while its other slot's delivery was being postponed behind the circuit, and
    // the probe's slot sent two later events first).
    for (const other of active.values()) {
      if (other.state.returning && other.state.job.fairKey === state.job.fairKey) await other.state.returning.catch(() => undefined);
    }
    if (stopped) return writeOnItsOwn(state);
    const write = state.settleWrite;
    const preload = options.preloadOf?.(state.job.kind);
    let handed;
    try {
      handed = await handOffJob(db, { queue: settings.queue, lane, owner: instanceId, leaseMs: settings.leaseMs, finished: state.job.id, write, preload }, options.sql);
    } catch (error) {
      // Nothing was written: the record goes on its own, and the next claim pass settles the job (it stays in `succeeded`).
      logger.warn('job hand-off failed; the claim loop takes over', { job_id: state.job.id, error: String(error) });
      return writeOnItsOwn(state);
    }
    state.settleWrite = undefined;
    state.succeeded = false;
    if (!handed.settled) {
      state.lost = true;
      return null;
    }
    // A preload is the finished job's kind's: another kind's handler would not know its shape.
    if (handed.next && handed.next.kind !== state.job.kind) delete handed.next.preloaded;
    if (handed.next && stopped) {
      // Drain began while the hand-off ran: give the job straight back.
      await releaseJobs(db, instanceId, [handed.next.id]);
      await notifyQueue();
      return null;
    }
    return handed.next;
  }

  /**
   * A success's record whose job is not handed off: written now, before the job is settled (by the
   * next claim pass, or drain), so a job never ends `succeeded` without it. When it fails the job is
   * not settled: its lease lapses and the job runs again (at least once).
   */
  async function writeOnItsOwn(state: ActiveJob): Promise<null> {
    const write = state.settleWrite;
    if (!write) return null;
    state.settleWrite = undefined;
    try {
      await runSettleWrite(db, write, options.sql);
    } catch (error) {
      state.succeeded = false;
      logger.warn('job success not recorded; it runs again once its lease lapses', { job_id: state.job.id, error: String(error) });
    }
    return null;
  }

  async function notifyQueue(): Promise<void> {
    // Other instances may be waiting on an account limit this job held, or for a released job.
    await options.notifications.notify(JOBS_CHANNEL, settings.queue).catch((error) => logger.warn('job wake-up not sent', { error: String(error) }));
  }

  /** Settles the succeeded jobs no pass will take along any more (drain). */
  async function flushSucceeded(): Promise<void> {
    const ids = succeeded.splice(0);
    if (ids.length === 0) return;
    await finishSucceededJobs(db, instanceId, ids).catch((error) => logger.warn('finished jobs not recorded; their leases lapse and the next holder skips them', { error: String(error) }));
    await notifyQueue();
  }

  async function renew(): Promise<void> {
    const ids = [...active.keys()];
    if (ids.length === 0) return;
    try {
      const held = await renewLeases(db, instanceId, ids, settings.leaseMs);
      for (const id of ids) {
        const entry = active.get(id);
        if (entry && !held.has(id)) entry.state.lost = true;
      }
    } catch (error) {
      logger.warn('job lease renewal failed', { error: String(error) });
    }
  }

  return {
    sinceProgressMs: () => Date.now() - lastGoodPassAt,
    start() {
      if (started) return;
      started = true;
      unsubscribers.push(
        options.notifications.subscribe(JOBS_CHANNEL, (queue) => {
          if (queue === settings.queue) wake();
        }),
        // Notifications may have been missed while the listening connection was down.
        options.notifications.onReconnect(() => wake()),
      );
      renewTimer = setInterval(() => void renew(), settings.renewMs);
      renewTimer.unref();
      wake();
    },
    wake,
    async idle() {
      for (;;) {
        await Promise.all([...active.values()].map((entry) => entry.done));
        if (active.size === 0 && (await pendingJobCount(db, settings.queue, lane)) === 0) return;
        wake();
        await sleep(20);
      }
    },
    async drain() {
      stopped = true;
      if (wakeTimer) clearTimeout(wakeTimer);
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      await pumping;
      for (const entry of active.values()) entry.state.draining = true;
      const all = Promise.all([...active.values()].map((entry) => entry.done));
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), settings.drainMs);
      });
      const outcome = await Promise.race([all.then(() => 'done' as const), bound]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        // A step outlived the bound: hand the job back anyway. Its holder dies with this process,
        // and steps are idempotent, so the next holder may safely run that step again.
        const ids = [...active.keys()];
        logger.warn('jobs still mid-step at the drain bound; releasing them', { job_ids: ids });
        for (const entry of active.values()) entry.state.lost = true;
        await releaseJobs(db, instanceId, ids);
        await notifyQueue();
      }
      await flushSucceeded();
      if (renewTimer) clearInterval(renewTimer);
    },
    async close() {
      if (!stopped) await this.drain();
    },
  };
}

/** Ended jobs are kept this long for `admin jobs` and debugging, then swept: succeeded a day, failed a week. */
export const KEEP_SUCCEEDED_MS = 24 * 3600_000;
export const KEEP_FAILED_MS = 7 * 24 * 3600_000;
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_BATCH = 5_000;

/**
 * One claimer per lane (JOB_LANES), each with its own slots, so a lane's backlog never takes another
 * lane's; plus the sweep of ended jobs every 10 minutes (every instance; a sweep deletes at most
 * SWEEP_BATCH rows, so the table stays small without one long delete).
 */
export function createLaneClaimers(options: Omit<ClaimerOptions, 'lane'>): JobClaimer {
  const claimers = JOB_LANE_NAMES.map((lane) => createJobClaimer({ ...options, lane }));
  let sweepTimer: NodeJS.Timeout | null = null;
  async function sweep(): Promise<void> {
    try {
      for (;;) {
        const deleted = await sweepFinishedJobs(options.db, { succeededOlderThanMs: KEEP_SUCCEEDED_MS, failedOlderThanMs: KEEP_FAILED_MS, limit: SWEEP_BATCH });
        if (deleted < SWEEP_BATCH) return;
      }
    } catch (error) {
      options.logger.warn('sweeping ended jobs failed; trying again at the next sweep', { error: String(error) });
    }
  }
  const stopSweeping = () => {
    if (sweepTimer) clearInterval(sweepTimer);
    sweepTimer = null;
  };
  return {
    start() {
      for (const claimer of claimers) claimer.start();
      if (!sweepTimer) {
        sweepTimer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
        sweepTimer.unref();
      }
    },
    wake: () => claimers.forEach((claimer) => claimer.wake()),
    sinceProgressMs: () => Math.max(...claimers.map((claimer) => claimer.sinceProgressMs())),
    async idle() {
      // A job of one lane may enqueue work in another (a finished import's deliveries): settle until all are idle at once.
      for (;;) {
        for (const claimer of claimers) await claimer.idle();
        if ((await pendingJobCount(options.db, options.settings.queue)) === 0) return;
      }
    },
    async drain() {
      stopSweeping();
      await Promise.all(claimers.map((claimer) => claimer.drain()));
    },
    async close() {
      stopSweeping();
      await Promise.all(claimers.map((claimer) => claimer.close()));
    },
  };
}

/** The JobStep of a claimed job: memoized in the row, and a boundary where drain and lease loss take effect. */
function leasedStep(db: Db, settings: JobSettings, instanceId: string, active: ActiveJob): JobStep {
  const { job } = active;
  return {
    async run<T>(id: string, work: () => Promise<T>): Promise<T> {
      if (Object.prototype.hasOwnProperty.call(job.steps, id)) return job.steps[id] as T;
      if (active.lost) throw new JobReleased('lease-lost');
      if (active.draining) throw new JobReleased('draining');
      if (settings.stepPauseMs > 0) {
        await sleep(settings.stepPauseMs);
        if (active.lost) throw new JobReleased('lease-lost');
        if (active.draining) throw new JobReleased('draining');
      }
      const result = await work();
      // Stored and returned as JSON, exactly as Inngest's step.run memoizes it.
      const stored = result === undefined ? null : (JSON.parse(JSON.stringify(result)) as unknown);
      if (!(await recordStep(db, job.id, instanceId, id, stored, settings.leaseMs))) {
        active.lost = true;
        throw new JobReleased('lease-lost');
      }
      job.steps[id] = stored;
      return stored as T;
    },
  };
}

/** Every kind the app registers is declared in a lane (domain/jobs.ts); an undeclared one (a test's) runs in `interactive`. */
export function warnUndeclaredLane(kind: string, logger: Logger): void {
  if (!declaredLaneOf(kind)) logger.warn('job kind is in no lane; it runs in interactive — declare it in JOB_LANES (src/server/domain/jobs.ts)', { kind });
}

/** Takeovers (a holder that froze or died) allowed beyond a job's max_attempts before it is abandoned. */
export const MAX_TAKEOVERS = 3;

export interface LeasedRunnerOptions {
  db: Db;
  sql?: SqlQuery;
  notifications: Notifications;
  logger: Logger;
  settings: JobSettings;
  instanceId?: string;
}

/** The embedded runner: every instance claims and runs jobs of its queue. */
export function createLeasedRunner(options: LeasedRunnerOptions): JobRunner {
  const { db, logger, settings } = options;
  const instanceId = options.instanceId ?? newInstanceId();
  const handlers = new Map<string, { handler: JobHandler; onFailure?: JobFailureHandler; options: JobOptions }>();

  async function process(job: ClaimedJob, active: ActiveJob): Promise<void> {
    countJobOutcome(settings.queue, job.kind, await runClaimed(job, active));
  }

  /** Runs one claimed job and settles it; the outcome it ended with (a lost lease throws JobReleased instead). */
  async function runClaimed(job: ClaimedJob, active: ActiveJob): Promise<JobOutcome> {
    const registered = handlers.get(job.kind);
    if (!registered) {
      await finishJob(db, job.id, instanceId, 'failed', `no handler is registered for ${job.kind}`);
      logger.error('job of an unknown kind', { job_id: job.id, kind: job.kind });
      return 'failed';
    }
    if (job.attempts > job.maxAttempts + MAX_TAKEOVERS) {
      // Its holder stopped mid-run that many times: more likely the job kills instances than bad luck.
      const reason = `gave up after ${job.attempts - 1} attempts whose instance stopped mid-run`;
      logger.error('job abandoned', { job_id: job.id, kind: job.kind, attempts: job.attempts });
      await registered.onFailure?.(job.payload, new Error(reason)).catch((error) => logger.error('job failure handler failed', { job_id: job.id, error: String(error) }));
      await finishJob(db, job.id, instanceId, 'failed', reason);
      return 'failed';
    }
    const context: JobRunContext = {
      preloaded: job.preloaded,
      settleWith: (write) => {
        active.settleWrite = write;
      },
    };
    try {
      await registered.handler(job.payload, leasedStep(db, settings, instanceId, active), context);
    } catch (error) {
      // A record is for a success only.
      active.settleWrite = undefined;
      if (error instanceof JobReleased) throw error;
      if (error instanceof PostponeJob) {
        active.returning = postponeJob(db, job.id, instanceId);
        await active.returning;
        return 'postponed';
      }
      const message = error instanceof Error ? error.message : String(error);
      // Only the holder settles the job: one that lost its lease leaves it to the new holder.
      const held = (await renewLeases(db, instanceId, [job.id], settings.leaseMs)).has(job.id);
      if (!held) throw new JobReleased('lease-lost');
      if (job.attempts < job.maxAttempts) {
        const delay = error instanceof RetryJobLater ? error.delayMs : (registered.options.backoffMs ?? defaultBackoff)(job.attempts);
        logger.warn('job failed; retrying later', { job_id: job.id, kind: job.kind, attempt: job.attempts, retry_in_ms: delay, error: message });
        await retryJob(db, job.id, instanceId, delay, message);
        return 'retrying';
      }
      logger.error('job failed', { job_id: job.id, kind: job.kind, attempt: job.attempts, error: message, stack: (error as Error).stack });
      try {
        await registered.onFailure?.(job.payload, error);
      } catch (failureError) {
        logger.error('job failure handler failed', { job_id: job.id, kind: job.kind, error: String(failureError) });
      }
      await finishJob(db, job.id, instanceId, 'failed', message);
      return 'failed';
    }
    if (JOB_LANES[job.lane as JobLane]?.settleOnNextClaim) {
      // Settled with the claimer's next pass, in the statement that refills the slot (or by its
      // hand-off, with the success's record).
      active.succeeded = true;
      return 'succeeded';
    }
    const write = active.settleWrite;
    active.settleWrite = undefined;
    if (write) await runSettleWrite(db, write, options.sql);
    await finishJob(db, job.id, instanceId, 'succeeded');
    return 'succeeded';
  }

  const claimer = createLaneClaimers({
    db,
    sql: options.sql,
    preloadOf: (kind) => handlers.get(kind)?.options.preload,
    notifications: options.notifications,
    logger,
    settings,
    instanceId,
    process,
  });
  return {
    kind: 'in-process',
    queue: settings.queue,
    instanceId,
    register(kind, handler, onFailure, jobOptions = {}) {
      warnUndeclaredLane(kind, logger);
      handlers.set(kind, { handler, onFailure, options: jobOptions });
    },
    enqueue: (tx, job) => insertJob(tx, settings.queue, { ...job, maxAttempts: job.maxAttempts ?? handlers.get(job.kind)?.options.maxAttempts }),
    hold: (tx, kind, fairKey, until) => holdGroup(tx, laneOf(kind), fairKey, until),
    claimLoopStall() {
      // Three missed backstop passes (and a second of slack for a slow claim) is a loop that stopped.
      const since = claimer.sinceProgressMs();
      return since > 3 * settings.pollMs + 1_000 ? since : null;
    },
    start: () => claimer.start(),
    idle: () => claimer.idle(),
    drain: () => claimer.drain(),
    close: () => claimer.close(),
  };
}
