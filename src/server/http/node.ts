import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiHandler } from './api-handler';
import { fromNodeRequest, type ApiResponse } from './exchange';
import type { ApiObserver } from './observe';
import { PROBLEMS, problemBody, type AnyProblemSlug } from './problems';
import { acceptRequestId, newRequestId } from './request-id';
import { API_PREFIX, OPENAPI_PATHS } from './routes';
import { API_SECURITY_HEADERS } from './security-headers';
import { rawHeader } from './raw-headers';
import { CLIENT_ADDRESS_HEADER, resolveClientAddress, type TrustedProxies } from '../lib/client-address';
import { isMcpPath } from '../mcp/paths';
import { INNGEST_PATH } from './inngest-endpoint';
import { isOAuthPath } from '../auth/oauth-paths';

/** True for the paths the API handler owns; everything else is the web app's (Next). */
export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`) || OPENAPI_PATHS.has(pathname) || isMcpPath(pathname) || pathname === INNGEST_PATH || isOAuthPath(pathname);
}

/**
 * The methods this server implements anywhere. Anything else never reaches the API handler or Next
 * (undici's `Request` constructor, which Next and the MCP transport use, throws for TRACE, TRACK and
 * CONNECT, which once happened outside any handler and ended the process).
 */
export const IMPLEMENTED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** What the web pages answer to: GET/HEAD for pages, POST for server actions. */
const PAGE_METHODS = 'GET, HEAD, POST';

function destroySocket(socket: Duplex | null): void {
  socket?.destroy();
}

/** Writes an API answer: a JSON string as is (one write), bytes as they are, no body for 204/304. */
export function writeApiResponse(res: ServerResponse, response: ApiResponse): void {
  const body = response.body;
  const length = body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  res.writeHead(response.status, body === null && (response.status === 204 || response.status === 304) ? response.headers : { ...response.headers, 'content-length': String(length) });
  if (response.refusedUnread) {
    // Closed once the answer is handed to the kernel. Left to itself node:http resumes reading the
    // body to discard it until the close completes, which on a busy server is several reads of
    // 64 KiB per refused upload (a flood's 429s then cost reading most of their 2 MiB bodies).
    // Destroyed on the next tick, not inside the write's own callback: there the stream fails the
    // socket's pending write and end callbacks with an ERR_STREAM_DESTROYED each, an Error with its stack
    // captured per refused connection (issue 26: the largest single cost of a flood's refusal in
    // our process). Nothing is read in between: reading resumes no sooner than the next poll.
    const socket = res.socket;
    res.shouldKeepAlive = false;
    res.end(body ?? undefined, () => process.nextTick(destroySocket, socket));
    return;
  }
  res.end(body ?? undefined);
}

/** A problem+json body with the headers every API error carries (for answers the node layer gives itself). */
function problemParts(slug: AnyProblemSlug, detail: string, requestId: string, extra: Record<string, string> = {}) {
  const body = JSON.stringify(problemBody(slug, detail, requestId));
  const headers: Record<string, string> = {
    'content-type': 'application/problem+json',
    'x-request-id': requestId,
    'cache-control': 'no-store',
    ...API_SECURITY_HEADERS,
    ...extra,
    'content-length': String(Buffer.byteLength(body)),
  };
  return { status: PROBLEMS[slug].status, headers, body };
}

/** Answers a method nobody implements, on an API path or a page, without building a fetch Request. */
function refuseMethod(req: IncomingMessage, res: ServerResponse, pathname: string, handleApiRequest: ApiHandler): void {
  const method = req.method ?? '';
  const requestId = acceptRequestId(req.headers['x-request-id']);
  let answer;
  if (isApiPath(pathname)) {
    const allowed = handleApiRequest.allowedMethods?.(pathname) ?? null;
    answer = allowed
      ? problemParts('method-not-allowed', `${method} is not allowed on ${pathname}; allowed: ${allowed.join(', ')}.`, requestId, { allow: allowed.join(', ') })
      : problemParts('method-not-implemented', `${method} is not implemented by this server.`, requestId, { allow: [...IMPLEMENTED_METHODS].join(', ') });
  } else {
    answer = problemParts('method-not-allowed', `${method} is not allowed on ${pathname}; allowed: ${PAGE_METHODS}.`, requestId, { allow: PAGE_METHODS });
  }
  res.writeHead(answer.status, answer.headers);
  res.end(method === 'HEAD' ? undefined : answer.body);
  // Whatever body the client sends with it is not read: close the connection after the answer.
  res.shouldKeepAlive = false;
}

export interface NodeListenerOptions {
  /** Proxies whose X-Forwarded-For entries are believed (see src/server/lib/client-address.ts). */
  trustedProxies?: TrustedProxies;
  /** Told of every API response once written: the access log line and the request metrics. */
  observe?: ApiObserver;
  /**
   * Tried first for a page request, with the resolved client address, before the address header is
   * written into `req.headers`: true when it answered (a cached share page), synchronously.
   */
  answerPage?: (req: IncomingMessage, res: ServerResponse, clientAddress: string) => boolean;
}

/**
 * node:http listener: API paths go straight to the API handler (no Next pipeline, ~10× the
 * throughput), the rest to `fallback` (Next's request handler in production).
 */
export function createNodeListener(
  handleApiRequest: ApiHandler,
  fallback: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
  options: NodeListenerOptions = {},
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    if (!IMPLEMENTED_METHODS.has(req.method ?? '')) {
      refuseMethod(req, res, pathname, handleApiRequest);
      return;
    }
    const address = resolveClientAddress(req.socket.remoteAddress, rawHeader(req, 'x-forwarded-for'), options.trustedProxies ?? []);
    const api = isApiPath(pathname);
    if (!api && options.answerPage?.(req, res, address)) return;
    // Pages, the request log and the audit log read the client address from this header
    // (clientAddress()); it is always ours, never the client's.
    req.headers[CLIENT_ADDRESS_HEADER] = address;
    if (!api) {
      void fallback(req, res);
      return;
    }
    const startedAt = performance.now();
    handleApiRequest(fromNodeRequest(req))
      .then((response) => {
        writeApiResponse(res, response);
        options.observe?.(req, response, startedAt);
      })
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.end();
        console.error('failed to write API response', error);
      });
  };
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large', 501: 'Not Implemented' };

/** Writes a complete HTTP/1.1 problem+json response on a raw socket and closes it. */
function endSocketWithProblem(socket: Duplex, slug: AnyProblemSlug, detail: string, extra: Record<string, string> = {}): void {
  const { status, headers, body } = problemParts(slug, detail, newRequestId(), { ...extra, connection: 'close' });
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${REASONS[status] ?? ''}\r\n${head}\r\n${body}`);
}

/**
 * What Node answers on its own, outside any request handler, made to look like every other error:
 * malformed HTTP (bad Content-Length, invalid header lines or methods, oversized headers, timeouts)
 * arrives as `clientError`, CONNECT as `connect`. Both get problem+json with X-Request-Id instead of
 * Node's bare status line, and the connection is closed (its framing can no longer be trusted).
 */
export function answerProtocolErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    switch (error.code) {
      case 'HPE_HEADER_OVERFLOW':
        endSocketWithProblem(socket, 'headers-too-large', 'The request line and headers exceed the 16 KiB limit.');
        return;
      case 'HPE_INVALID_METHOD':
        endSocketWithProblem(socket, 'method-not-implemented', 'This HTTP method is not implemented by this server.', {
          allow: [...IMPLEMENTED_METHODS].join(', '),
        });
        return;
      case 'ERR_HTTP_REQUEST_TIMEOUT':
        endSocketWithProblem(socket, 'request-timeout', 'The request was not received completely in time.');
        return;
      default:
        endSocketWithProblem(socket, 'malformed-request', `The HTTP request could not be parsed (${error.code ?? 'parse error'}).`);
    }
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    endSocketWithProblem(socket, 'method-not-allowed', 'CONNECT is not allowed: this server is not a proxy.', { allow: [...IMPLEMENTED_METHODS].join(', ') });
  });
}
