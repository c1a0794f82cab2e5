import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { CLIENT_ADDRESS_HEADER, clientAddress, parseTrustedProxies, resolveClientAddress } from '../../src/server/lib/client-address';
import { createNodeListener } from '../../src/server/http/node';

describe('resolveClientAddress: the rightmost address that is not a trusted proxy', () => {
  const proxies = parseTrustedProxies('10.0.0.0/8, 192.168.1.1, 2001:db8::/32');

  it.each([
    // No trusted proxies: the peer, whatever X-Forwarded-For says.
    ['203.0.113.7', '1.2.3.4', [], '203.0.113.7'],
    ['::ffff:203.0.113.7', undefined, [], '203.0.113.7'],
    // The peer is a client, not a proxy: its X-Forwarded-For is ignored.
    ['203.0.113.7', '1.2.3.4', proxies, '203.0.113.7'],
    // One trusted proxy: the entry it appended (the rightmost), not the client's forged leftmost one.
    ['10.0.0.5', '1.2.3.4, 198.51.100.9', proxies, '198.51.100.9'],
    // Two trusted hops, then the client.
    ['10.0.0.5', 'forged, 198.51.100.9, 192.168.1.1', proxies, '198.51.100.9'],
    ['2001:db8::1', '[2001:db8::2]:443, 198.51.100.10:5678', proxies, '198.51.100.10'],
    // Every hop trusted: the leftmost is the best there is.
    ['10.0.0.5', '10.1.1.1, 10.2.2.2', proxies, '10.1.1.1'],
    // Garbage before a trusted hop ends the walk at that hop.
    ['10.0.0.5', 'unknown, 10.9.9.9', proxies, '10.9.9.9'],
  ] as const)('peer %s, X-Forwarded-For %s → %s', (peer, forwarded, trusted, expected) => {
    expect(resolveClientAddress(peer, forwarded, trusted as readonly string[])).toBe(expected);
  });

  it('refuses a bad TRUSTED_PROXIES entry at start, and the retired TRUST_PROXY=true', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES: "10.0.0.0\/33"/);
    expect(() => parseTrustedProxies('proxy.internal')).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadConfig({ NODE_ENV: 'test', TRUSTED_PROXIES: '127.0.0.1/32,::1' }).trustedProxies).toEqual(['127.0.0.1/32', '::1']);
  });
});

describe('the node layer hands pages the resolved address, over real HTTP', () => {
  let server: http.Server;
  let baseUrl: string;
  const start = (trustedProxies: string[]) =>
    new Promise<void>((resolve) => {
      server = http.createServer(
        createNodeListener(
          () => Promise.resolve({ status: 204, headers: {}, body: null }),
          (req, res) => {
            // What a page or server action reads through clientAddress(headers()).
            const headers = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]));
            res.end(clientAddress(headers));
          },
          { trustedProxies },
        ),
      );
      server.listen(0, '127.0.0.1', () => {
        baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        resolve();
      });
    });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  afterAll(() => stop().catch(() => {}));
  beforeAll(() => start([]));

  it('ignores a forged X-Forwarded-For and a forged internal header without trusted proxies', async () => {
    const response = await fetch(`${baseUrl}/sign-in`, { headers: { 'x-forwarded-for': '6.6.6.6', [CLIENT_ADDRESS_HEADER]: '7.7.7.7' } });
    expect(await response.text()).toBe('127.0.0.1');
  });

  it('behind a trusted proxy, takes the address that proxy appended', async () => {
    await stop();
    await start(['127.0.0.1/32']);
    const response = await fetch(`${baseUrl}/d/some-deck`, { headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.23' } });
    expect(await response.text()).toBe('198.51.100.23');
  });
});
