import { IncomingMessage, ServerResponse, validateHeaderName, validateHeaderValue } from 'node:http';
import { Socket } from 'node:net';

/**
 * A fixed response head written without Node checking every header again on each response.
 *
 * `writeHead(status, headers)` runs two regular expressions over every header name and value on
 * every call: for a cached share page's ten headers (~550 characters of values) that was ~12k of the
 * ~140k instructions a hit cost (callgrind, Node 24). Headers given to `setHeader` are checked there,
 * once, and `writeHead` then sends the response's own header map (`{ lower-case name: [name, value] }`,
 * kept under Node's `kOutHeaders` symbol) unchecked. `prepareHead` checks a stored response's headers
 * once, with node:http's own validators, and keeps them in that form; `writePreparedHead` installs a
 * copy on the response. Where this Node keeps its headers differently (checked once at start), it
 * falls back to `writeHead` with the list, which checks as before.
 */

type HeaderMap = Record<string, [string, string]>;

export interface PreparedHead {
  /** writeHead's flat `[name, value, …]` list (the fallback), the per-response names last, values empty. */
  readonly list: string[];
  /** The same as Node's own header map, per-response names with empty values; null without the symbol. */
  readonly map: HeaderMap | null;
  /** Lower-case names whose values `writePreparedHead` fills in per response, in order. */
  readonly perResponse: readonly string[];
}

function findHeaderMapSymbol(): symbol | null {
  const probe = new ServerResponse(new IncomingMessage(new Socket()));
  probe.setHeader('X-Probe', 'yes');
  const symbol = Object.getOwnPropertySymbols(probe).find((candidate) => candidate.description === 'kOutHeaders');
  if (symbol === undefined) return null;
  // eslint-disable-next-line no-restricted-syntax -- Node's internal header map, read once to confirm its shape.
  const map = (probe as unknown as Record<symbol, unknown>)[symbol] as Record<string, unknown> | null;
  const entry = map?.['x-probe'];
  return Array.isArray(entry) && entry.length === 2 && entry[0] === 'X-Probe' && entry[1] === 'yes' ? symbol : null;
}

const headerMapSymbol = findHeaderMapSymbol();

/**
 * Checks `headers` (a flat `[name, value, …]` list) as `setHeader` would and keeps them with
 * `perResponse` names after them, whose values are given per response (they must be header-safe:
 * request ids and fixed words). Throws what node:http throws for an invalid name or value.
 */
export function prepareHead(headers: readonly string[], perResponse: readonly string[]): PreparedHead {
  const list: string[] = [];
  // A plain object, not Node's null-prototype one: V8 keeps that in dictionary mode, and its
  // for-in (writeHead's walk) costs more than the checks saved.
  const map: HeaderMap = {};
  for (let i = 0; i + 1 < headers.length; i += 2) {
    const name = headers[i]!;
    const value = headers[i + 1]!;
    validateHeaderName(name);
    validateHeaderValue(name, value);
    list.push(name, value);
    const key = name.toLowerCase();
    // A repeated name (two Link or Set-Cookie lines): setHeader would keep one, so use the list.
    if (Object.hasOwn(map, key)) return { list: [...list, ...headers.slice(i + 2), ...perResponse.flatMap((n) => [n, ''])], map: null, perResponse };
    map[key] = [name, value];
  }
  for (const name of perResponse) {
    list.push(name, '');
    map[name] = [name, ''];
  }
  return { list, map: headerMapSymbol ? map : null, perResponse };
}

/** `res.writeHead(status, …)` with `prepared`'s headers and `values` for its per-response names. */
export function writePreparedHead(res: ServerResponse, status: number, prepared: PreparedHead, values: readonly string[]): void {
  // eslint-disable-next-line no-restricted-syntax -- Node's internal header map (see above); null until a header is set.
  const target = res as unknown as Record<symbol, HeaderMap | null>;
  if (prepared.map !== null && headerMapSymbol !== null && target[headerMapSymbol] === null) {
    const map: HeaderMap = { ...prepared.map };
    for (let i = 0; i < values.length; i += 1) {
      const name = prepared.perResponse[i]!;
      map[name] = [name, values[i]!];
    }
    target[headerMapSymbol] = map;
    res.writeHead(status);
    return;
  }
  const list = prepared.list.slice();
  for (let i = 0; i < values.length; i += 1) list[list.length - 2 * (values.length - i) + 1] = values[i]!;
  res.writeHead(status, list);
}

/** Whether heads are written from Node's own header map on this Node (for tests). */
export const usesHeaderMap = headerMapSymbol !== null;
