import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of the served OpenAPI document: values that look
 * valid (right types, lengths, enums, patterns) and hostile ones (wrong types, huge and empty strings,
 * NUL, lone surrogates, prototype keys, deep nesting, numbers out of range).
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

export interface FuzzContext {
  /** Resolves `#/components/...` references against the document. */
  resolve(ref: string): JsonSchema;
  /** Ids of real resources, so path and body ids sometimes hit rows that exist. */
  knownIds: string[];
}

/** Hosts for generated URLs: names and addresses that resolve without DNS (imports must not leave loopback). */
const URL_HOSTS = ['localhost', '127.0.0.1', '[::1]', '192.0.2.10', '10.1.2.3', '[::ffff:127.0.0.1]', '[::7f00:1]', '0.0.0.0'];

export const hostileString = fc.oneof(
  fc.constant(''),
  fc.constant(' '),
  fc.constant('\u0000'),
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\ud800', 'a\udc00b', '\udfff\ud800', '😀\ud83d'),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty'),
  fc.constantFrom('../../etc/passwd', '%00', '%2e%2e%2f', "' OR 1=1 --", '<script>alert(1)</script>', '${jndi:ldap://x}', '\r\nX-Injected: 1'),
  fc.constantFrom('\u202e', '\ufeff', '\u2028', 'é'.normalize('NFD'), '𝕏'.repeat(50)),
  fc.integer({ min: 1_000, max: 70_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 53) - 1, 0.5, 1e-300, 2 ** 31, 2 ** 63),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/**
 * JSON text put into a body as it is, where JSON.stringify itself would overflow (nesting tens of
 * thousands of levels deep); `bodyText` splices it in.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** `{"a":{"a":…}}` or `[[…]]`, `depth` levels, as text. */
export function deepJsonText(depth: number, arrays: boolean): string {
  return arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Far deeper than any recursive walk survives (the stack overflows at a few thousand frames). */
export const veryDeepValue = fc.integer({ min: 5_000, max: 40_000 }).chain((depth) => fc.boolean().map((arrays) => new RawJson(deepJsonText(depth, arrays))));

/** An array or object with tens of thousands of members. */
export const wideValue = fc.integer({ min: 1_000, max: 80_000 }).chain((width) =>
  fc.boolean().map((arrays): unknown => (arrays ? Array.from({ length: width }, (_, i) => i) : Object.fromEntries(Array.from({ length: width }, (_, i) => [`k${i}`, i])))),
);

/** Strings from long to past the body cap. */
export const longValue = fc.integer({ min: 10_000, max: 1_200_000 }).chain((length) => fc.constantFrom('x', 'é', '😀', '"').map((unit) => unit.repeat(length)));

/** A JSON body's text with every RawJson spliced in as written. */
export function bodyText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return raws.length === 0 ? text : text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]!);
}

/** Nested arrays/objects this deep: a walker that recurses per level would overflow. */
export const deepNesting = fc.integer({ min: 50, max: 1_500 }).chain((depth) =>
  fc.boolean().map((arrays) => {
    let value: unknown = 'deep';
    for (let i = 0; i < depth; i += 1) value = arrays ? [value] : { a: value };
    return value;
  }),
);

/** Objects with prototype-named keys (JSON.parse makes them own properties). */
export const prototypeKeysObject = fc
  .subarray(['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'], { minLength: 1 })
  .chain((keys) => fc.tuple(...keys.map(() => fc.oneof(fc.constant({ polluted: true }), fc.integer(), fc.string()))).map((values) => {
    const out: Record<string, unknown> = {};
    keys.forEach((key, i) => Object.defineProperty(out, key, { value: values[i], enumerable: true, writable: true, configurable: true }));
    return out;
  }));

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { '': '' }),
  deepNesting,
  veryDeepValue,
  wideValue,
  longValue,
  prototypeKeysObject,
  fc.array(fc.string(), { minLength: 200, maxLength: 500 }),
);

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  'date-time': fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true })
    .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().replace('Z', '+05:30'), d.toISOString().slice(0, 10))),
  uri: fc
    .tuple(fc.constantFrom('https', 'http', 'javascript', 'data', 'ftp'), fc.constantFrom(...URL_HOSTS), fc.webPath(), fc.constantFrom('', ':8443', ':443'))
    .map(([scheme, host, path, port]) => (scheme === 'javascript' ? 'javascript:alert(1)' : scheme === 'data' ? 'data:text/html,hi' : `${scheme}://${host}${port}${path}`)),
  email: fc.oneof(
    fc.emailAddress(),
    fc.constantFrom('a@b.co', 'a@-b.co', 'a@b-.co', 'a@b..co', '@b.co', 'a@', 'a b@c.de', 'a@[127.0.0.1]', 'ä@ü.de'),
  ),
};

const OBJECT_ID = /^[0-9a-f]{24}$/;

function stringArbitrary(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<string> {
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format]!;
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, min + 200);
  if (schema.pattern) {
    if (schema.pattern.includes('[0-9a-f]{24}') || schema.pattern.includes('[a-f0-9]{24}')) {
      return context.knownIds.length > 0 ? fc.oneof(fc.constantFrom(...context.knownIds), fc.stringMatching(OBJECT_ID)) : fc.stringMatching(OBJECT_ID);
    }
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot invert: fall through to plain strings.
    }
  }
  return fc.string({ minLength: min, maxLength: max });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value that satisfies (or nearly satisfies) `schema`. */
export function validLike(schema: JsonSchema, context: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return validLike(context.resolve(schema.$ref), context, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => validLike(v, context, depth)));
  if (schema.allOf) return validLike(Object.assign({}, ...schema.allOf.map((s) => (s.$ref ? context.resolve(s.$ref) : s))), context, depth);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : ['string'];
  if (types.length > 1) return fc.oneof(...types.map((type) => validLike({ ...schema, type }, context, depth)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema, context);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = validLike(schema.items ?? {}, context, depth + 1);
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)) };
      return schema.uniqueItems ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints);
    }
    case 'object': {
      if (depth > 6) return fc.constant({});
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) model[name] = validLike(property, context, depth + 1);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Replaces one node of a JSON value (chosen by `pick`) with `replacement`; may add an unknown key instead. */
export function mutate(value: unknown, pick: number, replacement: unknown, mode: 'replace' | 'add-key' | 'remove'): unknown {
  const nodes: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        nodes.push({ parent: node, key: i });
        walk(child);
      });
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        nodes.push({ parent: node as Record<string, unknown>, key });
        walk(child);
      }
    }
  };
  const copy = structuredClone(value);
  if (mode === 'add-key' && copy && typeof copy === 'object' && !Array.isArray(copy)) {
    Object.defineProperty(copy, typeof replacement === 'string' && replacement.length < 50 ? replacement : 'unexpected', {
      value: replacement,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  }
  walk(copy);
  if (nodes.length === 0) return replacement;
  const target = nodes[pick % nodes.length]!;
  if (mode === 'remove' && !Array.isArray(target.parent)) delete target.parent[target.key as string];
  else (target.parent as Record<string | number, unknown>)[target.key] = replacement;
  return copy;
}
