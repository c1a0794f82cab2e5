import type { Db } from '../db/database';
import { ownedBy, type Owner } from '../domain/owner';
import { notFound } from '../domain/errors';
import { renderPayload } from './webhook-events';
import type { WebhookEvent } from '../../generated/prisma/client';
import { keysetWindow } from '../domain/pagination';

/**
 * The events API (issue 31): every event `emitEvents` wrote — whether or not the account has a webhook
 * endpoint — as a resource its owner can list and read, the same `data` a delivery carries. Another
 * account's event is a 404. Events are kept EVENT_RETENTION_MS, then swept (`sweepExpiredEvents`).
 */
export const EVENT_RETENTION_MS = 30 * 24 * 3600_000;
/** How often each instance that runs jobs sweeps (app.ts), and the most rows one statement deletes. */
export const EVENT_SWEEP_BATCH = 1_000;

export interface EventView {
  id: string;
  type: string;
  created_at: string;
  data: unknown;
}

/** The event as GET /events returns it: `data` is the delivered body's `data`, with URLs on PUBLIC_BASE_URL. */
export function eventView(row: WebhookEvent, publicBaseUrl: string): EventView {
  const payload = row.payload as { timestamp?: string; data?: unknown } | null;
  return {
    id: row.id,
    type: row.type,
    // The delivered body's `timestamp` (the same instant the row was written in).
    created_at: payload?.timestamp ?? row.createdAt.toISOString(),
    data: renderPayload(payload?.data ?? null, publicBaseUrl),
  };
}


/** GET /events: newest first, optionally one type and events created at or after `since`. */
export async function listEvents(db: Db, owner: Owner, filter: { type?: string; since?: Date }, afterId: string | undefined, take: number): Promise<WebhookEvent[]> {
  const where = {
    ...ownedBy(owner),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.since ? { createdAt: { gte: filter.since } } : {}),
  };
  return db.webhookEvent.findMany(keysetWindow(where, afterId, take));
}

export async function getEvent(db: Db, owner: Owner, eventId: string): Promise<WebhookEvent> {
  const row = await db.webhookEvent.findFirst({ where: { id: eventId, ...ownedBy(owner) } });
  if (!row) throw notFound('event', eventId);
  return row;
}

/**
 * Deletes events older than `olderThanMs` none of whose deliveries is still pending (an event whose
 * last retry is due keeps its row until it ends), with their deliveries and attempts (ON DELETE
 * CASCADE). A job left for a deleted delivery finds no row and does nothing. At most `limit` events
 * per call, oldest first; returns how many it deleted.
 */
export async function sweepExpiredEvents(db: Db, options: { olderThanMs?: number; limit?: number } = {}): Promise<number> {
  return db.$executeRawUnsafe(
    `DELETE FROM webhook_events WHERE id IN (
       SELECT e.id FROM webhook_events e
        WHERE e.created_at < (now() AT TIME ZONE 'UTC') - $1 * interval '1 millisecond'
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
        ORDER BY e.created_at
        LIMIT $2)`,
    options.olderThanMs ?? EVENT_RETENTION_MS,
    options.limit ?? EVENT_SWEEP_BATCH,
  );
}

/** Sweeps until a batch comes back short (the scheduled run in app.ts). */
export async function sweepAllExpiredEvents(db: Db, options: { olderThanMs?: number } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await sweepExpiredEvents(db, { ...options, limit: EVENT_SWEEP_BATCH });
    total += deleted;
    if (deleted < EVENT_SWEEP_BATCH) return total;
  }
}
