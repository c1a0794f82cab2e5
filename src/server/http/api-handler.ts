import type { TRPCError } from '@trpc/server';
import type { OpenApiRouter } from 'trpc-to-openapi';
import { buildOpenApiDocument } from '../openapi/document';
import type { AppServices } from '../domain/app-services';
import type { RequestContext } from '../trpc/context';
import { authenticateRequest } from '../trpc/middleware';
import type { AuthenticatedKey } from '../services/api-keys';
import { compressResponse } from './compression';
import type { ApiRequest, ApiResponse } from './exchange';
import { prototypeQueryKeys, unstorableText } from './input-guards';
import { problemResponse } from './problem-response';
import { callProcedure, prepareCalls } from './procedure-call';
import { ApiError } from '../domain/errors';
import { requestIdFrom } from './request-id';
import { readRequestBody } from './request-body';
import { API_PREFIX, OPENAPI_PATHS, collectRoutes, createRouteTable, type Route } from './routes';
import { API_SECURITY_HEADERS } from './security-headers';
import { fieldErrorsFromIssues, validationDetail, type ZodIssueLike } from './validation-errors';

/**
 * The one HTTP adapter in front of the tRPC router. The custom Node server, the Next.js catch-all
 * route and the MCP dispatcher call the handler this builds (once, at start). It owns everything
 * that is HTTP — request ids, routing 404/405 (routes.ts), the body (request-body.ts), problem+json
 * for every error (problem-response.ts, validation-errors.ts), security headers, compression — and
 * calls the procedure directly (procedure-call.ts). Procedures never see any of it.
 */
export type ApiHandler = ((request: ApiRequest) => Promise<ApiResponse>) & {
  /**
   * The methods routed at an API path (null when no route matches). The node layer uses it to answer
   * methods it never hands over (TRACE, TRACK, CONNECT) with 405 and the right Allow.
   */
  allowedMethods?: (pathname: string) => string[] | null;
};

const INTERNAL_ERROR_DETAIL = 'An unexpected error occurred. Nothing about it is your fault; quote the request_id if you contact support.';

export function createApiHandler(services: AppServices, router: OpenApiRouter): ApiHandler {
  const { logger, config } = services;
  const routeTable = createRouteTable(collectRoutes(router));
  // Per operation, once: its procedure, input shape and coercion (see procedure-call.ts).
  const calls = prepareCalls(router);
  // Generated on first request, not at start: it is the largest piece of start-up work and memory.
  let openApiJson: string | undefined;
  const openApiDocument = () => (openApiJson ??= JSON.stringify(buildOpenApiDocument(router, config)));

  /** A procedure's failure: its ApiError, a 400 from its input schema, or a logged 500 that says nothing inside. */
  const failureResponse = (error: TRPCError, route: Route, requestId: string, received: () => unknown, headers: Record<string, string>): ApiResponse => {
    const cause = error.cause as unknown;
    if (cause instanceof ApiError) {
      return problemResponse(cause.slug, cause.detail, requestId, { errors: cause.options.errors, headers: { ...headers, ...cause.options.headers } });
    }
    const issues = (cause as { issues?: ZodIssueLike[] } | undefined)?.issues;
    if (error.code === 'BAD_REQUEST' && Array.isArray(issues)) {
      const queryInput = route.method === 'GET' || route.method === 'DELETE';
      const locate = (first: PropertyKey | undefined) =>
        typeof first === 'string' && route.pathParams.includes(first) ? 'path' : queryInput ? 'query' : 'body';
      const errors = fieldErrorsFromIssues(issues, locate, received());
      return problemResponse('validation-error', validationDetail(errors), requestId, { errors, headers });
    }
    logger.error('unhandled error', {
      request_id: requestId,
      route: `${route.method} ${route.template}`,
      code: error.code,
      error: error.message,
      cause: cause instanceof Error ? cause.stack : String(cause),
    });
    return problemResponse('internal-error', INTERNAL_ERROR_DETAIL, requestId, { headers });
  };

  async function respond(request: ApiRequest, requestId: string): Promise<ApiResponse> {
    const url = new URL(request.target, 'http://api.internal');
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

    // Authenticate before touching the body: no key (or a bad one) is a 401 whatever was sent, and
    // a request without a valid key never costs a body read or a JSON parse.
    let auth: AuthenticatedKey | undefined;
    if (route.meta.access) {
      try {
        auth = await authenticateRequest(services, request.headers.get('authorization'));
      } catch (error) {
        if (error instanceof ApiError) return problemResponse(error.slug, error.detail, requestId, { headers: error.options.headers });
        throw error;
      }
    }

    // Query and path values: prototype-named keys, NUL and lone surrogates are refused up front.
    const inputErrors = url.search === '' ? [] : [...prototypeQueryKeys(url.searchParams), ...unstorableText(Object.fromEntries(url.searchParams), 'query')];
    for (const [name, raw] of Object.entries(pathParams)) {
      let value = raw;
      try {
        value = decodeURIComponent(raw);
      } catch {
        // Left encoded; the schema reports it.
      }
      inputErrors.push(...unstorableText(value, `path.${name}`));
    }
    if (inputErrors.length > 0) return problemResponse('validation-error', validationDetail(inputErrors), requestId, { errors: inputErrors });

    let body: unknown = undefined;
    if (method !== 'GET' && method !== 'DELETE') {
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
      // One rule for every text field of every operation (multipart parts and file names included):
      // text PostgreSQL cannot store faithfully is refused, naming the field, never silently altered.
      const textErrors = unstorableText(body, 'body');
      if (textErrors.length > 0) return problemResponse('validation-error', validationDetail(textErrors), requestId, { errors: textErrors });
    }

    const ctx: RequestContext = {
      app: services,
      requestId,
      authorization: request.headers.get('authorization'),
      authenticated: auth,
      request: { method: route.method, path, headers: request.headers },
      response: { headers: {} },
    };
    const outcome = await callProcedure(calls.get(route.procedurePath)!, ctx, { search: url.searchParams, body, pathParams });
    const headers = ctx.response.headers;
    if (!outcome.ok) {
      const received = () => (method === 'GET' || method === 'DELETE' ? Object.fromEntries(url.searchParams) : body);
      return failureResponse(outcome.error, route, requestId, received, headers);
    }
    const status = ctx.response.status ?? 200;
    // 204 (DELETE) and 304 (If-None-Match matched the ETag) carry neither a body nor a content type.
    if (status === 204 || status === 304) return { status, headers: { ...headers, 'X-Request-Id': requestId, 'Cache-Control': 'no-store' }, body: null };
    return { status, headers: { 'Content-Type': 'application/json', ...headers, 'X-Request-Id': requestId, 'Cache-Control': 'no-store' }, body: JSON.stringify(outcome.data) };
  }

  async function handleApiRequest(request: ApiRequest): Promise<ApiResponse> {
    const requestId = requestIdFrom(request);
    let response: ApiResponse;
    try {
      response = await respond(request, requestId);
    } catch (error) {
      logger.error('request failed outside the router', { request_id: requestId, error: (error as Error).stack ?? String(error) });
      response = problemResponse('internal-error', INTERNAL_ERROR_DETAIL, requestId);
    }
    // Security headers on every API response, success or problem.
    Object.assign(response.headers, API_SECURITY_HEADERS);
    return compressResponse(request, response);
  }
  handleApiRequest.allowedMethods = routeTable.allowedMethods;
  return handleApiRequest;
}
