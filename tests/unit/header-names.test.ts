import { describe, expect, it } from 'vitest';
import { headerValue, withHeader } from '../../src/server/http/exchange';

/** Response headers are found and replaced whatever their spelling; a name of the same length is not the same name. */
describe('response header names', () => {
  const headers = { 'Content-Type': 'application/json', 'X-Request-Id': 'req_1', vary: 'Origin', 'Cache-Control': 'no-store' };

  it('finds a header in any spelling, and only that header', () => {
    expect(headerValue(headers, 'content-type')).toBe('application/json');
    expect(headerValue(headers, 'X-REQUEST-ID')).toBe('req_1');
    expect(headerValue(headers, 'Vary')).toBe('Origin');
    // Same length as Content-Type, another name.
    expect(headerValue(headers, 'content-typf')).toBeUndefined();
    expect(headerValue(headers, 'content-encoding')).toBeUndefined();
  });

  it('replaces every spelling of a name and keeps the others', () => {
    expect(withHeader(headers, 'Vary', 'Origin, Accept-Encoding')).toEqual({
      'Content-Type': 'application/json',
      'X-Request-Id': 'req_1',
      'Cache-Control': 'no-store',
      Vary: 'Origin, Accept-Encoding',
    });
    expect(withHeader({ 'CACHE-CONTROL': 'a', 'cache-control': 'b' }, 'Cache-Control', 'c')).toEqual({ 'Cache-Control': 'c' });
  });
});
