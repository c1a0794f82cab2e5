/**
 * Rows in the text format of PostgreSQL's COPY (database.ts `copyRows`): fields separated by a tab,
 * each row ending in a newline, `\N` for NULL, and in a value a backslash, tab, newline or carriage
 * return written as its backslash escape. PostgreSQL text cannot hold U+0000: it becomes U+FFFD, so
 * one odd value never fails a whole batch.
 */

export type CopyValue = string | number | boolean | null;

const NEEDS_ESCAPE = /[\\\t\n\r\0]/;
const ESCAPED = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\uFFFD' };

/** One field as COPY's text format writes it. */
export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`copyField: ${value} is not a finite number`);
    return String(value);
  }
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, (c) => ESCAPES[c]!) : value;
}
