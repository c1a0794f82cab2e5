import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { addressPolicy, checkFetchableUrl, guardedLookup, notPublic, SafeFetchError, type SafeFetchOptions } from './safe-fetch';

/**
 * POSTs a JSON body to a user-supplied URL (webhook deliveries) under the same SSRF rules as
 * safe-fetch.ts: https on the default port, every resolved address public and the connection made to
 * exactly the checked addresses. Redirects are never followed (a 3xx is the answer), one deadline covers
 * connecting, sending and reading, and only the first bytes of the answer are kept (for the delivery log).
 */
export type SafePostOptions = Pick<SafeFetchOptions, 'allowPrivateNetworks' | 'allowAddress' | 'timeoutMs' | 'userAgent'> & {
  /** How much of the response body to keep. */
  keepBytes: number;
};

export interface SafePostResult {
  status: number;
  /** The first `keepBytes` of the body, as text. */
  body: string;
}

/** Checks a URL before it is stored: the rules needing no DNS, then that its host resolves to allowed addresses only. */
export async function checkDeliverableUrl(input: string, options: Pick<SafeFetchOptions, 'allowPrivateNetworks' | 'allowAddress'>): Promise<URL> {
  const url = checkFetchableUrl(input, options);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (net.isIP(host) !== 0) return url;
  let addresses: { address: string }[];
  try {
    addresses = await dnsLookup(host, { all: true });
  } catch {
    // The same words as a private address: which of the two it was is what an oracle would tell.
    throw new SafeFetchError('blocked-address', notPublic(host));
  }
  const allowed = addressPolicy(options);
  if (addresses.length === 0 || addresses.some((a) => !allowed(a.address))) throw new SafeFetchError('blocked-address', notPublic(host));
  return url;
}

export function safePostJson(input: string, body: string, headers: Record<string, string>, options: SafePostOptions): Promise<SafePostResult> {
  const url = checkFetchableUrl(input, options);
  const signal = AbortSignal.timeout(options.timeoutMs);
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: SafeFetchError | null, result?: SafePostResult) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(result!);
    };
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(addressPolicy(options)),
      signal,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': options.userAgent,
      },
    });
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        finish(null, { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        request.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        if (kept < options.keepBytes) {
          chunks.push(chunk.subarray(0, options.keepBytes - kept));
          kept += Math.min(chunk.byteLength, options.keepBytes - kept);
        }
        // Enough for the log: the status is what counts, so stop reading a large answer.
        if (kept >= options.keepBytes) done();
      });
      response.once('end', done);
      response.once('error', done);
    });
    request.once('error', (error) => {
      if (error instanceof SafeFetchError) return finish(error);
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof SafeFetchError) return finish(cause);
      if (signal.aborted) return finish(new SafeFetchError('timeout', `no answer within ${options.timeoutMs / 1000} s`));
      const code = (error as NodeJS.ErrnoException).code;
      finish(new SafeFetchError('network', `the endpoint could not be reached${code ? ` (${code})` : ''}`));
    });
    request.end(body);
  });
}
