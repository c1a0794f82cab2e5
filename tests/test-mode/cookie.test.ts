import { describe, expect, it } from 'vitest';
import { modeFromCookieHeader, TEST_MODE_COOKIE } from '../../src/server/services/test-mode';

/** The settings UI's switch is a cookie validated server-side: only the exact value `test` turns test mode on. */
describe('the test-mode cookie', () => {
  it('is test only for the exact value, live for anything else or nothing', () => {
    expect(modeFromCookieHeader(`a=1; ${TEST_MODE_COOKIE}=test; b=2`)).toBe('test');
    expect(modeFromCookieHeader(`${TEST_MODE_COOKIE}=TEST`)).toBe('live');
    expect(modeFromCookieHeader(`${TEST_MODE_COOKIE}=test1`)).toBe('live');
    expect(modeFromCookieHeader(`x${TEST_MODE_COOKIE}=test`)).toBe('live');
    expect(modeFromCookieHeader('')).toBe('live');
    expect(modeFromCookieHeader(null)).toBe('live');
  });
});
