import type { Prisma } from '../../generated/prisma/client';

/**
 * Json columns that hold documents this service writes and reads back itself (an idempotent request's
 * stored outcome, an import preview's rows and summary, a link-in-bio page's social links). These two
 * functions are the one place where their TypeScript types meet Prisma's JSON types.
 */

/** Plain data (strings, numbers, booleans, null, arrays, plain objects) for a Json column. */
export function storedJson(value: object): Prisma.InputJsonValue {
  // Typed `object` so interfaces (no index signature) are accepted; the callers' values are plain data.
  return value;
}

/** A Json column's value as the type it was written with (the column holds only what `storedJson` wrote). */
export function readStoredJson<T>(value: Prisma.JsonValue): T {
  return value as T;
}
