/**
 * Every problem type the API answers with (RFC 9457). `type` URIs are stable across deployments so
 * clients can compare them; /docs/errors documents each one. Adding a type = one entry here.
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
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemSlug = keyof typeof PROBLEMS;

/**
 * The closed list of `errors[].code` values, each documented in OpenAPI and on /docs/errors.
 * A new code = one entry here (the type makes any other string a compile error).
 */
export const FIELD_ERROR_CODES = {
  required: 'The field is missing.',
  unrecognized_key: 'The operation does not accept this property.',
  invalid_type: 'Wrong JSON type, e.g. a string where a number is expected (the message names the type).',
  invalid_value: 'Not one of the allowed values (the message lists them).',
  invalid_format: 'Not in the required format: email, URL, https URL, date-time, hex color, slug… (the message says which).',
  too_small: 'Shorter, fewer or smaller than allowed (the message gives the bound).',
  too_big: 'Longer, more or larger than allowed (the message gives the bound).',
  invalid: 'Breaks a rule specific to this field; the message states it (e.g. an unrecognized social profile URL).',
  duplicate: 'The same value (or the same account) appears twice in one list.',
  empty_patch: 'A PATCH with no property to change.',
  unsupported_field: 'A known field this endpoint does not change (the message says why).',
  immutable: 'A property that cannot change after creation, such as a block’s type.',
  not_found: 'An id in the body that names nothing you own (the message names it).',
  not_on_roster: 'A creator id that is not on your roster.',
  taken: 'A unique value (slug, username) another resource already has.',
  slug_taken: 'A slug another deck already has.',
  ends_before_start: 'ends_at would be before starts_at.',
  invalid_timezone: 'Not an IANA time zone name.',
  invalid_url: 'Not a URL that can be fetched: https only, default port, no credentials.',
  blocked_url: 'The URL’s host is private, loopback or otherwise not public.',
  invalid_header: 'A request header is malformed (the path names it, e.g. `header.Idempotency-Key`).',
  invalid_cursor: 'A pagination cursor that is malformed or belongs to another list.',
  malformed_multipart: 'The multipart/form-data body could not be parsed.',
  not_allowed: 'A value this operation refuses (the message says why).',
  empty_file: 'The uploaded file is empty.',
  malformed_csv: 'The CSV could not be parsed.',
  invalid_encoding: 'The file is not UTF-8 text.',
  missing_column: 'The CSV header lacks a required column.',
  unknown_column: 'The CSV header has a column the import does not know.',
  duplicate_column: 'The CSV header names a column twice.',
  nul_character: 'The text contains a NUL character (U+0000), which cannot be stored; it is refused, never stripped.',
  invalid_unicode: 'The text contains a lone UTF-16 surrogate, which is not valid Unicode; it is refused, never altered.',
  blocked_address: 'A webhook URL whose host is not a public address (private, loopback, link-local…); only public https endpoints are called.',
  not_participant: 'A campaign post’s creator is not one of the campaign’s participants.',
  conflicting_fields: 'Two properties that cannot be sent together (the message names them).',
} as const;

export type FieldErrorCode = keyof typeof FIELD_ERROR_CODES;

export interface FieldError {
  /** Where the bad value is: `body.socials[1].handle_or_url`, `query.limit`, `path.creator_id`. */
  path: string;
  message: string;
  code: FieldErrorCode;
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
export function fieldError(path: string, message: string, code: FieldErrorCode = 'invalid'): ApiError {
  return new ApiError('validation-error', message, { errors: [{ path, message, code }] });
}

export function notFound(what: string, id: string): ApiError {
  return new ApiError('not-found', `No ${what} with id ${id} was found.`);
}

/** If-Match named a version the resource no longer has (checked up front, or by the write's compare-and-set). */
export function preconditionFailed(): ApiError {
  return new ApiError(
    'precondition-failed',
    'The resource has changed since the version named in If-Match. GET it again, reapply your change and send the new ETag.',
  );
}

/** zod's issue codes onto the closed, documented list; a refinement without its own code is `invalid`. */
export function fieldErrorCode(issue: { code: string; params?: { code?: string } }): FieldErrorCode {
  const own = issue.code === 'custom' ? issue.params?.code : issue.code;
  if (own && Object.hasOwn(FIELD_ERROR_CODES, own)) return own as FieldErrorCode;
  return issue.code === 'invalid_union' || issue.code === 'invalid_key' || issue.code === 'invalid_element' || issue.code === 'not_multiple_of'
    ? 'invalid_value'
    : 'invalid';
}
