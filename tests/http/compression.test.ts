import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/server/http/compression';
import { rosterCreator } from '../decks/fixtures';
import { startTestApp, type TestApp } from '../support/app';

/** A raw GET (fetch would decode the body and hide what went over the wire). */
function rawGet(baseUrl: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('response compression', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    const agencyId = (await t.agency()).id;
    for (let i = 0; i < 30; i += 1) await rosterCreator(t, agencyId, `Compressible Creator ${i}`);
    auth = { authorization: `Bearer ${await t.key({ type: 'agency', id: agencyId }, ['roster:read'])}` };
  });
  afterAll(() => t.close());

  it('sends brotli when accepted, and the decoded bytes are the JSON', async () => {
    const plain = await rawGet(t.baseUrl, '/public/v1/creators?limit=30', auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.byteLength).toBeGreaterThan(1024);

    const br = await rawGet(t.baseUrl, '/public/v1/creators?limit=30', { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
    const decoded = JSON.parse(brotliDecompressSync(br.body).toString('utf8'));
    expect(decoded.data).toEqual(JSON.parse(plain.body.toString('utf8')).data);
    expect(br.headers['x-request-id']).toMatch(/^req_/);
  });

  it('sends gzip when brotli is refused or not offered', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', 'deflate, gzip;q=0.5']) {
      const gz = await rawGet(t.baseUrl, '/public/v1/creators?limit=30', { ...auth, 'accept-encoding': acceptEncoding });
      expect(gz.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.body).toString('utf8')).data).toHaveLength(30);
    }
  });

  it('leaves bodies under 1 KB and unaccepted encodings alone, still saying Vary', async () => {
    const small = await rawGet(t.baseUrl, '/public/v1/creators?limit=1', { ...auth, 'accept-encoding': 'br, gzip' });
    expect(small.body.byteLength).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/Accept-Encoding/i);
    const identity = await rawGet(t.baseUrl, '/public/v1/creators?limit=30', { ...auth, 'accept-encoding': 'identity, br;q=0, gzip;q=0' });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the OpenAPI document and problem+json bodies too', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const doc = await rawGet(t.baseUrl, '/openapi.json', { 'accept-encoding': encoding });
      expect(doc.headers['content-encoding']).toBe(encoding);
      const text = (encoding === 'br' ? brotliDecompressSync(doc.body) : gunzipSync(doc.body)).toString('utf8');
      expect(JSON.parse(text).openapi).toBe('3.1.0');
    }
    const longQuery = `/public/v1/creators?limit=${'9'.repeat(1500)}`;
    const problem = await rawGet(t.baseUrl, longQuery, { ...auth, 'accept-encoding': 'gzip' });
    expect(problem.status).toBe(400);
    expect(problem.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('negotiates by q-value, brotli first at equal weight', () => {
    expect(negotiateEncoding(null)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('gzip, br')).toBe('br');
    expect(negotiateEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
  });
});
