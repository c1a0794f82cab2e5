import { unstorableTextProblem } from '../lib/storable-text';
import type { FieldError } from '../domain/errors';

/**
 * Input rules that hold for every operation, applied once by the HTTP adapter before any schema runs.
 *
 * Text PostgreSQL cannot store faithfully (NUL, lone surrogates: src/server/lib/storable-text.ts) is
 * refused with a 400 naming the field, never stripped or replaced behind the caller's back.
 * Query keys named like Object.prototype members (`constructor`, `__proto__`, `toString`, …) are
 * refused as unknown keys: no operation takes one, and trpc-to-openapi's query parsing trips on them.
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

/** Query keys that name Object.prototype members: 400 unrecognized_key, before any query parsing. */
export function prototypeQueryKeys(params: URLSearchParams): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of new Set(params.keys())) {
    if (key === '__proto__' || key in Object.prototype) {
      errors.push({ path: `query.${key}`, message: 'Unknown query parameter: this operation does not accept it.', code: 'unrecognized_key' });
    }
  }
  return errors;
}
