/**
 * JSON text built before it reaches Node's JSON layer — by PostgreSQL, in the exact shape of the
 * API's view — carried through the envelope as text. The REST door writes it as it is (`jsonText`):
 * no rows hydrated into objects, no output validation of 100 nested objects, no JSON.stringify of
 * them (issue 27: that was most of the roster list's own cost). Everything else sees plain values:
 * `toJSON` parses the items, and `withParsedJson` replaces the array for doors that hand the result
 * on as an object (MCP's structuredContent, the settings UI).
 *
 * Only a path whose SQL is proven by a test to equal the view it replaces may use it (the roster
 * list: tests/creators/read.test.ts compares every listed creator with its single read).
 */
export class RawJsonArray {
  /** Each item is one complete JSON value (an object), as text. */
  constructor(readonly items: readonly string[]) {}

  get length(): number {
    return this.items.length;
  }

  /** The array as JSON text: the items joined, nothing re-serialised. */
  text(): string {
    return `[${this.items.join(',')}]`;
  }

  toJSON(): unknown[] {
    return this.items.map((item) => JSON.parse(item) as unknown);
  }
}

/**
 * An answer body's `data` as JSON text, when it was serialized whole already — a single resource,
 * for its ETag (trpc/conditional.ts `etagOf`) — kept on the body as a non-enumerable property (not
 * copied by a spread, not seen by JSON.stringify) so `jsonText` writes it instead of serializing the
 * resource a second time. Set once the operation's output is final (trpc/middleware.ts).
 */
const DATA_JSON = Symbol('data as JSON text');

export function withDataJson<T extends { data: unknown }>(body: T, dataText: string): T {
  Object.defineProperty(body, DATA_JSON, { value: dataText });
  return body;
}

/**
 * JSON.stringify for an answer body whose top-level values may be a RawJsonArray (the envelope's
 * `data`) or whose `data` is known as text (`withDataJson`): those are written as their text, the
 * rest stringified, keys in their order.
 */
export function jsonText(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return JSON.stringify(body);
  const record = body as Record<string, unknown> & { [DATA_JSON]?: string };
  const dataText = record[DATA_JSON];
  let raw = dataText !== undefined;
  if (!raw) for (const key in record) if (record[key] instanceof RawJsonArray) raw = true;
  if (!raw) return JSON.stringify(body);
  const parts: string[] = [];
  for (const key in record) {
    const value = record[key];
    if (value === undefined || typeof value === 'function') continue;
    const text = key === 'data' && dataText !== undefined ? dataText : value instanceof RawJsonArray ? value.text() : JSON.stringify(value);
    parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/** The body with any top-level RawJsonArray parsed into plain values (for doors that keep the object). */
export function withParsedJson<T>(body: T): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    const value = record[key];
    if (value instanceof RawJsonArray) (copy ??= { ...record })[key] = value.toJSON();
  }
  return (copy ?? body) as T;
}

/**
 * JSON texts as the list the procedure declares (`T[]`): its `.output()` schema stays the contract
 * (OpenAPI, MCP, typed clients) while the value is text the REST door writes as it is. Only for an
 * operation whose meta sets `trustedOutput` (the runner then skips its output validation, which
 * could not parse text) and whose test proves the text equals the view.
 */
export function rawJsonList<T>(items: readonly string[]): T[] {
  // eslint-disable-next-line no-restricted-syntax -- text standing in for the declared T[]: the envelope serialisers know it (see above), and the named test proves each item parses to T
  return new RawJsonArray(items) as unknown as T[];
}
