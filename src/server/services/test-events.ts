import type { Owner } from '../domain/owner';
import { ApiError, fieldError } from '../domain/errors';
import { findOwned, WITH_EVENT, type DeliveryWithEvent } from './webhook-endpoints';
import { emitEvents, EVENT_TYPES, type EventApp, type EventType } from './webhook-events';

/**
 * "Send test event" per event type (issue 31): a synthetic event of `type` — `data` is a sample of the
 * resource the type carries, shaped exactly as a real one, and the body says `"test": true` — queued to
 * this one endpoint whatever it subscribes to. It is recorded like any event (GET /events, the
 * delivery log) under the endpoint's owner, so a test-mode endpoint's test events stay in test mode.
 * Nothing else happens: no resource is created or changed.
 */
export async function sendSyntheticEvent(app: EventApp, owner: Owner, endpointId: string, type: EventType, data: unknown): Promise<DeliveryWithEvent> {
  const { db } = app;
  const endpoint = await findOwned(db, owner, endpointId);
  if (!(EVENT_TYPES[type].subjects as readonly string[]).includes(owner.type)) {
    throw fieldError('body.type', `${type} never fires for ${owner.type === 'agency' ? 'an agency' : 'a creator'}; choose a type from GET /event-types that does.`, 'invalid_value');
  }
  if (endpoint.status !== 'enabled') throw new ApiError('conflict', 'The endpoint is disabled; enable it (PATCH status: enabled) to send a test event.');
  return db.$transaction(async (tx) => {
    const { eventIds } = await emitEvents(app.jobs, tx, owner, [{ type, data, test: true }], endpointId);
    const delivery = await tx.webhookDelivery.findFirst({ where: { endpointId, eventId: eventIds[0] }, include: WITH_EVENT });
    if (!delivery) throw new ApiError('conflict', 'The endpoint was disabled or deleted meanwhile; no test event was sent.');
    return delivery;
  });
}
