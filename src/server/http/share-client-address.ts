import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../config';

/**
 * The client address a share-page load is counted and capped under — the one place the page path
 * decides it. Today's rule (as for sign-ins): behind TRUST_PROXY the first X-Forwarded-For entry,
 * else the socket's address. The hardening work's trusted-proxy rule replaces this body.
 */
export function shareClientAddress(req: IncomingMessage, config: Pick<AppConfig, 'trustProxy'>): string {
  if (config.trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',', 1)[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? '';
}
