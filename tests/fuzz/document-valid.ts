import fc from 'fast-check';
import type { FuzzContext, JsonSchema } from './schema-arbitraries';

/**
 * Values a client generated from the document would send: each satisfies its JSON Schema exactly
 * (the suite also checks it with Ajv before sending). Where the document describes a rule in words
 * that JSON Schema cannot hold — a URL on a public host name, an opaque cursor — the value follows
 * the description, as a client reading it would; the short list of rules the server may still refuse
 * such a value for lives in contract-fuzz.test.ts (DOCUMENTED_RULES).
 */

/** Public host names, ASCII and internationalised (`xn--` top-level domains are public). */
const PUBLIC_URLS = fc
  .tuple(
    fc.constantFrom('example.com', 'cdn.example.org', 'images.example.net', 'cdn.example.xn--p1ai', 'shop.example.xn--90ais', 'пример.рф'),
    fc.constantFrom('', '/', '/p.jpg', '/a/b?c=1', '/%D0%BA'),
  )
  .map(([host, path]) => `https://${host}${path}`);

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uri: PUBLIC_URLS,
  email: fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.constantFrom('example.com', 'mail.example.org')).map(([local, domain]) => `${local.replace(/\.\.+/g, '.')}@${domain}`),
  'date-time': fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
};

/** Query parameters a client cannot make up: an opaque cursor only comes from `meta.next_cursor`. */
export const OPAQUE_PARAMETERS = new Set(['cursor']);

const OBJECT_ID = /^[0-9a-f]{24}$/;

const HANDLES = fc.stringMatching(/^[a-z][a-z0-9_]{2,14}$/).chain((name) => fc.constantFrom(name, `@${name}`));

function stringValue(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<string> {
  if (schema.format && FORMATS[schema.format]) {
    const max = schema.maxLength ?? Infinity;
    return FORMATS[schema.format]!.filter((s) => s.length <= max);
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, min + 40);
  if (schema.pattern) {
    if (schema.pattern.includes('{24}')) return context.knownIds.length > 0 ? fc.oneof(fc.constantFrom(...context.knownIds), fc.stringMatching(OBJECT_ID)) : fc.stringMatching(OBJECT_ID);
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  }
  // Printable text without surrounding blanks: text fields are trimmed (a client sends what it means).
  return fc
    .string({ minLength: min, maxLength: max })
    .map((s) => s.trim())
    .filter((s) => s.length >= min);
}

/** Whether a schema admits no value at all (`false`, or `{ not: {} }`): such a property is left out. */
export function acceptsNothing(schema: JsonSchema | boolean | undefined): boolean {
  if (schema === false) return true;
  const not = (schema as { not?: unknown } | undefined)?.not;
  return typeof not === 'object' && not !== null && Object.keys(not).length === 0;
}

/** A value the document says is valid for `schema`. */
export function documentValid(schema: JsonSchema, context: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return documentValid(context.resolve(schema.$ref), context, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => documentValid(v, context, depth)));
  if (schema.allOf) return documentValid(Object.assign({}, ...schema.allOf.map((s) => (s.$ref ? context.resolve(s.$ref) : s))), context, depth);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : ['string'];
  if (types.length > 1) return fc.oneof(...types.map((type) => documentValid({ ...schema, type }, context, depth)));
  switch (types[0]) {
    case 'string':
      return stringValue(schema, context);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
      return types[0] === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = documentValid(schema.items ?? {}, context, depth + 1);
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)) };
      if (schema.uniqueItems) return fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) });
      // Without uniqueItems the same item twice is valid, and a client may send it.
      const twice = (schema.maxItems ?? 2) >= 2 ? [{ weight: 1, arbitrary: item.map((value) => [value, structuredClone(value)]) }] : [];
      return fc.oneof({ weight: 4, arbitrary: fc.array(item, constraints) }, ...twice);
    }
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([, property]) => !acceptsNothing(property)));
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        // The description asks for a handle or a profile URL: a client sends one.
        model[name] = name === 'handle_or_url' ? HANDLES : depth > 6 ? fc.constant(null) : documentValid(property, context, depth + 1);
      }
      const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
      const minProperties = (schema as { minProperties?: number }).minProperties ?? 0;
      // An object the document leaves open (no additionalProperties: false) may carry a property it does not name.
      const open = schema.additionalProperties !== false ? [{ weight: 1, arbitrary: record.map((value) => ({ ...value, property_not_named: 'x' })) }] : [];
      // With nothing required, the empty object is valid too (unless minProperties says otherwise): send it often.
      const empty = (schema.required ?? []).length === 0 ? [{ weight: 1, arbitrary: fc.constant({}) }] : [];
      return fc.oneof({ weight: 3, arbitrary: record }, ...open, ...empty).filter((value) => Object.keys(value).length >= minProperties);
    }
    default:
      return fc.constant('value');
  }
}
