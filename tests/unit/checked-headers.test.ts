import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareHead, usesHeaderMap, writePreparedHead } from '../../src/server/http/checked-headers';

const HEADERS = [
  'content-type', 'text/html; charset=utf-8',
  'vary', 'rsc, Accept-Encoding',
  'link', '</_next/static/chunks/a.css>; rel=preload; as="style"',
  'Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate',
  'content-length', '5',
];

let write: (res: ServerResponse) => void = () => {};
const server = http.createServer((_req, res) => {
  write(res);
  res.end('hello');
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The raw head a request gets, without the Date line (it moves with the clock). */
async function rawHead(writer: (res: ServerResponse) => void): Promise<{ status: number; headers: string[] }> {
  write = writer;
  return new Promise((resolve, reject) => {
    http
      .get(origin, { agent: false }, (res) => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i] !== 'Date') headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, headers }));
      })
      .on('error', reject);
  });
}

describe('prepared response heads', () => {
  it('uses Node’s own header map on this Node (else every hit pays for checking its headers again)', () => {
    expect(usesHeaderMap).toBe(true);
  });

  it('writes the same head as writeHead with the list, per-response values in place', async () => {
    const prepared = prepareHead(HEADERS, ['x-request-id', 'x-share-page-cache']);
    const expected = await rawHead((res) => res.writeHead(404, [...HEADERS, 'x-request-id', 'req_1', 'x-share-page-cache', 'hit']));
    const actual = await rawHead((res) => writePreparedHead(res, 404, prepared, ['req_1', 'hit']));
    expect(actual).toEqual(expected);
    expect(actual.headers).toContain('x-share-page-cache: hit');
    // A second response gets its own values, not the first one's.
    const second = await rawHead((res) => writePreparedHead(res, 404, prepared, ['req_2', 'stale']));
    expect(second.headers).toContain('x-request-id: req_2');
    expect(second.headers).toContain('x-share-page-cache: stale');
  });

  it('keeps a header set on the response before it (the list path merges as writeHead does)', async () => {
    const prepared = prepareHead(HEADERS, ['x-request-id']);
    const { headers } = await rawHead((res) => {
      res.setHeader('x-extra', 'kept');
      writePreparedHead(res, 200, prepared, ['req_3']);
    });
    expect(headers).toContain('x-extra: kept');
    expect(headers).toContain('x-request-id: req_3');
    expect(headers).toContain('link: </_next/static/chunks/a.css>; rel=preload; as="style"');
  });

  it('checks names and values once, as setHeader would', () => {
    expect(() => prepareHead(['x-bad', 'a\r\nb'], [])).toThrow(/Invalid character/);
    expect(() => prepareHead(['bad name', 'a'], [])).toThrow(/valid HTTP token/);
  });

  it('writes a repeated header name on separate lines, as the list does', async () => {
    const prepared = prepareHead(['link', '<a>; rel=preload', 'link', '<b>; rel=preload', 'content-length', '5'], ['x-request-id']);
    expect(prepared.map).toBeNull();
    const { headers } = await rawHead((res) => writePreparedHead(res, 200, prepared, ['req_4']));
    expect(headers.filter((line) => line.startsWith('link:'))).toEqual(['link: <a>; rel=preload', 'link: <b>; rel=preload']);
  });
});
