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
  /**
   * Called once the whole request has been handed to its socket (the request's `finish`): later than
   * the call returns when the agent must first connect a socket for it. Not called if it never is.
   */
  onWritten?: () => void;
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

/**
 * One keep-alive agent per endpoint origin (and address policy), so deliveries to one endpoint reuse
 * their connection — and TLS session — instead of opening one per attempt. A pooled socket was
 * connected to an address the policy checked when it was opened; an agent is never shared across
 * policies (the private-network switch) or with a caller's own address rule. At most
 * POOLED_SOCKETS per endpoint (the deliveries lane's in-flight limit) and POOLED_ENDPOINTS agents,
 * least recently used first out; an idle socket closes after IDLE_SOCKET_MS.
 */
const POOLED_SOCKETS = 2;
const POOLED_ENDPOINTS = 500;
const IDLE_SOCKET_MS = 15_000;
const agents = new Map<string, http.Agent>();

function agentFor(url: URL, options: SafePostOptions): http.Agent | false {
  if (options.allowAddress) return false;
  const key = `${url.protocol}//${url.host}|${options.allowPrivateNetworks ? 'private' : 'public'}`;
  const pooled = agents.get(key);
  if (pooled) {
    agents.delete(key);
    agents.set(key, pooled);
    return pooled;
  }
  const Agent = url.protocol === 'https:' ? https.Agent : http.Agent;
  const agent = new Agent({ keepAlive: true, maxSockets: POOLED_SOCKETS, maxFreeSockets: POOLED_SOCKETS, timeout: IDLE_SOCKET_MS });
  agents.set(key, agent);
  if (agents.size > POOLED_ENDPOINTS) {
    const [oldestKey, oldest] = agents.entries().next().value as [string, http.Agent];
    agents.delete(oldestKey);
    oldest.destroy();
  }
  return agent;
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
      agent: agentFor(url, options),
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
      const done = (reusable: boolean) => {
        finish(null, { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        // A fully read answer leaves its socket to the agent's pool; one cut short cannot be reused.
        if (!reusable) request.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        if (kept < options.keepBytes) {
          chunks.push(chunk.subarray(0, options.keepBytes - kept));
          kept += Math.min(chunk.byteLength, options.keepBytes - kept);
        }
        // Enough for the log: the status is what counts, so stop reading a large answer.
        if (kept >= options.keepBytes) done(false);
      });
      response.once('end', () => done(true));
      response.once('error', () => done(false));
    });
    request.once('error', (error) => {
      if (error instanceof SafeFetchError) return finish(error);
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof SafeFetchError) return finish(cause);
      if (signal.aborted) return finish(new SafeFetchError('timeout', `no answer within ${options.timeoutMs / 1000} s`));
      const code = (error as NodeJS.ErrnoException).code;
      finish(new SafeFetchError('network', `the endpoint could not be reached${code ? ` (${code})` : ''}`));
    });
    if (options.onWritten) request.once('finish', options.onWritten);
    request.end(body);
  });
}
