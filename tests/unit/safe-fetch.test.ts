import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFetchableUrl, isPublicAddress, SafeFetchError, safeFetchText, type SafeFetchOptions } from '../../src/server/lib/safe-fetch';

/**
 * The SSRF guard. Every request here goes to a fixture server on 127.0.0.1; "blocked" cases are
 * refused before any connection is attempted (literal addresses) or inside the DNS lookup.
 */
describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.215.14', true],
    ['2606:4700::1111', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['fc00::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    // IPv4-mapped (::ffff:0:0/96): refused even when the IPv4 address inside is public.
    ['::ffff:8.8.8.8', false],
    ['::ffff:808:808', false],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    // IPv4-compatible (::/96, deprecated): refused whatever IPv4 address they embed.
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::a00:1', false],
    ['::8.8.8.8', false],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::', false],
    ['not-an-ip', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('checkFetchableUrl (no DNS)', () => {
  const strict = { allowPrivateNetworks: false };
  it.each([
    ['http://example.com/', 'must be an https URL'],
    ['javascript:alert(1)', 'must be an https URL'],
    ['data:text/html,hi', 'must be an https URL'],
    ['ftp://example.com/', 'must be an https URL'],
    ['/relative/path', 'is not a valid absolute URL'],
    ['https://user:pw@example.com/', 'must not contain a user name or password'],
    ['https://example.com:8443/', 'must use the default https port'],
    ['https://127.0.0.1/', 'has a host (127.0.0.1) that is not a public address'],
    ['https://2130706433/', 'has a host (127.0.0.1) that is not a public address'],
    ['https://0x7f.1/', 'has a host (127.0.0.1) that is not a public address'],
    ['https://[::1]/', 'has a host (::1) that is not a public address'],
    ['https://[::ffff:7f00:1]/', 'has a host (::ffff:7f00:1) that is not a public address'],
    ['https://10.0.0.1/', 'has a host (10.0.0.1) that is not a public address'],
    ['https://169.254.169.254/latest/meta-data', 'has a host (169.254.169.254) that is not a public address'],
  ])('refuses %s', (url, message) => {
    expect(() => checkFetchableUrl(url, strict)).toThrow(message);
  });

  it('accepts a public https URL, and http plus any port only when private networks are allowed', () => {
    expect(checkFetchableUrl('https://linktr.ee/someone', strict).toString()).toBe('https://linktr.ee/someone');
    expect(checkFetchableUrl('http://127.0.0.1:8080/x', { allowPrivateNetworks: true }).port).toBe('8080');
  });
});

describe('safeFetchText', () => {
  let server: http.Server;
  let origin: string;
  let port: number;
  const routes = new Map<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>();
  const base: SafeFetchOptions = {
    allowPrivateNetworks: true,
    allowAddress: (address) => address === '127.0.0.1',
    maxBytes: 10_000,
    timeoutMs: 2_000,
    maxRedirects: 3,
    userAgent: 'test',
    accept: ['text/html'],
  };

  async function failure(url: string, options: Partial<SafeFetchOptions> = {}): Promise<SafeFetchError> {
    const error = await safeFetchText(url, { ...base, ...options }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SafeFetchError);
    return error as SafeFetchError;
  }

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const handler = routes.get(req.url ?? '');
      if (handler) handler(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
    routes.set('/page', (req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<p>hello ${req.headers['user-agent']}</p>`));
    routes.set('/latin1', (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9])));
    routes.set('/gzip', (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync('<p>zipped</p>')));
    routes.set('/bomb', (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(5_000_000))));
    routes.set('/big-declared', (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-length': '50000' }).end(Buffer.alloc(50_000)));
    routes.set('/big-chunked', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 20; i += 1) res.write(Buffer.alloc(1000, 'a'));
      res.end();
    });
    routes.set('/json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    routes.set('/hang', () => {});
    routes.set('/trickle', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>');
    });
    routes.set('/redirect', (_req, res) => res.writeHead(302, { location: '/page' }).end());
    routes.set('/loop', (_req, res) => res.writeHead(301, { location: '/loop' }).end());
    routes.set('/to-other-loopback', (_req, res) => res.writeHead(302, { location: `http://127.0.0.2:${port}/page` }).end());
    routes.set('/to-metadata', (_req, res) => res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
    routes.set('/to-localhost', (_req, res) => res.writeHead(302, { location: `http://localhost:${port}/page` }).end());
    routes.set('/to-javascript', (_req, res) => res.writeHead(302, { location: 'javascript:alert(1)' }).end());
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches HTML, decoding its charset and gzip', async () => {
    const page = await safeFetchText(`${origin}/page`, base);
    expect(page).toMatchObject({ status: 200, url: `${origin}/page`, body: '<p>hello test</p>' });
    expect((await safeFetchText(`${origin}/latin1`, base)).body).toBe('café');
    expect((await safeFetchText(`${origin}/gzip`, base)).body).toBe('<p>zipped</p>');
  });

  it('follows redirects and reports the final URL', async () => {
    expect((await safeFetchText(`${origin}/redirect`, base)).url).toBe(`${origin}/page`);
  });

  it('caps redirects', async () => {
    expect((await failure(`${origin}/loop`)).code).toBe('too-many-redirects');
  });

  it('re-checks every redirect target: literal addresses, DNS answers and schemes', async () => {
    const literal = await failure(`${origin}/to-other-loopback`);
    expect(literal.code).toBe('blocked-address');
    expect(literal.message).toContain('redirected to a URL that has a host (127.0.0.2) that is not a public address');
    expect((await failure(`${origin}/to-metadata`)).message).toContain('169.254.169.254');
    // The first hop's literal 127.0.0.1 is allowed; localhost after the redirect is resolved through DNS
    // (the hosts file) and whatever it resolves to is refused.
    const seen: string[] = [];
    const viaDns = await failure(`${origin}/to-localhost`, { allowAddress: (address) => seen.push(address) === 1 });
    expect(viaDns.code).toBe('blocked-address');
    expect(viaDns.message).toMatch(/redirected to a URL that|the host localhost is not a public address/);
    expect(seen[0]).toBe('127.0.0.1');
    expect(seen.length).toBeGreaterThan(1);
    expect((await failure(`${origin}/to-javascript`)).code).toBe('blocked-url');
  });

  it('refuses a host whose DNS answer is not allowed, before connecting', async () => {
    const error = await failure(`http://localhost:${port}/page`, { allowAddress: () => false });
    expect(error.code).toBe('blocked-address');
    expect(error.message).toContain('the host localhost is not a public address');
    expect(error.message).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('refuses private addresses by default', async () => {
    const error = await failure(`${origin}/page`, { allowAddress: undefined, allowPrivateNetworks: false });
    expect(error.code).toBe('blocked-url'); // http: is refused before the address is even looked at
    const literal = await failure(`https://127.0.0.1/page`, { allowAddress: undefined, allowPrivateNetworks: false });
    expect(literal.code).toBe('blocked-address');
  });

  it('caps the body, declared or streamed, and after decompression', async () => {
    expect((await failure(`${origin}/big-declared`)).code).toBe('too-large');
    expect((await failure(`${origin}/big-chunked`)).code).toBe('too-large');
    expect((await failure(`${origin}/bomb`)).code).toBe('too-large');
  });

  it('refuses other content types and error statuses', async () => {
    const json = await failure(`${origin}/json`);
    expect(json.code).toBe('unsupported-content-type');
    expect(json.message).toBe('the page is application/json, not text/html');
    const missing = await failure(`${origin}/missing`);
    expect(missing).toMatchObject({ code: 'http-status', message: 'the page answered HTTP 404' });
  });

  it('gives up at the deadline, whether the server never answers or trickles the body', async () => {
    const started = Date.now();
    expect((await failure(`${origin}/hang`, { timeoutMs: 300 })).code).toBe('timeout');
    expect((await failure(`${origin}/trickle`, { timeoutMs: 300 })).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
