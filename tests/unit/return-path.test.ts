import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../src/server/web/session';

describe('safeReturnPath: only same-origin paths survive the URL parser', () => {
  it.each([
    ['/settings/api-keys', '/settings/api-keys'],
    ['/editor/decks/abc?tab=1#top', '/editor/decks/abc?tab=1#top'],
    ['/a/../settings', '/settings'],
    ['/\t/evil.example', '/settings'],
    ['/\n/evil.example', '/settings'],
    ['//evil.example', '/settings'],
    ['/\\evil.example', '/settings'],
    ['/\\\\evil.example', '/settings'],
    ['https://evil.example/', '/settings'],
    ['javascript:alert(1)', '/settings'],
    ['', '/settings'],
    [42, '/settings'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ] as const)('%j → %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
