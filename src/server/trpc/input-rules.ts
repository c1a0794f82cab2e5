import { jsonBoundViolation } from '../lib/json-bounds';
import { unstorableTextProblem } from '../lib/storable-text';
import type { FieldError } from '../domain/errors';

/**
 * Input rules that hold for every operation, whichever door the input came through, applied once by
 * the gateway before any schema runs: input nested too deep or holding too many values
 * (src/server/lib/json-bounds.ts) and text PostgreSQL cannot store faithfully (NUL, lone surrogates:
 * src/server/lib/storable-text.ts) are refused with a 400 naming the field, never stripped or
 * replaced behind the caller's back.
 */

/** One response lists at most this many bad values; a body full of NULs does not make a huge 400. */
const MAX_REPORTED = 20;

export const textProblem = unstorableTextProblem;

function childPath(parent: string, key: string | number): string {
  return typeof key === 'number' ? `${parent}[${key}]` : `${parent}.${key}`;
}

/**
 * Every string in `value` (object keys, array items, multipart file names too) with NUL or a lone
 * surrogate, as field errors under `location` (`body.socials[1].handle_or_url`, `query.q`). Walks
 * with its own stack: a deeply nested body cannot overflow the call stack here.
 */
export function unstorableText(value: unknown, location: string): FieldError[] {
  const errors: FieldError[] = [];
  const stack: [unknown, string][] = [[value, location]];
  while (stack.length > 0 && errors.length < MAX_REPORTED) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) errors.push({ path, ...problem });
    } else if (typeof File !== 'undefined' && current instanceof File) {
      const problem = textProblem(current.name);
      if (problem) errors.push({ path: `${path}.filename`, ...problem });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push([current[i], childPath(path, i)]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        const keyProblem = textProblem(key);
        if (keyProblem) errors.push({ path: childPath(path, JSON.stringify(key).slice(1, -1)), ...keyProblem });
        else stack.push([child, childPath(path, key)]);
      }
    }
  }
  return errors;
}

/** Text rules over an operation's whole input, each field named where the operation takes it (`path.`, `query.` or `body.`). */
export function inputTextErrors(input: unknown, locate: (key: string) => string): FieldError[] {
  if (input === null || typeof input !== 'object' || Array.isArray(input) || input instanceof Blob) return unstorableText(input, locate(''));
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (errors.length >= MAX_REPORTED) break;
    const keyProblem = textProblem(key);
    if (keyProblem) errors.push({ path: `${locate(key)}.${JSON.stringify(key).slice(1, -1)}`, ...keyProblem });
    else errors.push(...unstorableText(value, `${locate(key)}.${key}`));
  }
  return errors.slice(0, MAX_REPORTED);
}

/**
 * The depth and size bound over an operation's whole input (the body as parsed, MCP arguments, a
 * form's fields): the first field past it, named where the operation takes it. Runs before the text
 * walk, the Idempotency-Key fingerprint and the schema, so nothing later meets a value nested deeper
 * than the bound.
 */
export function inputBoundErrors(input: unknown, locate: (key: string) => string): FieldError[] {
  const violation = jsonBoundViolation(input);
  if (!violation) return [];
  const [first, ...rest] = violation.keys;
  let path = first === undefined ? locate('') : childPath(locate(String(first)), first);
  for (const key of rest) path = childPath(path, key);
  return [{ path, message: violation.message, code: violation.code }];
}
