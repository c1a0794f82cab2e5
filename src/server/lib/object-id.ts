import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * 24-hex ObjectIds: 4 bytes of seconds, 5 random bytes fixed per process, 3 bytes of counter.
 * Ids from one process sort in creation order, which keeps keyset pagination newest-first.
 */
const processUnique = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

export const OBJECT_ID_PATTERN = /^[a-fA-F0-9]{24}$/;
/** Characters (and ASCII bytes) of an ObjectId's text. */
export const OBJECT_ID_LENGTH = 24;
/** Where an id's counter digits start in its text: the 18 before them (its second, this process's bytes) change once a second. */
export const OBJECT_ID_COUNTER_AT = 18;

/** An ObjectId in input or output schemas. */
export const objectIdSchema = z.string().regex(OBJECT_ID_PATTERN, 'must be a 24-character hexadecimal ObjectId');

/**
 * The id's first 18 hex digits (its second and this process's bytes), as text and as ASCII bytes,
 * made once per second: the request log makes one id per API call.
 */
let prefixSecond = Number.NaN;
let prefix = '';
const prefixBytes = Buffer.alloc(OBJECT_ID_COUNTER_AT);

function prefixOf(second: number): string {
  if (second !== prefixSecond) {
    prefixSecond = second;
    prefix = `${second.toString(16).padStart(8, '0')}${processUnique}`;
    prefixBytes.write(prefix, 0, 'latin1');
  }
  return prefix;
}

function nextCounter(): number {
  counter = (counter + 1) % 0x1000000;
  return counter;
}

function idText(second: number, count: number): string {
  return `${prefixOf(second)}${count.toString(16).padStart(6, '0')}`;
}

export function newObjectId(now: number = Date.now()): string {
  return idText(Math.floor(now / 1000), nextCounter());
}

/** An ObjectId this process made, as the two numbers that vary (this process's bytes sit between them). */
export interface ObjectIdParts {
  readonly second: number;
  readonly counter: number;
}

/**
 * A new ObjectId as its parts: for the request log, which writes the id's digits as bytes
 * (`putObjectIdAscii`) rather than reading them back out of a string once per call.
 */
export function newObjectIdParts(now: number = Date.now()): ObjectIdParts {
  return { second: Math.floor(now / 1000), counter: nextCounter() };
}

export function objectIdText(parts: ObjectIdParts): string {
  return idText(parts.second, parts.counter);
}

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');

/** Writes the id's 24 hex digits as ASCII into `bytes` at `at` (room made by the caller); returns where they end. */
export function putObjectIdAscii(bytes: Uint8Array, at: number, parts: ObjectIdParts): number {
  prefixOf(parts.second);
  bytes.set(prefixBytes, at);
  putObjectIdCounterAscii(bytes, at + OBJECT_ID_COUNTER_AT, parts.counter);
  return at + OBJECT_ID_LENGTH;
}

/** Writes an id's last 6 hex digits (its counter) as ASCII at `at`: all that differs between two ids of one second. */
export function putObjectIdCounterAscii(bytes: Uint8Array, at: number, counter: number): void {
  for (let digit = 0; digit < 6; digit += 1) bytes[at + 5 - digit] = HEX_DIGITS[(counter >>> (4 * digit)) & 0xf]!;
}

/** The smallest ObjectId of `instant`'s second: every id below it was made before that second began. */
export function objectIdFloor(instant: Date): string {
  return `${Math.floor(instant.getTime() / 1000).toString(16).padStart(8, '0')}${'0'.repeat(16)}`;
}

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}
