import { attemptDelivery, claimDueDeliveries, nextDeliveryDueAt } from '../services/webhook-deliveries';
import { DELIVERY_WAKE_CHANNEL } from '../services/webhook-events';
import type { AppServices } from '../trpc/context';

/**
 * Sends webhook deliveries in the background (issue 15), never on the request path: a request only
 * writes the outbox rows and a NOTIFY that PostgreSQL delivers on commit. Each instance runs one
 * worker, woken by that NOTIFY, by a timer set for the earliest scheduled retry, and by a slow poll
 * (the backstop for a missed notification). Due deliveries are claimed with FOR UPDATE SKIP LOCKED
 * under a lease, so instances share them and a crash mid-attempt only delays a retry.
 *
 * In process, attempts run here, several at a time (a slow receiver must not hold up the others).
 * With Inngest configured, each claimed delivery becomes a `webhooks/delivery.due` event and the
 * Inngest function registered in jobs/handlers.ts makes the attempt.
 */
export const WEBHOOK_DELIVERY_EVENT = 'webhooks/delivery.due';

export interface WebhookWorker {
  /** Look for due deliveries now (after a NOTIFY, a manual retry, a test event). */
  wake(): void;
  close(): Promise<void>;
}

export interface WebhookWorkerOptions {
  /** Attempts in flight at once per instance (default 8). */
  concurrency?: number;
  /** Longest sleep between two looks (default 5 s). */
  pollMs?: number;
}

export function startWebhookWorker(services: AppServices, options: WebhookWorkerOptions = {}): WebhookWorker {
  const concurrency = options.concurrency ?? 8;
  const pollMs = options.pollMs ?? 5_000;
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  async function drain(): Promise<void> {
    while (!closed) {
      const free = services.jobs.kind === 'inngest' ? 50 : concurrency - inFlight.size;
      if (free <= 0) return;
      const ids = await claimDueDeliveries(services.db, free);
      if (ids.length === 0) return;
      for (const deliveryId of ids) {
        if (services.jobs.kind === 'inngest') {
          // If the send fails the lease lapses and a later look claims the delivery again.
          await services.jobs.enqueue(WEBHOOK_DELIVERY_EVENT, { deliveryId }).catch(() => {});
          continue;
        }
        const attempt = attemptDelivery(services, deliveryId)
          .catch((error) => services.logger.error('webhook delivery failed', { delivery_id: deliveryId, error: String(error) }))
          .finally(() => {
            inFlight.delete(attempt);
            wake();
          });
        inFlight.add(attempt);
      }
    }
  }

  async function schedule(): Promise<void> {
    if (closed) return;
    let delay = pollMs;
    try {
      const due = await nextDeliveryDueAt(services.db);
      if (due) delay = Math.min(pollMs, Math.max(0, due.getTime() - Date.now()) + 5);
    } catch {
      // Database unavailable: look again after the poll interval.
    }
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, delay);
    timer.unref();
  }

  function wake(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drain();
        } catch (error) {
          services.logger.warn('webhook worker could not claim deliveries', { error: String(error) });
        }
      } while (again && !closed);
      await schedule();
    })().finally(() => {
      running = null;
    });
  }

  const unsubscribe = services.notifications.subscribe(DELIVERY_WAKE_CHANNEL, wake);
  const unsubscribeReconnect = services.notifications.onReconnect(wake);
  // Deliveries left due by a previous process (a restart mid-schedule) are picked up at once.
  wake();

  return {
    wake,
    async close() {
      closed = true;
      unsubscribe();
      unsubscribeReconnect();
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
      await Promise.all(inFlight);
    },
  };
}
