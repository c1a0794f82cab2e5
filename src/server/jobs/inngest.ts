import { Inngest, RetryAfterError, type InngestFunction } from 'inngest';
import { serve } from 'inngest/edge';
import type { AppConfig, JobSettings } from '../config';
import type { Db } from '../db/database';
import type { Notifications } from '../db/notifications';
import type { Logger } from '../lib/logger';
import { createLaneClaimers, warnUndeclaredLane, newInstanceId } from './leased-runner';
import { finishJob, holdGroup, insertJob, retryJob, settleDispatchedJob, type ClaimedJob } from './queue';
import { laneOf, PostponeJob, type JobFailureHandler, type JobHandler, type JobOptions, type JobRunner } from '../domain/jobs';
import { RetryJobLater } from './runner';

/**
 * Inngest wiring, used when INNGEST_EVENT_KEY or INNGEST_DEV is set. Jobs are still written to the
 * `jobs` table in the transaction of their work; that table is the outbox: instances claim each row
 * under a lease (as the embedded runner does) and send it to Inngest with the job id as the event id
 * (Inngest drops a duplicate id), then mark it `dispatched`. If Inngest is unreachable the row stays
 * queued and is sent again later (5 s, 30 s, 2 min, then every 5 min), so a failed send can never
 * strand the work. Every registered handler becomes an Inngest function (served at /api/inngest)
 * whose `step.run`s are the handler's JobStep calls — the same plain service functions, each
 * idempotent, so Inngest's retries are safe. When a run ends the row becomes `succeeded` or `failed`.
 *
 * The embedded runner's guarantees map onto Inngest as: lease + takeover → Inngest's own retries of a
 * run whose worker died; step records → memoized step.run results; per-account limit → a
 * concurrency key on `event.data.account` (scope env, across functions); one holder per job → a
 * concurrency key on `event.data.jobId` with limit 1.
 */
export type InngestSettings = NonNullable<AppConfig['inngest']>;

export interface InngestJobRunner extends JobRunner {
  readonly kind: 'inngest';
  readonly client: Inngest;
  /** One function per registered event, to serve and to test. */
  functions(): InngestFunction.Any[];
}

function functionId(event: string): string {
  return event.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
}

const DISPATCH_BACKOFF_MS = [5_000, 30_000, 120_000, 300_000];

export interface InngestRunnerOptions {
  db: Db;
  notifications: Notifications;
  logger: Logger;
  jobs: JobSettings;
  instanceId?: string;
}

export function createInngestRunner(settings: InngestSettings, options: InngestRunnerOptions): InngestJobRunner {
  const { db, logger } = options;
  const instanceId = options.instanceId ?? newInstanceId();
  const client = new Inngest({
    id: 'creator-api',
    ...(settings.eventKey ? { eventKey: settings.eventKey } : {}),
    ...(settings.signingKey ? { signingKey: settings.signingKey } : {}),
    ...(settings.dev ? { isDev: true, ...(/^https?:\/\//.test(settings.dev) ? { baseUrl: settings.dev } : {}) } : {}),
  });
  const functions = new Map<string, InngestFunction.Any>();
  const jobOptions = new Map<string, JobOptions>();

  async function dispatch(job: ClaimedJob): Promise<void> {
    try {
      await client.send({ id: job.id, name: job.kind, data: { ...job.payload, jobId: job.id, account: `${job.accountType}:${job.accountId}` } });
    } catch (error) {
      const delay = DISPATCH_BACKOFF_MS[Math.min(job.attempts, DISPATCH_BACKOFF_MS.length) - 1]!;
      logger.error('could not send the job to Inngest; it stays queued and is sent again', { job_id: job.id, kind: job.kind, retry_in_ms: delay, error: String(error) });
      await retryJob(db, job.id, instanceId, delay, `Inngest send failed: ${String(error)}`);
      return;
    }
    await finishJob(db, job.id, instanceId, 'dispatched');
  }

  const relay = createLaneClaimers({ db, notifications: options.notifications, logger, settings: options.jobs, instanceId, process: dispatch });

  return {
    kind: 'inngest',
    // Inngest calls in; there is no claim loop here to stall.
    claimLoopStall: () => null,
    client,
    queue: options.jobs.queue,
    instanceId,
    register(event: string, handler: JobHandler, onFailure?: JobFailureHandler, registerOptions: JobOptions = {}) {
      warnUndeclaredLane(event, logger);
      jobOptions.set(event, registerOptions);
      const fn = client.createFunction(
        {
          id: functionId(event),
          triggers: { event },
          retries: 4,
          concurrency: [
            // One run per job at a time: a duplicate event never runs the same work concurrently.
            { key: 'event.data.jobId', limit: 1 },
            // Fairness: one account's jobs never take more than its share, across all functions.
            { key: 'event.data.account', limit: options.jobs.accountConcurrency, scope: 'env' },
          ],
          // After the last retry Inngest runs this (as its own function, on `inngest/function.failed`).
          ...(onFailure
            ? {
                onFailure: async ({ event: failed, error }: { event: { data: { event: { data: unknown } } }; error: Error }) => {
                  const data = failed.data.event.data as Record<string, unknown>;
                  await onFailure(data, error);
                  if (typeof data.jobId === 'string') await settleDispatchedJob(db, data.jobId, 'failed', 5, error.message);
                },
              }
            : {}),
        },
        async ({ event: received, step, attempt }) => {
          const data = received.data as Record<string, unknown>;
          try {
            await handler(data, { run: (id, work) => step.run(id, work) as Promise<never> });
          } catch (error) {
            // The same "run me again later" in Inngest's terms.
            if (error instanceof RetryJobLater) throw new RetryAfterError(error.message, error.delayMs);
            if (error instanceof PostponeJob) throw new RetryAfterError(error.message, error.until);
            throw error;
          }
          if (typeof data.jobId === 'string') await settleDispatchedJob(db, data.jobId, 'succeeded', attempt + 1, null);
          return { ok: true };
        },
      );
      functions.set(event, fn);
    },
    enqueue: (tx, job) => insertJob(tx, options.jobs.queue, { ...job, maxAttempts: job.maxAttempts ?? jobOptions.get(job.kind)?.maxAttempts }),
    hold: (tx, kind, fairKey, until) => holdGroup(tx, laneOf(kind), fairKey, until),
    functions: () => [...functions.values()],
    start: () => relay.start(),
    idle: () => relay.idle(),
    drain: () => relay.drain(),
    close: () => relay.close(),
  };
}

/** The handler for /api/inngest, or null when jobs run in-process (nothing to serve). */
export function inngestServeHandler(jobs: JobRunner): ((request: Request) => Promise<Response>) | null {
  if (jobs.kind !== 'inngest') return null;
  const runner = jobs as InngestJobRunner;
  return serve({ client: runner.client, functions: runner.functions() });
}
