import { describe, expect, it } from 'vitest';
import { isObjectId, newObjectId, newObjectIdParts, OBJECT_ID_LENGTH, objectIdText, putObjectIdAscii } from '../../src/server/lib/object-id';

/**
 * ObjectIds as text and as parts (lib/object-id.ts): the request log writes an entry's id from its
 * parts, straight into its row's bytes, and that must spell the same id as the text everyone else reads.
 */
describe('ObjectIds as parts', () => {
  const ascii = (parts: { second: number; counter: number }) => {
    const bytes = Buffer.alloc(OBJECT_ID_LENGTH + 4, 0x2e);
    expect(putObjectIdAscii(bytes, 2, parts)).toBe(2 + OBJECT_ID_LENGTH);
    // Nothing written outside its 24 bytes.
    expect([bytes[0], bytes[1], bytes[26], bytes[27]]).toEqual([0x2e, 0x2e, 0x2e, 0x2e]);
    return bytes.subarray(2, 2 + OBJECT_ID_LENGTH).toString('latin1');
  };

  it('writes the same 24 digits as the text, for every counter digit and across seconds', () => {
    const now = Date.UTC(2026, 10, 29, 7, 30, 0);
    const samples = [newObjectIdParts(now), newObjectIdParts(now + 1_000), newObjectIdParts(now), newObjectIdParts(0), newObjectIdParts(Date.UTC(2100, 0, 1))];
    for (const counter of [0, 1, 0xf, 0x10, 0xabcdef, 0xfedcba, 0xffffff]) samples.push({ second: Math.floor(now / 1000), counter });
    for (const parts of samples) {
      const text = objectIdText(parts);
      expect(isObjectId(text), text).toBe(true);
      expect(ascii(parts)).toBe(text);
    }
    expect(objectIdText({ second: 0x674a1b2c, counter: 0x00000a }).slice(0, 8)).toBe('674a1b2c');
    expect(objectIdText({ second: 0x674a1b2c, counter: 0x00000a }).slice(18)).toBe('00000a');
  });

  it('shares one counter with text ids: each id is new, and later ones sort after earlier ones of the same second', () => {
    const now = Date.now();
    const ids = [newObjectId(now), objectIdText(newObjectIdParts(now)), newObjectId(now), objectIdText(newObjectIdParts(now))];
    expect(new Set(ids).size).toBe(4);
    // The counter wraps at 2^24; away from the wrap the ids of one second come out in order.
    if (!ids.some((id) => id.endsWith('000000'))) expect([...ids].sort()).toEqual(ids);
  });
});
