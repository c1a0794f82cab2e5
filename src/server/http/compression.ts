import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { headerValue, withHeader, type ApiRequest, type ApiResponse } from './exchange';

/**
 * Response compression for the API: gzip or brotli (node:zlib) for JSON and problem+json bodies of
 * at least 1 KB, when Accept-Encoding allows it. Brotli at quality 5 and gzip at level 6 are the
 * usual settings for dynamic content (quality 11 costs ~50× the CPU for a few percent). Every
 * compressible response says `Vary: Accept-Encoding`, compressed or not, so caches keep both.
 */
export const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/**
 * The best encoding the client accepts (RFC 9110 §12.5.3): brotli before gzip at equal weight,
 * `q=0` refuses one, `*` stands for any not listed.
 */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  const [br, gz] = [weightOf('br'), weightOf('gzip')];
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

export function compressBytes(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
    : gzipAsync(body, { level: 6 });
}

/** Publicly cacheable bodies (the OpenAPI document) are the same on every request: compress each once. */
const staticCache = new Map<string, Buffer>();
const STATIC_CACHE_ENTRIES = 8;

async function compressCached(body: Uint8Array, encoding: Encoding, cacheable: boolean): Promise<Buffer> {
  if (!cacheable) return compressBytes(body, encoding);
  const key = `${encoding}:${createHash('sha256').update(body).digest('base64')}`;
  let compressed = staticCache.get(key);
  if (!compressed) {
    compressed = await compressBytes(body, encoding);
    if (staticCache.size >= STATIC_CACHE_ENTRIES) staticCache.delete(staticCache.keys().next().value!);
    staticCache.set(key, compressed);
  }
  return compressed;
}

/**
 * Compresses a JSON or problem+json answer when the client accepts it and it is at least 1 KB. The
 * body stays the string it was made from when it is not compressed (no copy), and the answer is
 * then given synchronously: no promise and its ticks per request for nearly every small answer.
 */
export function compressResponse(request: ApiRequest, response: ApiResponse): ApiResponse | Promise<ApiResponse> {
  const contentType = headerValue(response.headers, 'content-type');
  if (response.body === null || !contentType || !COMPRESSIBLE.test(contentType) || headerValue(response.headers, 'content-encoding') !== undefined) return response;
  const vary = headerValue(response.headers, 'vary');
  const headers = withHeader(response.headers, 'Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const size = typeof response.body === 'string' ? Buffer.byteLength(response.body) : response.body.byteLength;
  const encoding = size < MIN_COMPRESS_BYTES || request.method === 'HEAD' ? null : negotiateEncoding(request.headers.get('accept-encoding'));
  if (!encoding) return { ...response, headers };
  const body = typeof response.body === 'string' ? Buffer.from(response.body) : response.body;
  const cacheable = /\bpublic\b/.test(headerValue(response.headers, 'cache-control') ?? '');
  headers['Content-Encoding'] = encoding;
  return compressCached(body, encoding, cacheable).then((compressed) => ({ ...response, headers, body: compressed }));
}
