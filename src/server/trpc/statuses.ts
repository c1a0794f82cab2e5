import { SUBJECT_TYPES } from '../auth/scopes';
import type { ApiMeta } from './meta';

/**
 * The error statuses the gateway can answer an operation with before or around its resolver, worked
 * out from the operation's meta alone — the OpenAPI document lists them on every operation
 * (src/server/openapi/document.ts), and tests/openapi/statuses.test.ts provokes each one over HTTP,
 * so a new step in the chain cannot answer a status the document does not list:
 * - 400: the input rule every door shares (NUL, lone surrogates), the input schema, a malformed
 *   Idempotency-Key header; and (the REST door) query keys named like Object.prototype members;
 * - 401: no credential, or one that is malformed, unknown, revoked or expired;
 * - 403: only when something can refuse this operation to an authenticated caller — a subject type it
 *   is not for, a scope, an inactive entitlement (unless `allowInactive`), a plan feature;
 * - 409 (a request with the same Idempotency-Key still running) and 422 (the key reused for another
 *   request) on POST and PATCH; 412 (If-Match names an old version) on PATCH;
 * - 429: the subject's rate-limit window for the operation's bucket;
 * - 500: a failure nobody planned for;
 * - 503: the database is unreachable (db/unavailable.ts), with Retry-After — every operation needs it
 *   (tests/resilience/outage.test.ts). The rate limiter fails open when its store is down (README, Rate limits).
 */
export function gatewayStatuses(meta: ApiMeta): number[] {
  const method = meta.openapi?.method;
  const access = meta.access ?? {};
  const refusable =
    SUBJECT_TYPES.some((type) => !(type in access)) ||
    Object.values(access).some((permission) => permission !== null) ||
    !meta.allowInactive ||
    meta.planFeature !== undefined;
  return [
    400,
    401,
    ...(refusable ? [403] : []),
    ...(method === 'POST' || method === 'PATCH' ? [409, 422] : []),
    ...(method === 'PATCH' ? [412] : []),
    429,
    500,
    503,
  ];
}
