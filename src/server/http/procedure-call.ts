import { getTRPCErrorFromUnknown, type AnyRouter, type TRPCError } from '@trpc/server';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import { ZodArray, type ZodObject, type ZodType } from 'zod/v4';
import type { $ZodType } from 'zod/v4/core';
import {
  coerceSchema,
  instanceofZodTypeCoercible,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  unwrapZodType,
} from 'trpc-to-openapi';
import type { RequestContext } from '../trpc/context';
import { forEachApiOperation } from '../trpc/operations';

/**
 * Calls an OpenAPI-mapped tRPC procedure the way trpc-to-openapi's handler would — input from the
 * query string (or the JSON body) merged with the path parameters, query values coerced to the
 * schema's numbers and booleans — with everything that does not depend on the request worked out
 * once, when the handler is built: the procedure for each route, whether it takes input, which query
 * keys are arrays, and the coercion flags on its schema (trpc-to-openapi re-walks the schema, builds
 * a caller and re-matches the route on every request). The adapter has matched the route and read
 * the body already.
 */

/** What each middleware of a procedure receives (tRPC's call options). */
interface MiddlewareOptions {
  ctx: object;
  type: 'query' | 'mutation';
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  signal: AbortSignal | undefined;
  meta: unknown;
  next: (options?: { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> }) => Promise<MiddlewareResult>;
}
type MiddlewareResult = { ok: true; data: unknown; marker: unknown } | { ok: false; error: TRPCError; marker: unknown };
type Middleware = (options: MiddlewareOptions) => Promise<MiddlewareResult>;

/**
 * Runs a procedure's middlewares (ours, then tRPC's input parser, output validator and the resolver)
 * exactly as tRPC's own caller does, minus its per-level copies of the options through a transpiled
 * object-spread helper, which cost ~15 % of a cached GET /me.
 */
function runMiddlewares(middlewares: readonly Middleware[], meta: unknown, index: number, options: Omit<MiddlewareOptions, 'next' | 'meta'>): Promise<MiddlewareResult> {
  const middleware = middlewares[index]!;
  // Object literals with every field named, not spreads: V8 builds them from one hidden class, and this
  // runs four times per request.
  return middleware({
    ctx: options.ctx,
    type: options.type,
    path: options.path,
    input: options.input,
    getRawInput: options.getRawInput,
    signal: options.signal,
    meta,
    next: (nextOptions) =>
      runMiddlewares(middlewares, meta, index + 1, {
        ctx: nextOptions?.ctx ? { ...options.ctx, ...nextOptions.ctx } : options.ctx,
        type: options.type,
        path: options.path,
        input: nextOptions && 'input' in nextOptions ? nextOptions.input : options.input,
        getRawInput: nextOptions?.getRawInput ?? options.getRawInput,
        signal: options.signal,
      }),
  }).catch((cause: unknown) => ({ ok: false as const, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker }));
}

/** A built procedure keeps its middleware list at runtime; tRPC's public type of `_def` leaves it out. */
function middlewaresOf(def: object, path: string): Middleware[] {
  if (!('middlewares' in def) || !Array.isArray(def.middlewares) || def.middlewares.length === 0) {
    throw new Error(`${path}: this tRPC version keeps no middleware list on the procedure; update procedure-call.ts`);
  }
  return def.middlewares as Middleware[];
}

export interface PreparedCall {
  /** The procedure's middlewares, its resolver last. */
  middlewares: readonly Middleware[];
  meta: unknown;
  /** The procedure's dotted path in the router (`creators.list`). */
  path: string;
  type: 'query' | 'mutation';
  takesInput: boolean;
  /** Input comes from the JSON body (POST, PATCH, PUT), else from the query string. */
  usesBody: boolean;
  /** Query keys whose schema is an array: a single value is wrapped in one. */
  arrayKeys: ReadonlySet<string>;
}

function arrayKeysOf(schema: ZodObject<Readonly<Record<string, $ZodType>>>): Set<string> {
  const keys = new Set<string>();
  for (const [key, shape] of Object.entries(schema.shape)) {
    const inner = instanceofZodTypeOptional(shape) ? shape.unwrap() : shape;
    if (inner instanceof ZodArray) keys.add(key);
  }
  return keys;
}

/**
 * Every number/boolean/date leaf of an object schema. With `coerce` set, each is switched to that
 * setting: on for query strings (what trpc-to-openapi does on each request), off for JSON bodies —
 * a body is typed JSON, and coercion there would turn "5" into 5 and "false" into true.
 */
function coercibleLeaves(schema: ZodType, into: Set<object>, coerce?: boolean): Set<object> {
  const unwrapped = unwrapZodType(schema, true);
  if (!instanceofZodTypeObject(unwrapped)) return into;
  for (const field of Object.values(unwrapped.shape)) {
    const inner = unwrapZodType(field, false);
    if (instanceofZodTypeCoercible(inner)) {
      into.add(inner);
      if (coerce === false) (inner._def as { coerce?: boolean }).coerce = false;
    } else if (instanceofZodTypeObject(inner)) coercibleLeaves(inner, into, coerce);
  }
  return into;
}

/**
 * Prepares every operation once, keyed by its procedure path. A schema node shared by a query input
 * and a body input could not be coerced for one and not the other, so that is refused at start.
 */
export function prepareCalls(router: AnyRouter): Map<string, PreparedCall> {
  const calls = new Map<string, PreparedCall>();
  const queryLeaves = new Set<object>();
  const bodyLeaves = new Set<object>();
  forEachApiOperation(router, ({ path, type, procedure, meta }) => {
    const inputs = procedure._def.inputs as $ZodType[];
    const input = inputs.at(-1);
    const unwrapped = input === undefined ? undefined : unwrapZodType(input, true);
    const takesInput = unwrapped !== undefined && !instanceofZodTypeLikeVoid(unwrapped);
    const usesBody = meta.openapi.method !== 'GET' && meta.openapi.method !== 'DELETE';
    let arrayKeys = new Set<string>();
    if (takesInput && instanceofZodTypeObject(unwrapped)) {
      if (usesBody) coercibleLeaves(unwrapped, bodyLeaves, false);
      else {
        coerceSchema(unwrapped);
        coercibleLeaves(unwrapped, queryLeaves);
        arrayKeys = arrayKeysOf(unwrapped);
      }
    }
    if (type === 'subscription') throw new Error(`${path}: subscriptions cannot be REST operations`);
    calls.set(path, {
      middlewares: middlewaresOf(procedure._def, path),
      meta: procedure._def.meta,
      path,
      type,
      takesInput,
      usesBody,
      arrayKeys,
    });
  });
  for (const leaf of bodyLeaves) {
    if (queryLeaves.has(leaf)) throw new Error('a zod schema node is shared by a query input and a body input; give each its own');
  }
  return calls;
}

/** Query parameters as trpc-to-openapi passes them: one value as a string, a repeated one as an array. */
function queryInput(search: URLSearchParams, arrayKeys: ReadonlySet<string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    input[key] = values.length === 1 && !arrayKeys.has(key) ? values[0] : values;
  }
  return input;
}

export type CallOutcome = { ok: true; data: unknown } | { ok: false; error: TRPCError };

export async function callProcedure(
  call: PreparedCall,
  ctx: RequestContext,
  source: { search: URLSearchParams; body: unknown; pathParams: Record<string, string> },
): Promise<CallOutcome> {
  let input: unknown = undefined;
  if (call.takesInput) {
    const fromRequest = call.usesBody ? (source.body as object | undefined) : queryInput(source.search, call.arrayKeys);
    input = { ...fromRequest, ...source.pathParams };
  }
  const result = await runMiddlewares(call.middlewares, call.meta, 0, {
    ctx,
    path: call.path,
    type: call.type,
    input: undefined,
    getRawInput: () => Promise.resolve(input),
    signal: undefined,
  });
  return result.ok ? { ok: true, data: result.data } : { ok: false, error: result.error };
}
