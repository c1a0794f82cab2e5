import type { FieldError, ProblemSlug } from '../domain/errors';

/**
 * How each problem type (src/server/domain/errors.ts) is answered over HTTP (RFC 9457): status,
 * title and `type` URI. `type` URIs are stable across deployments so clients can compare them;
 * /docs/errors documents each one. Adding a type = its slug in the domain list plus one entry here
 * (the `satisfies` makes a missing or extra entry a compile error).
 */
export const PROBLEM_TYPE_BASE = 'https://creator-api.dev/problems/';

export const PROBLEMS = {
  'validation-error': { status: 400, title: 'Your request has invalid fields' },
  'malformed-json': { status: 400, title: 'The request body is not valid JSON' },
  'malformed-request': { status: 400, title: 'The HTTP request is malformed' },
  'invalid-cursor': { status: 400, title: 'The pagination cursor is not valid for this list' },
  'authentication-required': { status: 401, title: 'An API key is required' },
  'invalid-api-key': { status: 401, title: 'The API key is not valid' },
  'api-key-revoked': { status: 401, title: 'The API key has been revoked' },
  'api-key-expired': { status: 401, title: 'The API key has expired' },
  'insufficient-scope': { status: 403, title: 'The API key lacks the scope this operation requires' },
  'subject-not-allowed': { status: 403, title: 'This operation is not available to this kind of key' },
  'entitlement-inactive': { status: 403, title: 'The account behind this key has no active entitlement' },
  'plan-limit-reached': { status: 403, title: 'The plan limit for this resource has been reached' },
  'plan-required': { status: 403, title: 'This operation requires a plan that includes it' },
  'not-found': { status: 404, title: 'Resource not found' },
  'route-not-found': { status: 404, title: 'No such endpoint' },
  'method-not-allowed': { status: 405, title: 'Method not allowed on this endpoint' },
  'request-timeout': { status: 408, title: 'The request was not received in time' },
  conflict: { status: 409, title: 'The request conflicts with the current state' },
  'idempotency-key-in-use': { status: 409, title: 'A request with this Idempotency-Key is still being processed' },
  'precondition-failed': { status: 412, title: 'The resource has changed since the version you sent in If-Match' },
  'preview-expired': { status: 410, title: 'The import preview has expired' },
  'payload-too-large': { status: 413, title: 'The request body is too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported content type' },
  'idempotency-key-reused': { status: 422, title: 'This Idempotency-Key was already used for a different request' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'headers-too-large': { status: 431, title: 'The request headers are too large' },
  'internal-error': { status: 500, title: 'Something went wrong on our side' },
  'method-not-implemented': { status: 501, title: 'This HTTP method is not implemented by the server' },
} as const satisfies Record<ProblemSlug, { status: number; title: string }>;

/** The HTTP status a problem is answered with. */
export function problemStatus(slug: ProblemSlug): number {
  return PROBLEMS[slug].status;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  request_id: string;
  errors?: FieldError[];
}

export function problemBody(slug: ProblemSlug, detail: string, requestId: string, errors?: FieldError[]): ProblemBody {
  const { status, title } = PROBLEMS[slug];
  return {
    type: `${PROBLEM_TYPE_BASE}${slug}`,
    title,
    status,
    detail,
    request_id: requestId,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}
