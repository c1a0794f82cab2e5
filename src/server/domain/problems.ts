/**
 * The problem types of the domain (RFC 9457): what a service or the gateway refuses, with the status
 * every door reports it with and a stable title. The REST door renders them as
 * application/problem+json, the MCP door as a tool error with the same body, the UI as a form
 * message. Problems only a transport can have (an unknown route, a malformed HTTP request) live with
 * that transport (src/server/http/problems.ts).
 */
import type { FieldError } from './errors';

export const DOMAIN_PROBLEMS = {
  'validation-error': { status: 400, title: 'Your request has invalid fields' },
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
  conflict: { status: 409, title: 'The request conflicts with the current state' },
  'idempotency-key-in-use': { status: 409, title: 'A request with this Idempotency-Key is still being processed' },
  'preview-expired': { status: 410, title: 'The import preview has expired' },
  'precondition-failed': { status: 412, title: 'The resource has changed since the version you sent in If-Match' },
  'payload-too-large': { status: 413, title: 'The request body is too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported content type' },
  'idempotency-key-reused': { status: 422, title: 'This Idempotency-Key was already used for a different request' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'preview-storage-full': { status: 429, title: 'The import previews of this agency are at their storage cap' },
  'internal-error': { status: 500, title: 'Something went wrong on our side' },
  'service-unavailable': { status: 503, title: 'The service is briefly unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemSlug = keyof typeof DOMAIN_PROBLEMS;
export const PROBLEM_SLUGS = Object.keys(DOMAIN_PROBLEMS) as ProblemSlug[];

/** The status a domain problem is reported with, whichever door reports it. */
export function problemStatus(slug: ProblemSlug): number {
  return DOMAIN_PROBLEMS[slug].status;
}

/** `type` URIs are stable across deployments so clients can compare them; /docs/errors explains each. */
export const PROBLEM_TYPE_BASE = 'https://creator-api.dev/problems/';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  request_id: string;
  errors?: FieldError[];
}

/** The RFC 9457 body of one problem entry; the REST door sends it as is, the MCP door as the tool error. */
export function problemBodyOf(
  slug: string,
  entry: { status: number; title: string },
  detail: string,
  requestId: string,
  errors?: readonly FieldError[],
): ProblemBody {
  return {
    type: `${PROBLEM_TYPE_BASE}${slug}`,
    title: entry.title,
    status: entry.status,
    detail,
    request_id: requestId,
    ...(errors && errors.length > 0 ? { errors: [...errors] } : {}),
  };
}
