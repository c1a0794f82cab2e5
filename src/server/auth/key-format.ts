import { hash, randomBytes } from 'node:crypto';
import type { SubjectType } from './scopes';

/**
 * API key format: `crk_<kind>_<30 base62 random><6 base62 checksum>`.
 * - `crk_agency_` / `crk_creator_` tell agency from creator keys at a glance (and to secret scanners).
 * - Test-mode keys (issue 31) insert `test_`: `crk_test_agency_…`, `crk_test_creator_…`.
 * - 30 base62 characters carry ~178 bits of randomness.
 * - The checksum is CRC32 of everything before it, so a scanner (or our own auth) can reject a
 *   look-alike without a database lookup.
 * Only SHA-256(secret) is stored, plus the first characters as a display prefix.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
export const KEY_PREFIX: Record<SubjectType, string> = { agency: 'crk_agency_', creator: 'crk_creator_' };
/** Test-mode keys: the same format with `test_` after `crk_`; they act on the subject's sandbox twin. */
export const TEST_KEY_PREFIX: Record<SubjectType, string> = { agency: 'crk_test_agency_', creator: 'crk_test_creator_' };
const KEY_PATTERN = /^crk_(test_)?(agency|creator)_([0-9A-Za-z]{36})$/;
/** How much of the key is kept for display: the prefix and four random characters. */
const DISPLAY_RANDOM_CHARS = 4;

function toBase62(value: bigint, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i += 1) {
    out = ALPHABET[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of `text`'s UTF-8 bytes. A key is ASCII: its characters are its bytes, read without encoding a Buffer (this runs on every authenticated request). */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return crc32Bytes(Buffer.from(text, 'utf8'));
    crc = CRC_TABLE[(crc ^ code) & 0xff]! ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function crc32Bytes(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniform.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function checksumOf(body: string): string {
  return toBase62(BigInt(crc32(body)), CHECKSUM_LENGTH);
}

export interface GeneratedKey {
  secret: string;
  hash: string;
  start: string;
}

export function generateKey(subjectType: SubjectType, test = false): GeneratedKey {
  const prefix = (test ? TEST_KEY_PREFIX : KEY_PREFIX)[subjectType];
  const body = `${prefix}${randomBase62(RANDOM_LENGTH)}`;
  const secret = `${body}${checksumOf(body)}`;
  return { secret, hash: hashKey(secret), start: secret.slice(0, prefix.length + DISPLAY_RANDOM_CHARS) };
}

export function hashKey(secret: string): string {
  // One-shot hash(): this runs on every authenticated request.
  return hash('sha256', secret, 'hex');
}

/** Shape and checksum only: true means "worth a database lookup", nothing more. */
export function parseKey(secret: string): { subjectType: SubjectType; test: boolean } | null {
  const match = KEY_PATTERN.exec(secret);
  if (!match) return null;
  const body = secret.slice(0, -CHECKSUM_LENGTH);
  if (checksumOf(body) !== secret.slice(-CHECKSUM_LENGTH)) return null;
  return { subjectType: match[2] as SubjectType, test: match[1] !== undefined };
}
