import { createHash } from 'node:crypto';

/**
 * OAuth 2.1 credentials for hosted AI assistants (issued by @better-auth/oauth-provider, see
 * src/server/web/oauth-server.ts). The library generates the random values; this file only fixes
 * how they look and how they are stored, so the gateway can recognise and look them up.
 *
 * - Access and refresh tokens carry a prefix (`crk_oat_`, `crk_ort_`) that tells them from API keys
 *   at a glance and to secret scanners; the prefix is not stored.
 * - Only SHA-256 of the rest is stored (base64url), like API keys: a read of the tables hands out no
 *   working token.
 */
export const OAUTH_ACCESS_TOKEN_PREFIX = 'crk_oat_';
export const OAUTH_REFRESH_TOKEN_PREFIX = 'crk_ort_';

/** The stored form of a token (or authorization code) without its prefix. */
export function hashOAuthToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

export function isOAuthAccessToken(secret: string): boolean {
  return secret.startsWith(OAUTH_ACCESS_TOKEN_PREFIX);
}

/** The scope a client asks for to be given a refresh token (OAuth's `offline_access`). */
export const OFFLINE_ACCESS = 'offline_access';

/**
 * Redirect URIs a dynamically registered client may use (MCP authorization spec, OAuth 2.1 §2.3.1 and
 * RFC 8252 for native apps): `https:` anywhere, `http:` only on a loopback host (a desktop client's
 * local listener); never `javascript:`, `data:` or any other scheme, no fragment, no credentials in
 * the URI. Returns why a URI is refused, or null when it is fine.
 */
export function redirectUriProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return 'a redirect URI must be a non-empty string of at most 2048 characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value} is not an absolute URI`;
  }
  if (url.hash !== '' || value.includes('#')) return `${value} has a fragment, which redirect URIs may not have`;
  if (url.username !== '' || url.password !== '') return `${value} carries credentials`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname) ? null : `${value} uses http on a host that is not loopback; use https (http is allowed only for 127.0.0.1, [::1] and localhost)`;
  }
  return `${value} uses the ${url.protocol} scheme; only https (or http on a loopback host) is allowed`;
}

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);
