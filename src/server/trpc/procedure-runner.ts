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
import type { RequestContext } from './context';
import type { ApiMeta } from './meta';

/**
 * The one seam onto tRPC's internals (pinned: @trpc/server is an exact version in package.json, and
 * tests/trpc/procedure-runner.test.ts fails if a new version changes what is read here). It runs a
 * procedure's middleware list — the API chain, tRPC's input parser, output validator and the
 * resolver — the way tRPC's own caller does, with everything that does not depend on the call worked
 * out once, when the gateway is built: each operation's middlewares, whether it takes input, which
 * query keys are arrays, and the coercion flags on its schema (a query string carries text; a JSON
 * body is typed and never coerced).
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
    throw new Error(`${path}: this tRPC version keeps no middleware list on the procedure; update procedure-runner.ts`);
  }
  return def.middlewares as Middleware[];
}

/**
 * The middleware list without tRPC's output validator (marked `_type: 'output'`), for an operation
 * whose meta names the test that proves its output instead (`trustedOutput`). Refuses to start when
 * there is none to remove (a tRPC version that marks it differently fails here, not on the first call).
 */
function withoutOutputValidation(middlewares: Middleware[], path: string): Middleware[] {
  const kept = middlewares.filter((middleware) => (middleware as Middleware & { _type?: string })._type !== 'output');
  if (kept.length !== middlewares.length - 1) throw new Error(`${path}: trustedOutput set, but no single output validator found to skip; update procedure-runner.ts`);
  return kept;
}

/** An operation as the gateway runs it: one procedure of the router, prepared once. */
export interface Operation {
  /** The procedure's dotted path in the router (`creators.list`): the operation's name at every door. */
  path: string;
  type: 'query' | 'mutation';
  meta: ApiMeta;
  /** The procedure's middlewares, its resolver last. */
  middlewares: readonly Middleware[];
  takesInput: boolean;
  /** Input is typed JSON (a REST body, MCP arguments, a UI form); else a query string (coerced). */
  usesBody: boolean;
  /** Query keys whose schema is an array: a single value is wrapped in one. */
  arrayKeys: ReadonlySet<string>;
  /** Names of the REST path's parameters (`{creator_id}`), for locating field errors. */
  pathParams: readonly string[];
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
 * Prepares every procedure of the router once, keyed by its path: REST operations (with `openapi`
 * meta) and internal ones the settings UI calls (no `openapi`: never routed, never a tool). A zod
 * schema node shared by a query input and a body input could not be coerced for one and not the
 * other, so that is refused at start.
 */
export function prepareOperations(router: AnyRouter): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  const queryLeaves = new Set<object>();
  const bodyLeaves = new Set<object>();
  // tRPC types a router's procedure record loosely; every procedure here is built from t.procedure with ApiMeta.
  const procedures = router._def.procedures as Record<string, { _def: { type?: string; meta?: ApiMeta; inputs: unknown[] } }>;
  for (const [path, procedure] of Object.entries(procedures)) {
    const type = procedure._def.type;
    if (type !== 'query' && type !== 'mutation') throw new Error(`${path}: only queries and mutations can be operations`);
    const meta = procedure._def.meta ?? {};
    if (!meta.access) throw new Error(`${path}: every operation declares its access rule in meta`);
    const input = (procedure._def.inputs as $ZodType[]).at(-1);
    const unwrapped = input === undefined ? undefined : unwrapZodType(input, true);
    const takesInput = unwrapped !== undefined && !instanceofZodTypeLikeVoid(unwrapped);
    const method = meta.openapi?.method;
    const usesBody = method !== 'GET' && method !== 'DELETE';
    let arrayKeys = new Set<string>();
    if (takesInput && instanceofZodTypeObject(unwrapped)) {
      if (usesBody) coercibleLeaves(unwrapped, bodyLeaves, false);
      else {
        coerceSchema(unwrapped);
        coercibleLeaves(unwrapped, queryLeaves);
        arrayKeys = arrayKeysOf(unwrapped);
      }
    }
    const pathParams = [...(meta.openapi?.path ?? '').matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const middlewares = meta.trustedOutput ? withoutOutputValidation(middlewaresOf(procedure._def, path), path) : middlewaresOf(procedure._def, path);
    operations.set(path, { path, type, meta, middlewares, takesInput, usesBody, arrayKeys, pathParams });
  }
  for (const leaf of bodyLeaves) {
    if (queryLeaves.has(leaf)) throw new Error('a zod schema node is shared by a query input and a body input; give each its own');
  }
  return operations;
}

export type CallOutcome = { ok: true; data: unknown } | { ok: false; error: TRPCError };

/** Runs one operation's middlewares with `input` (already assembled by the door) in `ctx`. */
export async function runProcedure(operation: Operation, ctx: RequestContext, input: unknown): Promise<CallOutcome> {
  const result = await runMiddlewares(operation.middlewares, operation.meta, 0, {
    ctx,
    path: operation.path,
    type: operation.type,
    input: undefined,
    getRawInput: () => Promise.resolve(operation.takesInput ? input : undefined),
    signal: undefined,
  });
  return result.ok ? { ok: true, data: result.data } : { ok: false, error: result.error };
}
