import { randomBytes } from 'node:crypto';
import type { AnyRouter, TRPCError } from '@trpc/server';
import {
  createOpenApiNodeHttpHandler,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathParameters,
  getPathRegExp,
  instanceofZodTypeCoercible,
  instanceofZodTypeObject,
  normalizePath,
  unwrapZodType,
  type OpenApiProcedure,
  type OpenApiRouter,
} from 'trpc-to-openapi';
import { buildOpenApiDocument } from '../openapi/document';
import type { AppServices, RequestContext } from '../trpc/context';
import type { ApiMeta } from '../trpc/meta';
import { ApiError, problemBody, type FieldError, type ProblemSlug } from './problems';

/**
 * The one HTTP adapter in front of the tRPC router. Both the custom Node server and the Next.js
 * catch-all route call the handler this builds (once, at start). It owns everything that is HTTP:
 * request ids, routing 404/405, content type, the body cap, malformed JSON, problem+json for every
 * error, rate-limit and request-id headers. Procedures never see any of it.
 */
export type ApiHandler = (request: Request) => Promise<Response>;

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
  ctx?: RequestContext;
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

export function requestIdFrom(request: Request): string {
  const incoming = request.headers.get('x-request-id');
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : newRequestId();
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
      (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) ||
      (location !== 'path' && issue.path.length > 0 && valueAt(received, issue.path) === undefined);
    errors.push({
      path: issuePath(location, issue.path),
      message: missing ? 'Required.' : issue.message,
      code: missing ? 'required' : issue.code,
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

async function readBodyWithCap(request: Request, cap: number): Promise<Uint8Array | 'too-large'> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) return 'too-large';
  if (!request.body) return new Uint8Array();
  // Count while streaming: Content-Length can be absent (chunked) or wrong.
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
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
  const openApiJson = JSON.stringify(buildOpenApiDocument(router, config));
  const states = new WeakMap<object, RequestState>();

  const nodeHandler = createOpenApiNodeHttpHandler({
    router: router as unknown as OpenApiRouter,
    createContext: ({ req }: { req: object }): RequestContext => {
      const state = states.get(req)!;
      if (state.route.method !== 'GET' && state.route.method !== 'DELETE') undoBodyCoercion(state.route.input);
      const ctx: RequestContext = {
        app: services,
        requestId: state.requestId,
        authorization: (req as Request).headers.get('authorization'),
        response: { headers: {} },
      };
      state.ctx = ctx;
      return ctx;
    },
    responseMeta: ({ ctx, errors }: { ctx?: RequestContext; errors: unknown[] }) => ({
      status: errors.length === 0 ? ctx?.response.status : undefined,
      headers: ctx?.response.headers ?? {},
    }),
    onError: ({ error, req }: { error: TRPCError; req: object }) => {
      const state = states.get(req);
      if (state) state.error = error;
    },
  } as never) as unknown as (req: Request, res: unknown) => Promise<void>;

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

  return async function handleApiRequest(request: Request): Promise<Response> {
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
        return new Response(openApiJson, {
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, 'Cache-Control': 'public, max-age=60' },
        });
      }

      const path = url.pathname.startsWith(`${API_PREFIX}/`) ? normalizePath(url.pathname.slice(API_PREFIX.length)) : null;
      const matching = path === null ? [] : routes.filter((r) => r.pattern.test(path));
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

      const stripped = new URL(url);
      stripped.pathname = path!;
      // trpc-to-openapi insists on a JSON content type for body methods, even for an empty body.
      let headers = request.headers;
      if (method !== 'GET' && method !== 'DELETE') {
        headers = new Headers(request.headers);
        headers.set('content-type', 'application/json');
      }
      const extra: Record<PropertyKey, unknown> = {};
      const proxied = new Proxy(request, {
        get(target, prop) {
          if (prop === 'url') return stripped.toString();
          if (prop === 'body') return body;
          if (prop === 'headers') return headers;
          if (prop in extra) return extra[prop];
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
        set(_target, prop, value) {
          extra[prop] = value;
          return true;
        },
      });
      const state: RequestState = {
        requestId,
        route,
        received: () => (method === 'GET' || method === 'DELETE' ? Object.fromEntries(stripped.searchParams) : body),
      };
      states.set(proxied, state);

      const captured = await new Promise<{ status: number; headers: Headers; body: string }>((resolve, reject) => {
        const headers = new Headers();
        let status = 200;
        const res = {
          get statusCode() {
            return status;
          },
          set statusCode(code: number) {
            status = code;
          },
          setHeader(key: string, value: string | string[]) {
            if (Array.isArray(value)) for (const v of value) headers.append(key, v);
            else headers.set(key, value);
          },
          end(text?: string) {
            resolve({ status, headers, body: text ?? '' });
          },
        };
        nodeHandler(proxied, res).catch(reject);
      });

      if (captured.status >= 400) return errorToResponse(state, route, captured.headers);
      captured.headers.set('X-Request-Id', requestId);
      captured.headers.set('Cache-Control', 'no-store');
      if (captured.status === 204) {
        // No content (DELETE): a 204 carries neither a body nor a content type.
        captured.headers.delete('content-type');
        return new Response(null, { status: 204, headers: captured.headers });
      }
      return new Response(captured.body, { status: captured.status, headers: captured.headers });
    } catch (error) {
      logger.error('request failed outside the router', { request_id: requestId, error: (error as Error).stack ?? String(error) });
      return problemResponse('internal-error', 'An unexpected error occurred; quote the request_id if you contact support.', requestId);
    }
  };
}
