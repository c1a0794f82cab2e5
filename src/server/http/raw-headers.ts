import type { IncomingMessage } from 'node:http';
import type { HeaderReader } from '../lib/client-address';

/**
 * Request headers read from `req.rawHeaders`, for a cached share page's hit. Node has built
 * `req.headers` by then (it reads Host and Expect of every HTTP/1.1 request), but each read of that
 * object is a megamorphic keyed load (its shape differs with the client's header order); the hit's
 * nine reads from the raw list, with the client address passed rather than written into the object,
 * measured 121.7k → 119.3k instructions per hit (callgrind, Node 24). Values come out as
 * `req.headers` gives them (its default, without `joinDuplicateHeaders`): a repeated header joined
 * with ", ", cookies with "; ", and only the first of the fields Node keeps one of. These are the
 * client's own headers: the resolved client address is never read from here (the node layer passes it).
 */

/** Fields of which Node keeps the first line only (`matchKnownFields` in node:_http_incoming). */
const FIRST_ONLY = new Set([
  'content-type',
  'content-length',
  'user-agent',
  'referer',
  'host',
  'authorization',
  'proxy-authorization',
  'if-modified-since',
  'if-unmodified-since',
  'from',
  'location',
  'max-forwards',
  'retry-after',
  'etag',
  'last-modified',
  'server',
  'age',
  'expires',
]);

/** `raw` equals the lower-case `lower`, ignoring ASCII case. */
function sameName(raw: string, lower: string): boolean {
  if (raw.length !== lower.length) return false;
  for (let i = 0; i < raw.length; i += 1) {
    let code = raw.charCodeAt(i);
    if (code >= 65 && code <= 90) code += 32;
    if (code !== lower.charCodeAt(i)) return false;
  }
  return true;
}

/** The value `req.headers[name]` would have (`name` lower-case), undefined when the request has none. */
export function rawHeader(req: IncomingMessage, name: string): string | undefined {
  const raw = req.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!sameName(raw[i]!, name)) continue;
    if (value === undefined) {
      value = raw[i + 1]!;
      if (FIRST_ONLY.has(name)) return value;
    } else value += (name === 'cookie' ? '; ' : ', ') + raw[i + 1]!;
  }
  return value;
}

/** Lower-case forms of the few names pages ask for (toLowerCase per call was 8 calls per counted view). */
const lowerNames = new Map<string, string>();
export function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < 64) lowerNames.set(name, lower);
  }
  return lower;
}

/** A HeaderReader over the request's raw headers (see above). */
export class RawHeaders implements HeaderReader {
  constructor(private readonly req: IncomingMessage) {}
  get(name: string): string | null {
    return rawHeader(this.req, lowerName(name)) ?? null;
  }
}
