/**
 * Domain errors: what a service (or the gateway) refuses, named by a problem type of the domain's
 * table (src/server/domain/problems.ts: slug, status and title). Every door renders an ApiError from
 * that one table: REST as application/problem+json, MCP as a tool error, the UI as a form message.
 */
import type { ProblemSlug } from './problems';

export { PROBLEM_SLUGS, type ProblemSlug } from './problems';

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

/**
 * Thrown by services and the gateway's middleware; each door renders it (status and title from
 * the domain's problem table, src/server/domain/problems.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly slug: ProblemSlug,
    readonly detail: string,
    readonly options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** Shorthand for the single-field 400s services raise after schema validation passed. */
export function fieldError(path: string, message: string, code: FieldErrorCode = 'invalid'): ApiError {
  return new ApiError('validation-error', message, { errors: [{ path, message, code }] });
}

/** A PATCH with nothing to change: 400 with one `empty_patch` error at `path`, the same on every resource. */
export function emptyPatch(path = 'body'): ApiError {
  return new ApiError('validation-error', 'Send at least one property to change.', {
    errors: [{ path, message: 'At least one property is required.', code: 'empty_patch' }],
  });
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
