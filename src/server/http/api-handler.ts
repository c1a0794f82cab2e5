import { randomBytes } from 'node:crypto';
import type { AnyRouter, TRPCError } from '@trpc/server';
import {
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathParameters,
  getPathRegExp,
  instanceofZodTypeCoercible,
  instanceofZodTypeObject,
  normalizePath,
  unwrapZodType,
  type OpenApiProcedure,
} from 'trpc-to-openapi';
import { buildOpenApiDocument } from '../openapi/document';
import type { AppServices, RequestContext } from '../trpc/context';
import type { ApiMeta } from '../trpc/meta';
import { authenticateRequest } from '../trpc/middleware';
import type { AuthenticatedKey } from '../services/api-keys';
import { compressResponse } from './compression';
import { prototypeQueryKeys, unstorableText } from './input-guards';
import { callProcedure, prepareCalls } from './procedure-call';
import { ApiError, fieldErrorCode, problemBody, type FieldError, type ProblemSlug } from './problems';
import { jsonResponse } from './raw-response';
import { createRouteMatcher } from './route-matcher';
import { API_SECURITY_HEADERS } from './security-headers';

/**
 * The one HTTP adapter in front of the tRPC router. Both the custom Node server and the Next.js
 * catch-all route call the handler this builds (once, at start). It owns everything that is HTTP:
 * request ids, routing 404/405, content type, the body cap, malformed JSON, problem+json for every
 * error, rate-limit and request-id headers. Procedures never see any of it.
 */
export type ApiHandler = ((request: Request) => Promise<Response>) & {
  /**
   * The methods routed at an API path (null when no route matches). The node layer uses it to answer
   * methods a fetch Request cannot even carry (TRACE, TRACK, CONNECT) with 405 and the right Allow.
   */
  allowedMethods?: (pathname: string) => string[] | null;
};

export const API_PREFIX = '/public/v1';
export const OPENAPI_PATHS = new Set(['/openapi.json', `${API_PREFIX}/openapi.json`]);
const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;
const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  pathParams: string[];
  meta: ApiMeta;
  /** The procedure's input schema (zod), for undoing trpc-to-openapi's body coercion. */
  input: unknown;
}

interface RequestState {
  requestId: string;
  route: Route;
  /** What the client sent (query parameters, or the body), to tell a missing field from a wrong one; read only on a 400. */
  received: () => unknown;
  error?: TRPCError;
}

// Request ids: a random per-process prefix and a counter — unique, and no random bytes per request.
const requestIdPrefix = randomBytes(6).toString('hex');
let requestIdCounter = 0;
export function newRequestId(): string {
  requestIdCounter = (requestIdCounter + 1) % 0x1000000000000;
  return `req_${requestIdPrefix}${requestIdCounter.toString(16).padStart(12, '0')}`;
}

/**
 * trpc-to-openapi marks every number/boolean field of an input schema as coercing on each request,
 * meant for query strings; on a JSON body that would turn "5" into 5 and "false" into true. Bodies
 * are typed JSON, so for body methods the flags are switched back off (after its coercion step,
 * before input parsing). Body schemas therefore never rely on z.coerce.
 */
function undoBodyCoercion(schema: unknown): void {
  const unwrapped = unwrapZodType(schema as never, true) as { shape?: Record<string, unknown> };
  if (!instanceofZodTypeObject(unwrapped as never) || !unwrapped.shape) return;
  for (const field of Object.values(unwrapped.shape)) {
    const inner = unwrapZodType(field as never, false) as { _def: { coerce?: boolean } };
    if (instanceofZodTypeCoercible(inner as never)) inner._def.coerce = false;
    else if (instanceofZodTypeObject(inner as never)) undoBodyCoercion(inner);
  }
}

/** A well-formed incoming request id is reused; anything else gets a new one. */
export function acceptRequestId(incoming: string | string[] | null | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : newRequestId();
}

export function requestIdFrom(request: Request): string {
  return acceptRequestId(request.headers.get('x-request-id'));
}

/** The headers every API response carries (see security-headers.ts); node.ts adds them to its own answers too. */
export function securityHeaders(): Record<string, string> {
  return { ...API_SECURITY_HEADERS };
}

export function collectRoutes(router: AnyRouter): Route[] {
  const routes: Route[] = [];
  forEachOpenApiProcedure(router._def.procedures as never, ({ meta, procedure }) => {
    const template = normalizePath(meta.openapi.path);
    routes.push({
      method: meta.openapi.method,
      template,
      pattern: getPathRegExp(template),
      pathParams: getPathParameters(template),
      meta: meta as ApiMeta,
      input: getInputOutputParsers(procedure as OpenApiProcedure).inputParser,
    });
  });
  return routes;
}

function problemResponse(
  slug: ProblemSlug,
  detail: string,
  requestId: string,
  options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
): Response {
  const body = problemBody(slug, detail, requestId, options.errors);
  const headers = new Headers(options.headers);
  headers.set('Content-Type', 'application/problem+json');
  headers.set('X-Request-Id', requestId);
  headers.set('Cache-Control', 'no-store');
  if (body.status === 401) {
    headers.set(
      'WWW-Authenticate',
      slug === 'authentication-required' ? 'Bearer realm="creator-api"' : 'Bearer realm="creator-api", error="invalid_token"',
    );
  }
  return new Response(JSON.stringify(body), { status: body.status, headers });
}

/** `body.socials[1].handle_or_url`, `query.limit`, `path.creator_id`. */
function issuePath(location: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : `${out}.${String(part)}`),
    location,
  );
}

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  params?: { code?: string };
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function fieldErrorsFromIssues(issues: ZodIssueLike[], route: Route | undefined, received: unknown): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const [first] = issue.path;
    const location =
      typeof first === 'string' && route?.pathParams.includes(first)
        ? 'path'
        : route && (route.method === 'GET' || route.method === 'DELETE')
          ? 'query'
          : 'body';
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) {
        errors.push({
          path: issuePath(location, [...issue.path, key]),
          message: 'Unknown property: this operation does not accept it.',
          code: 'unrecognized_key',
        });
      }
      continue;
    }
    // zod words a missing value differently per type (an enum says "invalid option"): look at the input.
    const missing =
      (issue.code === 'invalid_type' && (/received undefined/.test(issue.message) || issue.message === 'Required.')) ||
      (location !== 'path' && issue.path.length > 0 && valueAt(received, issue.path) === undefined);
    errors.push({
      path: issuePath(location, issue.path),
      message: missing ? 'Required.' : issue.message,
      code: missing ? 'required' : fieldErrorCode(issue),
    });
  }
  return errors;
}

function validationDetail(errors: FieldError[]): string {
  if (errors.length === 1) return `${errors[0]!.path}: ${errors[0]!.message}`;
  return `${errors.length} fields are invalid: ${[...new Set(errors.map((e) => e.path))].join(', ')}.`;
}

/** The form's parts as an object: files stay File objects, a repeated name keeps its first value. */
async function parseMultipart(raw: Uint8Array, contentType: string): Promise<Record<string, unknown>> {
  const form = await new Response(Buffer.from(raw), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form) if (!(name in fields)) fields[name] = value;
  return fields;
}

/** How much of a refused body is still read (and thrown away) so the client can read the 413. */
const DRAIN_AFTER_REFUSAL_BYTES = 8 * 1024 * 1024;

/**
 * After refusing an oversized body, keep reading and discarding for a while instead of closing the
 * socket at once: a client still uploading would otherwise get a broken pipe instead of the 413.
 * Past DRAIN_AFTER_REFUSAL_BYTES the stream is cancelled (the response says Connection: close).
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let discarded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      discarded += value.byteLength;
      if (discarded > DRAIN_AFTER_REFUSAL_BYTES) break;
    }
  } catch {
    return;
  }
  await reader.cancel().catch(() => {});
}

async function readBodyWithCap(request: Request, cap: number): Promise<Uint8Array | 'too-large' | 'unreadable'> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) return 'too-large';
  if (!request.body) return new Uint8Array();
  // Count while streaming: Content-Length can be absent (chunked) or wrong.
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client aborted, or the body's framing broke (bad chunked encoding): the client's fault, not a 500.
      return 'unreadable';
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      void discardRest(reader);
      return 'too-large';
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function createApiHandler(services: AppServices, router: AnyRouter): ApiHandler {
  const { logger, config } = services;
  const routes = collectRoutes(router);
  // Generated on first request, not at start: it is the largest piece of start-up work and memory.
  let openApiJson: string | undefined;
  const openApiDocument = () => (openApiJson ??= JSON.stringify(buildOpenApiDocument(router, config)));
  const matchRoutes = createRouteMatcher(routes);
  // Per route, once: its procedure, input shape and coercion (see procedure-call.ts).
  const preparedCalls = prepareCalls(router, undoBodyCoercion);
  const calls = new Map(routes.map((route) => [route, preparedCalls.get(`${route.method} ${route.meta.openapi!.path}`)!]));

  const errorToResponse = (state: RequestState, route: Route | undefined, headers: Headers): Response => {
    const error = state.error;
    const extraHeaders = Object.fromEntries(headers);
    delete extraHeaders['content-type'];
    const cause = error?.cause as unknown;
    if (cause instanceof ApiError) {
      return problemResponse(cause.slug, cause.detail, state.requestId, {
        errors: cause.options.errors,
        headers: { ...extraHeaders, ...cause.options.headers },
      });
    }
    const issues = (cause as { issues?: ZodIssueLike[] } | undefined)?.issues;
    if (error?.code === 'BAD_REQUEST' && Array.isArray(issues)) {
      const errors = fieldErrorsFromIssues(issues, route, state.received());
      return problemResponse('validation-error', validationDetail(errors), state.requestId, { errors, headers: extraHeaders });
    }
    logger.error('unhandled error', {
      request_id: state.requestId,
      route: route ? `${route.method} ${route.template}` : undefined,
      code: error?.code,
      error: error?.message,
      cause: cause instanceof Error ? cause.stack : String(cause),
    });
    return problemResponse(
      'internal-error',
      'An unexpected error occurred. Nothing about it is your fault; quote the request_id if you contact support.',
      state.requestId,
      { headers: extraHeaders },
    );
  };

  /**
   * The routes at a path. A path a literal template matches (`/media-kits/new`) belongs to the most
   * literal templates only, never also to a parameterized one (`/media-kits/{media_kit_id}`), so
   * GET /media-kits/new is a 405 (Allow: POST), not a lookup of a kit whose id is "new".
   */
  const routesAt = (path: string): Route[] => {
    const matching = matchRoutes(path);
    if (matching.length <= 1) return matching;
    const fewestParams = Math.min(...matching.map((r) => r.pathParams.length));
    return matching.filter((r) => r.pathParams.length === fewestParams);
  };

  const allowedMethods = (pathname: string): string[] | null => {
    if (OPENAPI_PATHS.has(pathname)) return ['GET'];
    if (!pathname.startsWith(`${API_PREFIX}/`)) return null;
    const matching = routesAt(normalizePath(pathname.slice(API_PREFIX.length)));
    return matching.length > 0 ? [...new Set(matching.map((r) => r.method))] : null;
  };

  async function handleApiRequest(request: Request): Promise<Response> {
    const response = await routeApiRequest(request);
    // Security headers on every API response, success or problem (Response headers are mutable here).
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) response.headers.set(name, value);
    return compressResponse(request, response);
  }
  handleApiRequest.allowedMethods = allowedMethods;
  return handleApiRequest;

  async function routeApiRequest(request: Request): Promise<Response> {
    const requestId = requestIdFrom(request);
    try {
      const url = new URL(request.url);
      const method = request.method.toUpperCase();

      if (OPENAPI_PATHS.has(url.pathname)) {
        if (method !== 'GET') {
          return problemResponse('method-not-allowed', `${method} is not allowed on ${url.pathname}; use GET.`, requestId, {
            headers: { Allow: 'GET' },
          });
        }
        return new Response(openApiDocument(), {
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, 'Cache-Control': 'public, max-age=60' },
        });
      }

      const path = url.pathname.startsWith(`${API_PREFIX}/`) ? normalizePath(url.pathname.slice(API_PREFIX.length)) : null;
      const matching = path === null ? [] : routesAt(path);
      if (matching.length === 0) {
        return problemResponse('route-not-found', `There is no endpoint at ${url.pathname}. The API reference is at /docs.`, requestId);
      }
      const route = matching.find((r) => r.method === method);
      if (!route) {
        const allow = [...new Set(matching.map((r) => r.method))].join(', ');
        return problemResponse('method-not-allowed', `${method} is not allowed on ${url.pathname}; allowed: ${allow}.`, requestId, {
          headers: { Allow: allow },
        });
      }

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
      const queryErrors = [...prototypeQueryKeys(url.searchParams), ...unstorableText(Object.fromEntries(url.searchParams), 'query')];
      const pathValues = route.pattern.exec(path!)?.slice(1) ?? [];
      route.pathParams.forEach((name, i) => {
        let value = pathValues[i] ?? '';
        try {
          value = decodeURIComponent(value);
        } catch {
          // Left encoded; the schema reports it.
        }
        queryErrors.push(...unstorableText(value, `path.${name}`));
      });
      if (queryErrors.length > 0) {
        return problemResponse('validation-error', validationDetail(queryErrors), requestId, { errors: queryErrors });
      }

      let body: unknown = undefined;
      if (method !== 'GET' && method !== 'DELETE') {
        const multipart = route.meta.openapi?.contentTypes?.includes('multipart/form-data') ?? false;
        const cap = route.meta.maxBodyBytes ?? config.maxJsonBodyBytes;
        const contentType = request.headers.get('content-type') ?? '';
        if (multipart && !/^multipart\/form-data\s*;/i.test(contentType)) {
          return problemResponse(
            'unsupported-media-type',
            `${url.pathname} takes multipart/form-data${contentType ? `, not ${contentType}` : ''}: send the file as a form part (curl -F file=@creators.csv).`,
            requestId,
          );
        }
        const raw = await readBodyWithCap(request, cap);
        if (raw === 'unreadable') {
          return problemResponse('malformed-request', 'The request body could not be read to its end (aborted, or broken chunked encoding).', requestId, {
            headers: { Connection: 'close' },
          });
        }
        if (raw === 'too-large') {
          return problemResponse('payload-too-large', `The request body is larger than ${cap} bytes, the limit for ${route.method} ${API_PREFIX}${route.template}.`, requestId, {
            headers: { Connection: 'close' },
          });
        }
        if (multipart) {
          try {
            body = await parseMultipart(raw, contentType);
          } catch {
            return problemResponse('validation-error', 'The multipart body could not be parsed; check the boundary and part headers.', requestId, {
              errors: [{ path: 'body', message: 'Malformed multipart/form-data.', code: 'malformed_multipart' }],
            });
          }
        } else if (raw.byteLength > 0) {
          if (!JSON_CONTENT_TYPE.test(contentType)) {
            return problemResponse(
              'unsupported-media-type',
              contentType
                ? `Content-Type ${contentType} is not accepted here; send application/json.`
                : 'The request has a body but no Content-Type; send application/json.',
              requestId,
            );
          }
          try {
            body = JSON.parse(Buffer.from(raw).toString('utf8'));
          } catch (error) {
            return problemResponse('malformed-json', `The body is not valid JSON: ${(error as Error).message}.`, requestId);
          }
          if (body === null || typeof body !== 'object' || Array.isArray(body)) {
            return problemResponse('validation-error', 'The request body must be a JSON object.', requestId, {
              errors: [{ path: 'body', message: 'Expected a JSON object.', code: 'invalid_type' }],
            });
          }
        }
      }

      // One rule for every text field of every operation (multipart parts and file names included):
      // text PostgreSQL cannot store faithfully is refused, naming the field, never silently altered.
      const textErrors = unstorableText(body, 'body');
      if (textErrors.length > 0) {
        return problemResponse('validation-error', validationDetail(textErrors), requestId, { errors: textErrors });
      }

      const call = calls.get(route)!;
      const ctx: RequestContext = {
        app: services,
        requestId,
        authorization: request.headers.get('authorization'),
        authenticated: auth,
        request: { method: route.method, path: path!, headers: request.headers },
        response: { headers: {} },
      };
      const outcome = await callProcedure(call, ctx, { search: url.searchParams, body, pathParams: route.pattern.exec(path!)?.groups });
      if (!outcome.ok) {
        const state: RequestState = {
          requestId,
          route,
          error: outcome.error,
          received: () => (method === 'GET' || method === 'DELETE' ? Object.fromEntries(url.searchParams) : body),
        };
        return errorToResponse(state, route, new Headers(ctx.response.headers));
      }
      const status = ctx.response.status ?? 200;
      if (status === 204) {
        // No content (DELETE): a 204 carries neither a body nor a content type.
        return new Response(null, { status, headers: { ...ctx.response.headers, 'X-Request-Id': requestId, 'Cache-Control': 'no-store' } });
      }
      if (status === 304) {
        // If-None-Match matched the ETag: headers only.
        return new Response(null, { status, headers: { ...ctx.response.headers, 'X-Request-Id': requestId, 'Cache-Control': 'no-store' } });
      }
      return jsonResponse(
        status,
        { 'Content-Type': 'application/json', ...ctx.response.headers, 'X-Request-Id': requestId, 'Cache-Control': 'no-store' },
        JSON.stringify(outcome.data),
      );
    } catch (error) {
      logger.error('request failed outside the router', { request_id: requestId, error: (error as Error).stack ?? String(error) });
      return problemResponse('internal-error', 'An unexpected error occurred; quote the request_id if you contact support.', requestId);
    }
  }
}
