import type { Logger } from '../lib/logger';

/**
 * Background work (CSV and link-in-bio imports). With Inngest configured, events go to Inngest and its
 * functions call the same step functions; otherwise this in-process runner executes them in order.
 */
export type JobHandler = (data: Record<string, unknown>, step: JobStep) => Promise<void>;

/**
 * Called once a job has given up: in process after its first error (there is no retry), on Inngest
 * after the last retry. It settles the job's record (`failed`) so clients polling it see an end.
 */
export type JobFailureHandler = (data: Record<string, unknown>, error: unknown) => Promise<void>;

/**
 * How a handler sequences its steps. In-process a step just runs; on Inngest it is `step.run`, whose
 * result is memoized (as JSON) under its id, so a retried run skips the steps that already finished.
 */
export interface JobStep {
  run<T>(id: string, work: () => Promise<T>): Promise<T>;
}

export const inlineStep: JobStep = { run: (_id, work) => work() };

export interface JobRunner {
  readonly kind: 'in-process' | 'inngest';
  register(event: string, handler: JobHandler, onFailure?: JobFailureHandler): void;
  enqueue(event: string, data: Record<string, unknown>): Promise<void>;
  /** Resolves when nothing is queued or running (tests and graceful shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createInProcessRunner(logger: Logger): JobRunner {
  const handlers = new Map<string, { handler: JobHandler; onFailure?: JobFailureHandler }>();
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;
  let closed = false;
  return {
    kind: 'in-process',
    register(event, handler, onFailure) {
      handlers.set(event, { handler, onFailure });
    },
    async enqueue(event, data) {
      const registered = handlers.get(event);
      if (!registered) throw new Error(`no job handler registered for ${event}`);
      const { handler, onFailure } = registered;
      if (closed) return;
      pending += 1;
      // One job at a time, in order: imports are write-heavy and the embedded database is single-writer.
      chain = chain
        .then(() => (closed ? undefined : handler(data, inlineStep)))
        .catch(async (error) => {
          logger.error('job failed', { event, error: String(error), stack: (error as Error).stack });
          await onFailure?.(data, error);
        })
        .catch((error) => logger.error('job failure handler failed', { event, error: String(error) }))
        .finally(() => {
          pending -= 1;
        });
    },
    async idle() {
      while (pending > 0) await chain;
    },
    async close() {
      closed = true;
      await chain;
    },
  };
}
