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
