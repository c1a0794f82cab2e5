import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { ObservedOperation } from '../lib/metrics';

/**
 * What the API handler reads of a request and what it answers, as plain data. node:http hands its
 * request over as is (no fetch Request, Headers or AbortSignal per request: undici's objects cost
 * about as much as the rest of a cached GET /me); Next's catch-all route and the MCP transport speak
 * fetch, so they convert at their edge with the functions below.
 */
export interface RequestHeaders {
  /** The header's value (repeated headers joined as node:http or fetch join them), or null. */
  get(name: string): string | null;
  forEach(callback: (value: string, name: string) => void): void;
}

export interface ApiRequest {
  /** Upper case, as received. */
  method: string;
  /** The path and query string as received: `/public/v1/creators?limit=5`. */
  target: string;
  headers: RequestHeaders;
  /**
   * The body, pulled from the connection only when iterated; null for GET and HEAD. Ending the
   * iteration early (`return()`) stops reading; a body never read is discarded by node:http after
   * the answer, so a 401 costs no upload.
   */
  body: AsyncIterable<Uint8Array> | null;
}

export interface ApiResponse {
  status: number;
  /** The operation that answered, when the handler matched one: the observer need not match the route again. */
  observed?: ObservedOperation;
  /** Header names as written here (`Content-Type`); look them up with `headerValue`. */
  headers: Record<string, string>;
  /** A JSON text, bytes, or nothing (204, 304). */
  body: string | Uint8Array | null;
  /**
   * The request's body was refused before any of it was read (a 429 ahead of the body): the node
   * layer closes the connection as soon as the answer is written, instead of letting node:http read
   * the rest of the upload (up to megabytes per refused request under load) only to throw it away.
   */
  refusedUnread?: boolean;
}

/**
 * Whether header name `key` is `lower` (already lower case) in any spelling. Only a name of the same
 * length is lowered: every response passes through several lookups over its ~10 headers (compression
 * alone makes four), and lowering each name each time was 5 % of `GET /me`'s instructions (callgrind).
 */
function sameHeaderName(key: string, lower: string): boolean {
  return key.length === lower.length && (key === lower || key.toLowerCase() === lower);
}

/** A response header by case-insensitive name. */
export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const key in headers) if (sameHeaderName(key, lower)) return headers[key];
  return undefined;
}

/** A copy of `headers` with one header set, replacing any spelling of its name. */
export function withHeader(headers: Record<string, string>, name: string, value: string): Record<string, string> {
  const lower = name.toLowerCase();
  const out: Record<string, string> = {};
  for (const key in headers) if (!sameHeaderName(key, lower)) out[key] = headers[key]!;
  out[name] = value;
  return out;
}

/** What the API handler reads of a request target: as `new URL(target, base)` would give them. */
export interface TargetParts {
  pathname: string;
  search: string;
  searchParams: URLSearchParams;
}

/**
 * Only characters a URL's path keeps as they are; no `%` (decoding), `\\` (read as `/`) or `.`
 * after a `/` (dot segments), and not `//` first (an authority): for such a path `URL` changes nothing.
 */
const PLAIN_PATH = /^\/(?!\/)(?:[A-Za-z0-9\-_~!$&'()*+,;=:@]|\/(?!\.)|(?<!\/)\.)*$/;

/**
 * `target`'s path and query as `new URL(target, 'http://api.internal')` reads them. A plain path
 * without a query — every `GET /me` — is taken as it is: the WHATWG URL parser was 1.5 % of a
 * `GET /me`'s CPU samples under load, for a result equal to its input.
 */
export function targetParts(target: string): TargetParts {
  if (PLAIN_PATH.test(target)) return { pathname: target, search: '', searchParams: new URLSearchParams() };
  return new URL(target, 'http://api.internal');
}

/** The path of a request target, without its query string (not decoded, not normalized). */
export function targetPath(target: string): string {
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

class NodeRequestHeaders implements RequestHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of Object.entries(this.raw)) {
      if (value !== undefined) callback(Array.isArray(value) ? value.join(', ') : value, name);
    }
  }
}

export function fromNodeRequest(req: IncomingMessage): ApiRequest {
  const method = req.method ?? 'GET';
  return {
    method,
    target: req.url ?? '/',
    headers: new NodeRequestHeaders(req.headers),
    body: method === 'GET' || method === 'HEAD' ? null : req,
  };
}

/** A web stream's chunks; ending the iteration early cancels the stream. */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
  }
}

/** Pulls from an async iterable only when read (a handler that never reads leaves the source untouched). */
function streamOf(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  let iterator: AsyncIterator<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        iterator ??= chunks[Symbol.asyncIterator]();
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await iterator?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

export function fromFetchRequest(request: Request): ApiRequest {
  const url = new URL(request.url);
  return { method: request.method, target: url.pathname + url.search, headers: request.headers, body: request.body ? chunksOf(request.body) : null };
}

/** A fetch Request for the parts that speak fetch (the MCP SDK's transport). */
export function toFetchRequest(request: ApiRequest, origin: string): Request {
  const headers = new Headers();
  request.headers.forEach((value, name) => headers.append(name, value));
  const body = request.body;
  return new Request(new URL(request.target, origin), {
    method: request.method,
    headers,
    body: body ? streamOf(body) : undefined,
    // Required by undici for a streamed request body.
    ...(body ? { duplex: 'half' } : {}),
  });
}

export function toFetchResponse(response: ApiResponse): Response {
  // Copy into a fresh ArrayBuffer-backed view: a fetch Response takes BodyInit, not any Uint8Array.
  const body = response.body === null || typeof response.body === 'string' ? response.body : new Uint8Array(response.body);
  return new Response(body, { status: response.status, headers: response.headers });
}

export async function fromFetchResponse(response: Response): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
  return { status: response.status, headers, body };
}
