/**
 * The one bound on the shape of a JSON input: how deep it nests and how many values it holds. No
 * operation takes more than a few levels (`rows[0].socials[1].handle_or_url` is five), and none
 * more than a few thousand values, but a free-form field (`z.unknown()`, a preview's `rows`) lets
 * a body nest 100,000 levels in a few hundred kilobytes — enough to overflow the call stack of
 * anything that walks it recursively later (the Idempotency-Key fingerprint, JSON storage). The
 * gateway applies this to every operation's input, whichever door it came through
 * (src/server/trpc/input-rules.ts), before anything else walks it. The walk itself keeps its own
 * stack and stops at the first value past a bound, so its cost is bounded too.
 */

/** Levels of objects and arrays, the input itself being level 1 (`{"rows":[{"socials":[{…}]}]}` is 5). */
export const MAX_JSON_DEPTH = 32;
/** Objects, arrays and scalars counted together; 500 preview rows of a dozen fields each is about 10,000. */
export const MAX_JSON_VALUES = 50_000;

export type JsonBoundCode = 'too_deep' | 'too_many_values';

export interface JsonBoundViolation {
  /** Keys from the input's root to the value past the bound (array indexes as numbers). */
  keys: (string | number)[];
  message: string;
  code: JsonBoundCode;
}

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | null;
  key: string | number | null;
}

function keysOf(frame: Frame): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at: Frame | null = frame; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !(typeof Blob !== 'undefined' && value instanceof Blob);
}

/**
 * The first place `value` nests deeper than `maxDepth` or where its count of values passes
 * `maxValues`, or null when it is within both. `depth` is the level `value` itself sits at (a
 * field of an input is at level 2).
 */
export function jsonBoundViolation(
  value: unknown,
  { depth = 1, maxDepth = MAX_JSON_DEPTH, maxValues = MAX_JSON_VALUES }: { depth?: number; maxDepth?: number; maxValues?: number } = {},
): JsonBoundViolation | null {
  const stack: Frame[] = [{ value, depth, parent: null, key: null }];
  // Values seen or waiting on the stack; checked before a container's children are pushed, so a
  // very wide array is refused without allocating a frame per element.
  let total = 1;
  const tooMany = (frame: Frame): JsonBoundViolation => ({
    keys: keysOf(frame),
    message: `Holds more than ${maxValues} values in all; send less at once.`,
    code: 'too_many_values',
  });
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (!isContainer(frame.value)) continue;
    if (frame.depth > maxDepth) {
      return { keys: keysOf(frame), message: `Nests deeper than ${maxDepth} levels of objects and arrays; no field takes that.`, code: 'too_deep' };
    }
    if (Array.isArray(frame.value)) {
      total += frame.value.length;
      if (total > maxValues) return tooMany(frame);
      for (let i = frame.value.length - 1; i >= 0; i -= 1) stack.push({ value: frame.value[i], depth: frame.depth + 1, parent: frame, key: i });
    } else {
      const keys = Object.keys(frame.value);
      total += keys.length;
      if (total > maxValues) return tooMany(frame);
      const record = frame.value as Record<string, unknown>;
      for (let i = keys.length - 1; i >= 0; i -= 1) stack.push({ value: record[keys[i]!], depth: frame.depth + 1, parent: frame, key: keys[i]! });
    }
  }
  return null;
}
