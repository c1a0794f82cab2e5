import { newObjectId, newObjectIdParts, objectIdText, type ObjectIdParts } from '../lib/object-id';
import type { RequestHeaders } from './exchange';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/**
 * Our request ids: `req_` and an ObjectId (lib/object-id.ts: its second, this process's random bytes,
 * a counter) — unique across instances, no random bytes per request, and ordered by time. The request
 * log stores a call whose request id is ours under that ObjectId, so `GET /request-logs/{request_id}`
 * finds it through the table's key (request-log-rules.ts `entryIdOf`).
 */
export function newRequestId(now: number = Date.now()): string {
  return `req_${newObjectId(now)}`;
}

/** A client's X-Request-Id we reuse: one value, of our pattern. */
function isWellFormed(incoming: string | string[] | null | undefined): incoming is string {
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming);
}

/** A well-formed incoming request id (X-Request-Id) is reused; anything else gets a new one. */
export function acceptRequestId(incoming: string | string[] | null | undefined): string {
  return isWellFormed(incoming) ? incoming : newRequestId();
}

export function requestIdFrom(request: { headers: RequestHeaders }): string {
  return acceptRequestId(request.headers.get('x-request-id'));
}

/**
 * `requestIdFrom`, and when the id is one this server made (not the client's X-Request-Id), its
 * ObjectId's parts: the request log stores the call under that ObjectId and writes it from them.
 */
export function ownedRequestIdFrom(request: { headers: RequestHeaders }): { requestId: string; own: ObjectIdParts | null } {
  const incoming = request.headers.get('x-request-id');
  if (isWellFormed(incoming)) return { requestId: incoming, own: null };
  const own = newObjectIdParts();
  return { requestId: `req_${objectIdText(own)}`, own };
}
