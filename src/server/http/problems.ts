/**
 * Every problem type the API answers with (RFC 9457). `type` URIs are stable across deployments so
 * clients can compare them; /docs/errors documents each one. Adding a type = one entry here.
 */
export const PROBLEM_TYPE_BASE = 'https://creator-api.dev/problems/';

export const PROBLEMS = {
  'validation-error': { status: 400, title: 'Your request has invalid fields' },
  'malformed-json': { status: 400, title: 'The request body is not valid JSON' },
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
  conflict: { status: 409, title: 'The request conflicts with the current state' },
  'preview-expired': { status: 410, title: 'The import preview has expired' },
  'payload-too-large': { status: 413, title: 'The request body is too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported content type' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'internal-error': { status: 500, title: 'Something went wrong on our side' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemSlug = keyof typeof PROBLEMS;

export interface FieldError {
  /** Where the bad value is: `body.socials[1].handle_or_url`, `query.limit`, `path.creator_id`. */
  path: string;
  message: string;
  code: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  request_id: string;
  errors?: FieldError[];
}

/** Thrown by services and middleware; the HTTP adapter turns it into application/problem+json. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly slug: ProblemSlug,
    readonly detail: string,
    readonly options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
    this.status = PROBLEMS[slug].status;
  }
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

/** Shorthand for the single-field 400s services raise after schema validation passed. */
export function fieldError(path: string, message: string, code = 'invalid'): ApiError {
  return new ApiError('validation-error', message, { errors: [{ path, message, code }] });
}

export function notFound(what: string, id: string): ApiError {
  return new ApiError('not-found', `No ${what} with id ${id} was found.`);
}
