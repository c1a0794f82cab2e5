import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../src/server/web/session';

describe('safeReturnPath: only same-origin paths survive the URL parser; anything else lands on the dashboard', () => {
  it.each([
    ['/settings/api-keys', '/settings/api-keys'],
    ['/editor/decks/abc?tab=1#top', '/editor/decks/abc?tab=1#top'],
    ['/a/../settings', '/settings'],
    ['/\t/evil.example', '/dashboard'],
    ['/\n/evil.example', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/\\\\evil.example', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['', '/dashboard'],
    [42, '/dashboard'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ] as const)('%j → %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
