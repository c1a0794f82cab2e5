import { fieldErrorCode, type FieldError } from '../domain/errors';

/** Where a request value came from, for `errors[].path`. */
export type InputLocation = 'path' | 'query' | 'body';

/** A zod issue as the adapter reads it (zod's own type is wider than what is used). */
export interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  params?: { code?: string };
}

/** `body.socials[1].handle_or_url`, `query.limit`, `path.creator_id`. */
function issuePath(location: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : `${out}.${String(part)}`), location);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/**
 * zod issues as field errors: each names where the value was (path parameter, query or body), and a
 * value that is absent is `required`, however zod words it for its type.
 */
export function fieldErrorsFromIssues(
  issues: readonly ZodIssueLike[],
  locate: (firstKey: PropertyKey | undefined) => InputLocation,
  received: unknown,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const location = locate(issue.path[0]);
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) {
        errors.push({ path: issuePath(location, [...issue.path, key]), message: 'Unknown property: this operation does not accept it.', code: 'unrecognized_key' });
      }
      continue;
    }
    // zod words a missing value differently per type (an enum says "invalid option"): look at the input.
    const missing =
      (issue.code === 'invalid_type' && (/received undefined/.test(issue.message) || issue.message === 'Required.')) ||
      (location !== 'path' && issue.path.length > 0 && valueAt(received, issue.path) === undefined);
    errors.push({ path: issuePath(location, issue.path), message: missing ? 'Required.' : issue.message, code: missing ? 'required' : fieldErrorCode(issue) });
  }
  return errors;
}

/** The problem's `detail` for a list of field errors. */
export function validationDetail(errors: readonly FieldError[]): string {
  if (errors.length === 1) return `${errors[0]!.path}: ${errors[0]!.message}`;
  return `${errors.length} fields are invalid: ${[...new Set(errors.map((e) => e.path))].join(', ')}.`;
}
