import type { FieldError } from '../domain/errors';

/**
 * Query keys named like Object.prototype members (`constructor`, `__proto__`, `toString`, …) are
 * refused as unknown keys (400 unrecognized_key) before any query parsing: no operation takes one,
 * and trpc-to-openapi's query parsing trips on them.
 */
export function prototypeQueryKeys(params: URLSearchParams): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of new Set(params.keys())) {
    if (key === '__proto__' || key in Object.prototype) {
      errors.push({ path: `query.${key}`, message: 'Unknown query parameter: this operation does not accept it.', code: 'unrecognized_key' });
    }
  }
  return errors;
}
