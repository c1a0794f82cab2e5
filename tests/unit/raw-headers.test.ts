import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeListener } from '../../src/server/http/node';
import { RawHeaders, rawHeader } from '../../src/server/http/raw-headers';
import { CLIENT_ADDRESS_HEADER } from '../../src/server/lib/client-address';

let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
const server = http.createServer((req, res) => handler(req, res));
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw header lines (repeats and any case kept as written) and returns what `inspect` saw. */
function send<T>(lines: string[], inspect: (req: IncomingMessage, res: ServerResponse) => T): Promise<T> {
  return new Promise((resolve, reject) => {
    handler = (req, res) => {
      try {
        resolve(inspect(req, res));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
      if (!res.headersSent) res.end();
    };
    const request = http.request({ host: '127.0.0.1', port, path: '/l/page', method: 'GET', agent: false, setHost: false });
    for (const line of lines) {
      const [name, value] = line.split(': ');
      request.appendHeader(name!, value!);
    }
    request.on('response', (res) => res.resume()).on('error', reject);
    request.end();
  });
}

describe('raw request headers', () => {
  it('read as req.headers gives them: repeats joined, cookies with "; ", the first of single fields, any case', async () => {
    const lines = [
      'Host: example.test',
      'X-Forwarded-For: 198.51.100.7',
      'x-forwarded-for: 203.0.113.9, 10.0.0.1',
      'User-Agent: first',
      'user-agent: second',
      'Cookie: a=1',
      'COOKIE: b=2',
      'Accept-Encoding: gzip',
      'accept-encoding: br',
      'Purpose: prefetch',
      'RSC: 1',
    ];
    const names = ['host', 'x-forwarded-for', 'user-agent', 'cookie', 'accept-encoding', 'purpose', 'rsc', 'sec-purpose', 'x-moz'];
    const seen = await send(lines, (req) => {
      // Raw first, then the object Node built: both must agree.
      const raw = Object.fromEntries(names.map((name) => [name, rawHeader(req, name)]));
      const reader = new RawHeaders(req);
      const viaReader = Object.fromEntries(names.map((name) => [name, reader.get(name.toUpperCase())]));
      return { raw, viaReader, headers: Object.fromEntries(names.map((name) => [name, req.headers[name]])) };
    });
    expect(seen.raw).toEqual(seen.headers);
    expect(seen.raw).toMatchObject({ 'x-forwarded-for': '198.51.100.7, 203.0.113.9, 10.0.0.1', 'user-agent': 'first', cookie: 'a=1; b=2', 'sec-purpose': undefined });
    expect(seen.viaReader).toEqual(Object.fromEntries(Object.entries(seen.headers).map(([name, value]) => [name, value ?? null])));
  });

  it('a page answered before the address header is written gets the resolved address, never the client’s header', async () => {
    const answered: string[] = [];
    let fallbackSaw: string | string[] | undefined;
    const listener = createNodeListener(
      () => Promise.reject(new Error('not an API request')),
      (req, res) => {
        fallbackSaw = req.headers[CLIENT_ADDRESS_HEADER];
        res.end();
      },
      {
        trustedProxies: ['127.0.0.0/8'],
        answerPage: (req, res, address) => {
          answered.push(address);
          if (req.url !== '/l/page') return false;
          res.end('cached');
          return true;
        },
      },
    );
    const spoofed = ['Host: example.test', 'X-Forwarded-For: 203.0.113.9', `${CLIENT_ADDRESS_HEADER}: 192.0.2.66`];
    await send(spoofed, (req, res) => listener(req, res));
    expect(answered).toEqual(['203.0.113.9']);
    // Not answered there: the fallback reads the header the node layer wrote over the client's.
    await send(spoofed, (req, res) => {
      req.url = '/m/other';
      listener(req, res);
    });
    expect(answered).toEqual(['203.0.113.9', '203.0.113.9']);
    expect(fallbackSaw).toBe('203.0.113.9');
  });
});
