import { describe, expect, it } from 'vitest';
import { targetParts } from '../../src/server/http/exchange';

/** The API handler reads a request target's path and query with `targetParts`: whatever path takes its shortcut, the answer is the URL parser's. */
describe('targetParts', () => {
  const targets = [
    '/public/v1/me',
    '/',
    '/public/v1/creators/6b0845b01431368a6337e8bf',
    '/public/v1/request-logs/req_client.id:1-2~x',
    "/public/v1/a!$&'()*+,;=:@b",
    '/public/v1/name.with.dots/x.',
    '/public/v1/creators?limit=5&cursor=abc',
    '/public/v1/creators?',
    '/public/v1/../v1/me',
    '/public/v1/./me',
    '/public/v1/me/.',
    '/public/v1/me/..',
    '/public/v1/%2e%2e/me',
    '/public/v1/.%2E/me',
    '/public/v1/%6De',
    '//evil.example/public/v1/me',
    '/public\\v1\\me',
    '/public/v1/me#fragment',
    '/public/v1/a b',
    '/public/v1/a"b<c>d`e{f}g|h^i[j]',
    '/public/v1/é',
    '/public/v1//me',
    'http://other.example/public/v1/me?x=1',
  ];

  it.each(targets)('%s reads as the URL parser reads it', (target) => {
    const url = new URL(target, 'http://api.internal');
    const parts = targetParts(target);
    expect({ pathname: parts.pathname, search: parts.search, query: [...parts.searchParams] }).toEqual({ pathname: url.pathname, search: url.search, query: [...url.searchParams] });
  });

  it('takes a plain path without a query as it is, without the URL parser', () => {
    expect(targetParts('/public/v1/me')).not.toBeInstanceOf(URL);
    expect(targetParts('/public/v1/../v1/me')).toBeInstanceOf(URL);
    expect(targetParts('/public/v1/creators?limit=5')).toBeInstanceOf(URL);
  });
});
