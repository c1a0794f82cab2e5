import { Inngest, type InngestFunction } from 'inngest';
import { serve } from 'inngest/edge';
import type { AppConfig } from '../config';
import type { Logger } from '../lib/logger';
import type { JobFailureHandler, JobHandler, JobRunner } from './runner';

/**
 * Inngest wiring, used when INNGEST_EVENT_KEY or INNGEST_DEV is set: `enqueue` sends the event to
 * Inngest, and every registered handler becomes an Inngest function (served at /api/inngest) whose
 * `step.run`s are the handler's JobStep calls. The step bodies are the same plain service functions
 * the in-process runner calls; each is idempotent, so Inngest's retries are safe.
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

export function createInngestRunner(settings: InngestSettings, logger: Logger): InngestJobRunner {
  const client = new Inngest({
    id: 'creator-api',
    ...(settings.eventKey ? { eventKey: settings.eventKey } : {}),
    ...(settings.signingKey ? { signingKey: settings.signingKey } : {}),
    ...(settings.dev ? { isDev: true, ...(/^https?:\/\//.test(settings.dev) ? { baseUrl: settings.dev } : {}) } : {}),
  });
  const functions = new Map<string, InngestFunction.Any>();
  return {
    kind: 'inngest',
    client,
    register(event: string, handler: JobHandler, onFailure?: JobFailureHandler) {
      const fn = client.createFunction(
        {
          id: functionId(event),
          triggers: { event },
          retries: 4,
          // One run per job id at a time: a duplicate event never runs the same import concurrently.
          concurrency: { key: 'event.data.importId', limit: 1 },
          // After the last retry Inngest runs this (as its own function, on `inngest/function.failed`).
          ...(onFailure ? { onFailure: ({ event: failed, error }: { event: { data: { event: { data: unknown } } }; error: Error }) => onFailure(failed.data.event.data as Record<string, unknown>, error) } : {}),
        },
        async ({ event: received, step }) => {
          await handler(received.data as Record<string, unknown>, { run: (id, work) => step.run(id, work) as Promise<never> });
          return { ok: true };
        },
      );
      functions.set(event, fn as unknown as InngestFunction.Any);
    },
    async enqueue(event, data) {
      try {
        await client.send({ name: event, data });
      } catch (error) {
        logger.error('could not send the job event to Inngest', { event, error: String(error) });
        throw error;
      }
    },
    functions: () => [...functions.values()],
    async idle() {},
    async close() {},
  };
}

/** The handler for /api/inngest, or null when jobs run in-process (nothing to serve). */
export function inngestServeHandler(jobs: JobRunner): ((request: Request) => Promise<Response>) | null {
  if (jobs.kind !== 'inngest') return null;
  const runner = jobs as InngestJobRunner;
  return serve({ client: runner.client, functions: runner.functions() });
}
