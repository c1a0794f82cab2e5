import { getTRPCErrorFromUnknown, type AnyRouter, type TRPCError } from '@trpc/server';
import { ZodArray } from 'zod/v4';
import {
  coerceSchema,
  forEachOpenApiProcedure,
  instanceofZodTypeCoercible,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  unwrapZodType,
} from 'trpc-to-openapi';
import type { RequestContext } from '../trpc/context';

/**
 * Calls an OpenAPI-mapped tRPC procedure the way trpc-to-openapi's handler would — input from the
 * query string (or the JSON body) merged with the path parameters, query values coerced to the
 * schema's numbers and booleans — with everything that does not depend on the request worked out
 * once, at start: the procedure for each route, whether it takes input, which query keys are arrays,
 * and the coercion flags on its schema (trpc-to-openapi re-walks the schema, builds a caller and
 * re-matches the route on every request). The adapter (api-handler.ts) has already matched the route
 * and read the body.
 */

type Procedure = ((opts: {
  ctx: RequestContext;
  path: string;
  type: 'query' | 'mutation';
  getRawInput: () => Promise<unknown>;
  input?: unknown;
  signal: AbortSignal | undefined;
}) => Promise<unknown>) & { _def: { type: 'query' | 'mutation' | 'subscription' } };

export interface PreparedCall {
  procedure: Procedure;
  /** The procedure's dotted path in the router (`creators.list`). */
  path: string;
  type: 'query' | 'mutation';
  takesInput: boolean;
  /** Input comes from the JSON body (POST, PATCH, PUT), else from the query string. */
  usesBody: boolean;
  /** Query keys whose schema is an array: a single value is wrapped in one. */
  arrayKeys: ReadonlySet<string>;
}

function arrayKeysOf(schema: unknown): Set<string> {
  const keys = new Set<string>();
  if (!instanceofZodTypeObject(schema as never)) return keys;
  for (const [key, shape] of Object.entries((schema as { shape: Record<string, unknown> }).shape)) {
    const inner = instanceofZodTypeOptional(shape as never) ? (shape as { unwrap(): unknown }).unwrap() : shape;
    if (inner instanceof ZodArray) keys.add(key);
  }
  return keys;
}

/** Every coercible leaf of an object schema (what coerceSchema flags), to check no body shares one with a query. */
function coercibleLeaves(schema: unknown, into: Set<object>): Set<object> {
  const unwrapped = unwrapZodType(schema as never, true) as unknown as { shape?: Record<string, unknown> };
  if (!instanceofZodTypeObject(unwrapped as never) || !unwrapped.shape) return into;
  for (const field of Object.values(unwrapped.shape)) {
    const inner = unwrapZodType(field as never, false);
    if (instanceofZodTypeCoercible(inner as never)) into.add(inner as object);
    else if (instanceofZodTypeObject(inner as never)) coercibleLeaves(inner, into);
  }
  return into;
}

/**
 * Prepares every route once. Query-string routes get their number/boolean fields marked as coercing
 * (as trpc-to-openapi does per request); body routes keep typed JSON (`undoBodyCoercion`). A schema
 * node shared by a query input and a body input could not be both, so that is refused at start.
 */
export function prepareCalls(
  router: AnyRouter,
  undoBodyCoercion: (schema: unknown) => void,
): Map<string, PreparedCall> {
  const calls = new Map<string, PreparedCall>();
  const queryLeaves = new Set<object>();
  const bodyLeaves = new Set<object>();
  forEachOpenApiProcedure(router._def.procedures as never, ({ path, procedure, meta }) => {
    const method = meta.openapi.method;
    const def = (procedure as unknown as Procedure)._def as unknown as { inputs: unknown[]; type: 'query' | 'mutation' };
    const input = def.inputs.length > 0 ? def.inputs[def.inputs.length - 1] : undefined;
    const unwrapped = input === undefined ? undefined : unwrapZodType(input as never, true);
    const takesInput = unwrapped !== undefined && !instanceofZodTypeLikeVoid(unwrapped as never);
    const usesBody = method !== 'GET' && method !== 'DELETE';
    if (takesInput && instanceofZodTypeObject(unwrapped as never)) {
      if (usesBody) {
        undoBodyCoercion(input);
        coercibleLeaves(input, bodyLeaves);
      } else {
        coerceSchema(unwrapped as never);
        coercibleLeaves(input, queryLeaves);
      }
    }
    calls.set(`${method} ${meta.openapi.path}`, {
      procedure: procedure as unknown as Procedure,
      path,
      type: def.type,
      takesInput,
      usesBody,
      arrayKeys: usesBody ? new Set() : arrayKeysOf(unwrapped),
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
  source: { search: URLSearchParams; body: unknown; pathParams: Record<string, string> | undefined },
): Promise<CallOutcome> {
  let input: unknown = undefined;
  if (call.takesInput) {
    const fromRequest = call.usesBody ? (source.body as object | undefined) : queryInput(source.search, call.arrayKeys);
    input = { ...fromRequest, ...source.pathParams };
  }
  try {
    const data = await call.procedure({ ctx, path: call.path, type: call.type, getRawInput: async () => input, signal: undefined });
    return { ok: true, data };
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
}
