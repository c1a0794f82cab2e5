import { randomBytes } from 'node:crypto';
import type { RequestHeaders } from './exchange';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

// Request ids: a random per-process prefix and a counter — unique, and no random bytes per request.
const requestIdPrefix = randomBytes(6).toString('hex');
let requestIdCounter = 0;

export function newRequestId(): string {
  requestIdCounter = (requestIdCounter + 1) % 0x1000000000000;
  return `req_${requestIdPrefix}${requestIdCounter.toString(16).padStart(12, '0')}`;
}

/** A well-formed incoming request id (X-Request-Id) is reused; anything else gets a new one. */
export function acceptRequestId(incoming: string | string[] | null | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : newRequestId();
}

export function requestIdFrom(request: { headers: RequestHeaders }): string {
  return acceptRequestId(request.headers.get('x-request-id'));
}
