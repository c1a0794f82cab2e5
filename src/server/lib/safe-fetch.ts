import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * Fetches a public web page on behalf of a user (link-in-bio imports) without letting the user aim
 * the service at its own network (SSRF):
 * - https only and the default port, no credentials in the URL;
 * - every address a host resolves to must be public; the connection goes to the very addresses that
 *   were checked (the check runs inside the socket's own DNS lookup, so a second resolution that
 *   answers differently — DNS rebinding — is never used);
 * - redirects are followed by hand, each target checked again, at most `maxRedirects`;
 * - the whole exchange (all hops and the body) has one deadline, and the body a byte cap that also
 *   applies after decompression.
 * `allowPrivateNetworks` (tests only, FETCH_ALLOW_PRIVATE_NETWORKS) lifts the address, scheme and port
 * rules so a loopback fixture server can stand in for the internet.
 */
export interface SafeFetchOptions {
  allowPrivateNetworks: boolean;
  /** Which resolved or literal addresses may be reached; default: public ones (any with allowPrivateNetworks). Tests narrow it. */
  allowAddress?: (address: string) => boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  userAgent: string;
  /** Content types accepted (by prefix); a response without Content-Type is accepted. */
  accept: readonly string[];
}

export const SAFE_FETCH_DEFAULTS = {
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 5,
} as const;

export type SafeFetchErrorCode =
  | 'invalid-url'
  | 'blocked-url'
  | 'blocked-address'
  | 'dns-failure'
  | 'too-many-redirects'
  | 'http-status'
  | 'unsupported-content-type'
  | 'too-large'
  | 'timeout'
  | 'network';

/** A refusal or failure whose message can be shown to the user as is (it names no internals). */
export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchResult {
  /** The URL the body came from, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: string;
}

// Addresses no user-supplied URL may reach: private, loopback, link-local (cloud metadata), CGNAT,
// multicast, documentation and other special-purpose ranges (IANA registries), in both families.
// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are all refused (IPV4_MAPPED below).
const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  // IPv4-compatible addresses (::a.b.c.d, deprecated) reach IPv4 hosts on some stacks; :: and ::1 included.
  ['::', 96],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(prefix, bits, 'ipv6');
}

// Every IPv4-mapped IPv6 address (::ffff:0:0/96), public IPv4 inside or not: a public host has no
// reason to be reached that way, and stacks differ in what they connect such an address to. Its own
// list, checked for IPv6 only: BlockList maps an IPv4 address onto ::ffff:a.b.c.d when checking, so
// this subnet in BLOCKED would refuse every IPv4 address.
const IPV4_MAPPED = new net.BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6 && IPV4_MAPPED.check(address, 'ipv6')) return false;
  return !BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function addressPolicy(options: Pick<SafeFetchOptions, 'allowPrivateNetworks' | 'allowAddress'>): (address: string) => boolean {
  return options.allowAddress ?? (options.allowPrivateNetworks ? () => true : isPublicAddress);
}

function hostnameOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * The checks that need no DNS: scheme, credentials, port, and an IP-literal host. Used both when a
 * URL is submitted (→ 400 at once) and on every redirect target. Throws SafeFetchError.
 */
export function checkFetchableUrl(input: string | URL, options: Pick<SafeFetchOptions, 'allowPrivateNetworks' | 'allowAddress'>): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new SafeFetchError('invalid-url', 'is not a valid absolute URL');
  }
  const allowed = options.allowPrivateNetworks ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) throw new SafeFetchError('blocked-url', 'must be an https URL');
  if (url.username || url.password) throw new SafeFetchError('blocked-url', 'must not contain a user name or password');
  if (!options.allowPrivateNetworks && url.port !== '') throw new SafeFetchError('blocked-url', 'must use the default https port');
  const host = hostnameOf(url);
  if (host === '') throw new SafeFetchError('invalid-url', 'has no host');
  if (net.isIP(host) !== 0 && !addressPolicy(options)(host)) throw new SafeFetchError('blocked-address', notPublic(host));
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The one refusal for a host that is not public — an address literal, a name that resolves to a
 * private or reserved address, or one that does not resolve at all. It names no resolved address and
 * does not tell the cases apart: the message goes back to whoever submitted the URL, and "resolves to
 * 10.1.2.3" (or even "resolves" from "does not") would make URL checks an oracle for internal DNS.
 */
export function notPublic(hostname: string): string {
  return `has a host (${hostname}) that is not a public address`;
}

/** notPublic as a clause, for failures found while fetching ("could not be imported: the host … is not a public address"). */
function hostNotPublic(hostname: string): string {
  return `the host ${hostname} is not a public address`;
}

/** A socket `lookup` that refuses hosts resolving to any non-public address. */
export function guardedLookup(allowAddress: (address: string) => boolean): net.LookupFunction {
  return (hostname: string, options: { family?: number | string; all?: boolean; hints?: number }, callback: LookupCallback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : typeof options.family === 'number' ? options.family : 0;
    dnsLookup(hostname, { all: true, family, hints: options.hints }, (error, addresses) => {
      // One message for both outcomes, naming no address (notPublic).
      if (error || addresses.length === 0) {
        callback(new SafeFetchError('dns-failure', hostNotPublic(hostname)), []);
        return;
      }
      if (addresses.some((a) => !allowAddress(a.address))) {
        callback(new SafeFetchError('blocked-address', hostNotPublic(hostname)), []);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function decoded(response: IncomingMessage): Readable {
  switch ((response.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

function charsetOf(contentType: string | null): string {
  const match = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '');
  const label = match?.[1] ?? 'utf-8';
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return 'utf-8';
  }
}

/** One hop: resolves with the response (not yet read) or rejects with a SafeFetchError. */
function requestOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<{ response: IncomingMessage; abort: () => void }> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'GET',
      agent: false,
      lookup: guardedLookup(addressPolicy(options)),
      signal,
      headers: {
        'user-agent': options.userAgent,
        accept: options.accept.join(', '),
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    request.once('response', (response) => resolve({ response, abort: () => request.destroy() }));
    request.once('error', (error) => reject(toSafeFetchError(error, signal)));
    request.end();
  });
}

function toSafeFetchError(error: unknown, signal: AbortSignal): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  if (signal.aborted) return new SafeFetchError('timeout', 'the page did not answer in time');
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof SafeFetchError) return cause;
  const code = (error as NodeJS.ErrnoException).code;
  return new SafeFetchError('network', `the page could not be reached${code ? ` (${code})` : ''}`);
}

function readCapped(response: IncomingMessage, options: SafeFetchOptions, signal: AbortSignal, abort: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      abort();
      reject(new SafeFetchError('too-large', `the page is larger than ${options.maxBytes} bytes`));
      return;
    }
    const stream = decoded(response);
    const chunks: Buffer[] = [];
    let total = 0;
    let rawTotal = 0;
    let settled = false;
    // Settle before tearing down: destroying the streams emits errors of their own.
    const fail = (error: SafeFetchError) => {
      if (settled) return;
      settled = true;
      reject(error);
      abort();
      stream.destroy();
    };
    response.on('data', (chunk: Buffer) => {
      rawTotal += chunk.byteLength;
      if (rawTotal > options.maxBytes) fail(new SafeFetchError('too-large', `the page is larger than ${options.maxBytes} bytes`));
    });
    stream.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > options.maxBytes) fail(new SafeFetchError('too-large', `the page is larger than ${options.maxBytes} bytes`));
      else chunks.push(chunk);
    });
    stream.once('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    stream.once('error', (error) => fail(error instanceof SafeFetchError ? error : new SafeFetchError('network', 'the page could not be read')));
    response.once('error', (error) => fail(toSafeFetchError(error, signal)));
    response.once('aborted', () => fail(toSafeFetchError(new Error('aborted'), signal)));
    // The deadline covers the body too: a server that trickles bytes is cut off.
    signal.addEventListener('abort', () => fail(new SafeFetchError('timeout', 'the page did not answer in time')), { once: true });
  });
}

/** GETs `input` under the rules above and returns the raw body. Throws SafeFetchError. */
export async function safeFetchBytes(input: string, options: SafeFetchOptions): Promise<Omit<SafeFetchResult, 'body'> & { bytes: Buffer }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkFetchableUrl(input, options);
  for (let hop = 0; ; hop += 1) {
    const { response, abort } = await requestOnce(url, options, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && status !== 304) {
      abort();
      response.resume();
      const location = response.headers.location;
      if (!location) throw new SafeFetchError('http-status', `the page answered HTTP ${status} without a Location`);
      if (hop >= options.maxRedirects) throw new SafeFetchError('too-many-redirects', `the page redirected more than ${options.maxRedirects} times`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new SafeFetchError('invalid-url', 'the page redirected to an invalid URL');
      }
      try {
        url = checkFetchableUrl(next, options);
      } catch (error) {
        const reason = error as SafeFetchError;
        throw new SafeFetchError(reason.code, `the page redirected to a URL that ${reason.message}`);
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      abort();
      response.resume();
      throw new SafeFetchError('http-status', `the page answered HTTP ${status}`);
    }
    const contentType = response.headers['content-type'] ?? null;
    const mediaType = contentType?.split(';', 1)[0]!.trim().toLowerCase() ?? null;
    if (mediaType !== null && !options.accept.some((type) => mediaType === type)) {
      abort();
      response.resume();
      throw new SafeFetchError('unsupported-content-type', `the page is ${mediaType}, not ${options.accept.join(' or ')}`);
    }
    const bytes = await readCapped(response, options, signal, abort);
    return { url: url.toString(), status, contentType, bytes };
  }
}

/** GETs `input` under the rules above and returns the decoded text body. Throws SafeFetchError. */
export async function safeFetchText(input: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const { bytes, ...rest } = await safeFetchBytes(input, options);
  return { ...rest, body: new TextDecoder(charsetOf(rest.contentType)).decode(bytes) };
}
