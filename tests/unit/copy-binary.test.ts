import { describe, expect, it } from 'vitest';
import { putBool, putInt4, putNull, putText, putTimestamp, textBound } from '../../src/server/db/copy-binary';

/** The field writers of binary COPY (db/copy-binary.ts), checked byte for byte against the format PostgreSQL reads. */
describe('binary COPY fields', () => {
  const field = (write: (bytes: Buffer, at: number) => number, room = 64) => {
    const bytes = Buffer.alloc(room);
    return bytes.subarray(0, write(bytes, 0));
  };

  it('writes a length before every value, -1 for NULL, integers big-endian', () => {
    expect(field((b, at) => putNull(b, at))).toEqual(Buffer.from([0xff, 0xff, 0xff, 0xff]));
    expect(field((b, at) => putInt4(b, at, 422))).toEqual(Buffer.from([0, 0, 0, 4, 0, 0, 0x01, 0xa6]));
    expect(field((b, at) => putInt4(b, at, -2))).toEqual(Buffer.from([0, 0, 0, 4, 0xff, 0xff, 0xff, 0xfe]));
    expect(field((b, at) => putBool(b, at, true))).toEqual(Buffer.from([0, 0, 0, 1, 1]));
  });

  it('writes a timestamp as microseconds since 2000-01-01, before and after it', () => {
    const micros = (ms: number) => field((b, at) => putTimestamp(b, at, ms)).subarray(4).readBigInt64BE();
    expect(micros(Date.UTC(2000, 0, 1))).toBe(0n);
    expect(micros(Date.UTC(2026, 10, 29, 4, 5, 6, 789))).toBe(BigInt(Date.UTC(2026, 10, 29, 4, 5, 6, 789) - Date.UTC(2000, 0, 1)) * 1000n);
    expect(micros(Date.UTC(1999, 11, 31, 23, 59, 59, 999))).toBe(-1000n);
  });

  it('writes text as UTF-8 whether short ASCII, short with other characters or long; U+0000 as U+FFFD', () => {
    const text = (value: string) => {
      const bytes = field((b, at) => putText(b, at, value), textBound(value));
      expect(bytes.readInt32BE(0)).toBe(bytes.length - 4);
      return bytes.subarray(4).toString('utf8');
    };
    expect(text('')).toBe('');
    expect(text('65a1b2c3d4e5f60718293a4b')).toBe('65a1b2c3d4e5f60718293a4b');
    expect(text('/creators/ü 🦊')).toBe('/creators/ü 🦊');
    expect(text('a\0b')).toBe('a\uFFFDb');
    const long = `${'x'.repeat(200)}\0ü`;
    expect(text(long)).toBe(`${'x'.repeat(200)}\uFFFDü`);
  });
});
