import { describe, expect, it } from 'vitest';
import { BODY_CAP_BYTES, storedBody } from '../../src/server/services/request-log-rules';

/**
 * A logged body keeps its first BODY_CAP_BYTES; long strings are cut before they are redacted and
 * serialized (a 2 MiB preview CSV is not scanned whole to keep 8 KiB of it). What is stored must be
 * what cutting the whole body would give: the marker names the whole body's size, and a secret
 * straddling the cut leaves none of its characters.
 */
describe('long request bodies in the request log', () => {
  it('caps a 2 MiB field with a marker naming the whole body, and redacts a secret cut short', () => {
    const secret = `crk_agency_${'S'.repeat(30)}`;
    const csv = `${'a'.repeat(BODY_CAP_BYTES - 10)}${secret}${'b'.repeat(2 * 1024 * 1024)}`;
    const body = { csv, filename: 'big.csv' };
    const stored = storedBody(body)!;
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(BODY_CAP_BYTES);
    expect(stored).toMatch(new RegExp(`…\\[truncated: ${Buffer.byteLength(JSON.stringify(body))} bytes\\]$`));
    expect(stored).not.toContain('crk_');
    expect(stored).not.toContain('SSSS');
    expect(stored.startsWith('{"csv":"aaaa')).toBe(true);
  });

  it('keeps a short body whole, secrets redacted', () => {
    expect(storedBody({ display_name: 'Ada', api_key: 'x', note: 'crk_creator_abc' })).toBe('{"display_name":"Ada","api_key":"[REDACTED]","note":"[REDACTED]"}');
  });
});
