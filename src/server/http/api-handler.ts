import type { OpenApiRouter } from 'trpc-to-openapi';
import { buildOpenApiDocument } from '../openapi/document';
import type { AppServices } from '../domain/app-services';
import type { Principal } from '../domain/principal';
import { clientAddress } from '../lib/client-address';
import { jsonText } from '../lib/raw-json';
import type { Admission, Gateway, GatewayResult, Problem } from '../trpc/gateway';
import type { Operation } from '../trpc/procedure-runner';
import { validationDetail } from '../trpc/validation-errors';
import { compressResponse } from './compression';
import { targetParts, targetPath, type ApiRequest, type ApiResponse } from './exchange';
import { problemResponse } from './problem-response';
import { prototypeQueryKeys } from './query-keys';
import { ownedRequestIdFrom } from './request-id';
import type { Door, ObservedOperation } from '../lib/metrics';
import { readRequestBody } from './request-body';
import { API_PREFIX, OPENAPI_PATHS, collectRoutes, createRouteTable } from './routes';
import { API_SECURITY_HEADERS } from './security-headers';

/**
 * The REST door: HTTP in front of the gateway (src/server/trpc/gateway.ts). The custom Node server and
 * the Next.js catch-all route call the handler this builds (once, at start). It owns only what is
 * HTTP — request ids, routing 404/405 (routes.ts), the Authorization header handed to the gateway
 * before the body is read, the body (request-body.ts), query strings, the gateway's Problem as
 * problem+json (problem-response.ts), security headers, compression. Authentication, limits, policy
 * and error mapping are the gateway's, the same for every door.
 */
export type ApiHandler = ((request: ApiRequest) => Promise<ApiResponse>) & {
  /**
   * The methods routed at an API path (null when no route matches). The node layer uses it to answer
   * methods it never hands over (TRACE, TRACK, CONNECT) with 405 and the right Allow.
   */
  allowedMethods?: (pathname: string) => string[] | null;
  /**
   * What a request is, for metrics and logs: the route template (`GET /public/v1/creators/{creator_id}`)
   * or a fixed name, never the raw path (ids would make every request its own label).
   */
  operationOf?: (method: string, pathname: string) => { operation: string; door: Door };
};

const INTERNAL_ERROR_DETAIL = 'An unexpected error occurred. Nothing about it is your fault; quote the request_id if you contact support.';

/** Query parameters as trpc-to-openapi passes them: one value as a string, a repeated one as an array. */
function queryInput(search: URLSearchParams, arrayKeys: ReadonlySet<string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    input[key] = values.length === 1 && !arrayKeys.has(key) ? values[0] : values;
  }
  return input;
}

/** Path parameters as sent, percent-decoded (left encoded when that fails; the schema reports it). */
function decodedPathParams(pathParams: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, raw] of Object.entries(pathParams)) {
    try {
      decoded[name] = decodeURIComponent(raw);
    } catch {
      decoded[name] = raw;
    }
  }
  return decoded;
}

function problemAnswer(problem: Problem, requestId: string, headers: Record<string, string> = {}): ApiResponse {
  return problemResponse(problem.slug, problem.detail, requestId, { errors: problem.errors, headers: { ...headers, ...problem.headers } });
}

export function createApiHandler(services: AppServices, gateway: Gateway, router: OpenApiRouter): ApiHandler {
  const { config } = services;
  const routeTable = createRouteTable(collectRoutes(router));
  // Generated on first request, not at start: it is the largest piece of start-up work and memory.
  let openApiJson: string | undefined;
  const openApiDocument = () => (openApiJson ??= JSON.stringify(buildOpenApiDocument(router, config)));

  /** What `respond` learnt of a call, for its request log entry: who made it, which operation, with what input. */
  interface CallSeen {
    principal?: Principal;
    operation?: string;
    input?: unknown;
    /** The client's address, once resolved for the operation (the log reuses it). */
    clientAddress?: string;
    /** The matched operation as the request metrics name it (one object per route). */
    observed?: ObservedOperation;
  }

  const observedByRoute = new Map<object, ObservedOperation>();
  /** A route's operation as metrics and the access line name it: made once per route, then the same object. */
  function observedOf(route: { method: string; template: string }): ObservedOperation {
    let observed = observedByRoute.get(route);
    if (!observed) observedByRoute.set(route, (observed = { operation: `${route.method} ${API_PREFIX}${route.template}`, door: 'rest' }));
    return observed;
  }

  async function respond(request: ApiRequest, requestId: string, seen: CallSeen): Promise<ApiResponse> {
    const url = targetParts(request.target);
    const method = request.method.toUpperCase();

    if (OPENAPI_PATHS.has(url.pathname)) {
      if (method !== 'GET') {
        return problemResponse('method-not-allowed', `${method} is not allowed on ${url.pathname}; use GET.`, requestId, { headers: { Allow: 'GET' } });
      }
      return { status: 200, headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, 'Cache-Control': 'public, max-age=60' }, body: openApiDocument() };
    }

    const match = routeTable.match(method, url.pathname);
    if (match.kind === 'not-found') {
      return problemResponse('route-not-found', `There is no endpoint at ${url.pathname}. The API reference is at /docs.`, requestId);
    }
    if (match.kind === 'method-not-allowed') {
      const allow = match.allow.join(', ');
      return problemResponse('method-not-allowed', `${method} is not allowed on ${url.pathname}; allowed: ${allow}.`, requestId, { headers: { Allow: allow } });
    }
    const { route, path, pathParams } = match;
    seen.observed = observedOf(route);
    const operation: Operation = gateway.operation(route.procedurePath)!;
    seen.operation = operation.path;

    // Authenticate before touching the body: no key (or a bad one) is a 401 whatever was sent, and
    // a request without a valid key never costs a body read or a JSON parse.
    let principal: Principal;
    try {
      principal = await gateway.authenticate(request.headers.get('authorization'));
    } catch (error) {
      return problemAnswer(gateway.toProblem(error, { requestId }), requestId);
    }
    seen.principal = principal;
    seen.input = url.search === '' ? undefined : Object.fromEntries(url.searchParams);

    // Query keys named like Object.prototype members are refused before any query parsing.
    const queryErrors = url.search === '' ? [] : prototypeQueryKeys(url.searchParams);
    if (queryErrors.length > 0) return problemResponse('validation-error', validationDetail(queryErrors), requestId, { errors: queryErrors });

    let admission: Extract<Admission, { ok: true }> | undefined;
    if (operation.usesBody) {
      // The rate limit before the body: past its limit (or with its bucket's limit of calls in
      // progress running) a client's upload is refused unread, and the connection closed rather than
      // drained (a flood of 2 MiB previews costs a cache hit each).
      let admitted: Admission;
      try {
        admitted = await gateway.admitCall(operation.path, principal);
      } catch (error) {
        // The limiter itself failed (not a refusal): answered as any failure is, still unread.
        const problem = gateway.toProblem(error, { operation, requestId });
        return { ...problemAnswer(problem, requestId, { ...problem.headers, Connection: 'close' }), refusedUnread: true };
      }
      if (!admitted.ok) return { ...problemAnswer(admitted.problem, requestId, { Connection: 'close' }), refusedUnread: true };
      admission = admitted;
    }
    let result: GatewayResult;
    try {
      let body: unknown = undefined;
      if (operation.usesBody) {
        const read = await readRequestBody(
          request,
          {
            multipart: route.meta.openapi?.contentTypes?.includes('multipart/form-data') ?? false,
            cap: route.meta.maxBodyBytes ?? config.maxJsonBodyBytes,
            operation: `${route.method} ${API_PREFIX}${route.template}`,
            pathname: url.pathname,
          },
          requestId,
        );
        if (!read.ok) return read.response;
        body = read.body;
      }

      const input = operation.takesInput
        ? { ...((operation.usesBody ? body : queryInput(url.searchParams, operation.arrayKeys)) as object | undefined), ...decodedPathParams(pathParams) }
        : undefined;
      seen.input = input;
      seen.clientAddress = clientAddress(request.headers);
      result = await gateway.call(operation.path, input, principal, {
        door: 'rest',
        requestId,
        headers: request.headers,
        restPath: path,
        client: { address: seen.clientAddress, userAgent: request.headers.get('user-agent') },
        admitted: admission?.headers,
      });
    } finally {
      admission?.release();
    }
    if (!result.ok) return problemAnswer(result.problem, requestId, result.headers);
    const { status, headers } = result;
    // 204 (DELETE) and 304 (If-None-Match matched the ETag) carry neither a body nor a content type.
    if (result.body === undefined) return { status, headers: { ...headers, 'X-Request-Id': requestId, 'Cache-Control': 'no-store' }, body: null };
    return { status, headers: { 'Content-Type': 'application/json', ...headers, 'X-Request-Id': requestId, 'Cache-Control': 'no-store' }, body: jsonText(result.body) };
  }

  async function handleApiRequest(request: ApiRequest): Promise<ApiResponse> {
    const startedAt = performance.now();
    const { requestId, own: ownRequestId } = ownedRequestIdFrom(request);
    const seen: CallSeen = {};
    let response: ApiResponse;
    try {
      response = await respond(request, requestId, seen);
    } catch (error) {
      services.logger.error('request failed outside the router', { request_id: requestId, error: (error as Error).stack ?? String(error) });
      response = problemResponse('internal-error', INTERNAL_ERROR_DETAIL, requestId);
    }
    // Security headers on every API response, success or problem.
    Object.assign(response.headers, API_SECURITY_HEADERS);
    if (seen.observed) response.observed = seen.observed;
    // The request log: every call an API key made (a request refused before its key was read has no account to log it for).
    if (seen.principal) {
      const address = seen.clientAddress ?? clientAddress(request.headers);
      services.requestLogs.record(seen.principal, {
        requestId,
        ownRequestId,
        door: 'rest',
        method: request.method.toUpperCase(),
        path: targetPath(request.target),
        operation: seen.operation ?? null,
        status: response.status,
        durationMs: performance.now() - startedAt,
        // The gateway's own spelling (idempotency.ts): a property read, not a case-blind walk of every header.
        replayed: response.headers['Idempotent-Replayed'] === 'true',
        clientAddress: address === 'unknown' ? null : address,
        userAgent: request.headers.get('user-agent'),
        requestBody: seen.input,
        responseBody: response.body,
      });
    }
    return compressResponse(request, response);
  }
  handleApiRequest.allowedMethods = routeTable.allowedMethods;
  handleApiRequest.operationOf = (method: string, pathname: string): { operation: string; door: Door } => {
    if (OPENAPI_PATHS.has(pathname)) return { operation: 'openapi', door: 'openapi' };
    const match = routeTable.match(method.toUpperCase(), pathname);
    if (match.kind === 'not-found' || match.kind === 'method-not-allowed') return { operation: 'unmatched', door: 'unmatched' };
    return observedOf(match.route);
  };
  return handleApiRequest;
}
