import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as a self-contained JSON Schema object for MCP: no `$schema` (the SDK's client
 * validates with Ajv's default draft, which refuses an unknown meta-schema) and no `$defs`/`$ref`
 * (schemas named with `.meta({ id })` are inlined: several assistants do not follow references).
 */
export function toToolJsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema {
  const generated = z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  const defs = (generated.$defs ?? {}) as Record<string, JsonSchema>;
  delete generated.$schema;
  delete generated.$defs;
  return inlineRefs(generated, defs, 0) as JsonSchema;
}

const REF_PREFIX = '#/$defs/';

function inlineRefs(node: unknown, defs: Record<string, JsonSchema>, depth: number): unknown {
  // Our schemas are not recursive; the bound only guards against a future one looping forever.
  if (depth > 64) throw new Error('JSON Schema nesting too deep to inline (recursive schema?)');
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, defs, depth + 1));
  if (node === null || typeof node !== 'object') return node;
  const object = node as JsonSchema;
  const out: JsonSchema = {};
  if (typeof object.$ref === 'string' && object.$ref.startsWith(REF_PREFIX)) {
    const target = defs[object.$ref.slice(REF_PREFIX.length)];
    if (!target) throw new Error(`unresolved JSON Schema reference ${object.$ref}`);
    Object.assign(out, inlineRefs(target, defs, depth + 1) as JsonSchema);
  }
  for (const [key, value] of Object.entries(object)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) continue;
    // Keywords beside a $ref (a description on a use site) win over the referenced schema's own.
    out[key] = inlineRefs(value, defs, depth + 1);
  }
  return out;
}

/**
 * The same schema in fewer characters, for a tool list an assistant can afford to load: a `pattern`
 * beside a `format` (date-time, email, uri) says nothing a client needs, and `anyOf [X, null]`
 * becomes X with `type: [X, "null"]`. A branch's description repeated under an outer one goes.
 * Validation stays the operation's: the gateway checks every argument with the zod schema.
 */
export function compactToolSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compactToolSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    // Inside `properties` every key is a field name, not a keyword: compact each field's schema.
    out[key] = key === 'properties' && value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value as JsonSchema).map(([field, schema]) => [field, compactToolSchema(schema)]))
      : compactToolSchema(value);
  }
  if (typeof out.format === 'string') delete out.pattern;
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf)) {
    if (typeof out.description === 'string') for (const branch of anyOf) delete branch.description;
    const nonNull = anyOf.filter((branch) => !(branch.type === 'null' && Object.keys(branch).length === 1));
    const [only] = nonNull;
    if (anyOf.length === 2 && nonNull.length === 1 && only && typeof only.type === 'string' && !('enum' in only) && !('const' in only)) {
      delete out.anyOf;
      // Keep the outer keywords (description, default) last, as zod writes them.
      return { ...only, type: [only.type, 'null'], ...out };
    }
  }
  return out;
}
