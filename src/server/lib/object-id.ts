import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * 24-hex ObjectIds: 4 bytes of seconds, 5 random bytes fixed per process, 3 bytes of counter.
 * Ids from one process sort in creation order, which keeps keyset pagination newest-first.
 */
const processUnique = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

export const OBJECT_ID_PATTERN = /^[a-fA-F0-9]{24}$/;

/** An ObjectId in input or output schemas. */
export const objectIdSchema = z.string().regex(OBJECT_ID_PATTERN, 'must be a 24-character hexadecimal ObjectId');

/** The id's first 18 hex digits (its second and this process's bytes), made once per second: the request log makes one id per API call. */
let prefixSecond = Number.NaN;
let prefix = '';

export function newObjectId(now: number = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const second = Math.floor(now / 1000);
  if (second !== prefixSecond) {
    prefixSecond = second;
    prefix = `${second.toString(16).padStart(8, '0')}${processUnique}`;
  }
  return `${prefix}${counter.toString(16).padStart(6, '0')}`;
}

/** The smallest ObjectId of `instant`'s second: every id below it was made before that second began. */
export function objectIdFloor(instant: Date): string {
  return `${Math.floor(instant.getTime() / 1000).toString(16).padStart(8, '0')}${'0'.repeat(16)}`;
}

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}
