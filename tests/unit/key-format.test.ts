import { describe, expect, it } from 'vitest';
import { checksumOf, crc32, generateKey, hashKey, parseKey } from '../../src/server/auth/key-format';

describe('API key format', () => {
  it('checksums with CRC-32 of the UTF-8 bytes (zlib’s values), ASCII or not', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('crk_agency_abc')).toBe(790993204);
    expect(crc32('café ✓')).toBe(590171600);
  });

  it('tells agency from creator keys by prefix', () => {
    expect(generateKey('agency').secret).toMatch(/^crk_agency_[0-9A-Za-z]{36}$/);
    expect(generateKey('creator').secret).toMatch(/^crk_creator_[0-9A-Za-z]{36}$/);
    expect(parseKey(generateKey('creator').secret)).toEqual({ subjectType: 'creator', test: false });
    // Test mode (issue 31): `crk_test_` keys parse as test keys of their subject type.
    expect(generateKey('agency', true).secret).toMatch(/^crk_test_agency_[0-9A-Za-z]{36}$/);
    expect(generateKey('creator', true).start).toMatch(/^crk_test_creator_[0-9A-Za-z]{4}$/);
    expect(parseKey(generateKey('creator', true).secret)).toEqual({ subjectType: 'creator', test: true });
    expect(parseKey(generateKey('agency', true).secret.replace('crk_test_', 'crk_'))).toBeNull();
  });

  it('carries at least 128 bits of randomness', () => {
    // 30 base62 characters: 30 × log2(62) ≈ 178 bits.
    expect(30 * Math.log2(62)).toBeGreaterThan(128);
    const secrets = new Set(Array.from({ length: 2000 }, () => generateKey('agency').secret));
    expect(secrets.size).toBe(2000);
  });

  it('rejects look-alikes by checksum without a lookup', () => {
    const { secret } = generateKey('agency');
    for (let i = 11; i < secret.length; i += 1) {
      const swapped = secret[i] === 'Z' ? 'Y' : 'Z';
      expect(parseKey(secret.slice(0, i) + swapped + secret.slice(i + 1))).toBeNull();
    }
    expect(parseKey(secret.replace('crk_agency_', 'crk_creator_'))).toBeNull();
  });

  it('keeps only a hash and a short display prefix', () => {
    const key = generateKey('agency');
    expect(key.hash).toBe(hashKey(key.secret));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.start).toBe(key.secret.slice(0, 15));
    expect(checksumOf('crk_agency_x')).toHaveLength(6);
  });
});
