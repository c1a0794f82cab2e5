/**
 * Where the OAuth 2.1 authorization server answers (src/server/web/oauth-server.ts mounts it). The
 * issuer is `<PUBLIC_BASE_URL>/api/auth` (better-auth's base path), so its RFC 8414 metadata is at
 * `/.well-known/oauth-authorization-server/api/auth`; the root form is served too, for clients that
 * only try that one.
 */
export const OAUTH_BASE_PATH = '/api/auth';
export const OAUTH_AUTHORIZE_PATH = `${OAUTH_BASE_PATH}/oauth2/authorize`;
export const OAUTH_TOKEN_PATH = `${OAUTH_BASE_PATH}/oauth2/token`;
export const OAUTH_REGISTER_PATH = `${OAUTH_BASE_PATH}/oauth2/register`;
export const OAUTH_REVOKE_PATH = `${OAUTH_BASE_PATH}/oauth2/revoke`;
export const OAUTH_METADATA_PATHS: ReadonlySet<string> = new Set(['/.well-known/oauth-authorization-server', `/.well-known/oauth-authorization-server${OAUTH_BASE_PATH}`]);
/** The only better-auth endpoints reachable over HTTP, with the methods each answers. */
export const OAUTH_ENDPOINTS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  [OAUTH_AUTHORIZE_PATH, ['GET']],
  [OAUTH_TOKEN_PATH, ['POST']],
  [OAUTH_REGISTER_PATH, ['POST']],
  [OAUTH_REVOKE_PATH, ['POST']],
  ...[...OAUTH_METADATA_PATHS].map((path): [string, readonly string[]] => [path, ['GET', 'HEAD']]),
]);
/** The consent screen (app/(account)/oauth/consent) and the sign-in step before it. */
export const OAUTH_CONSENT_PAGE = '/oauth/consent';
export const OAUTH_SIGN_IN_PAGE = '/oauth/sign-in';

export function isOAuthPath(pathname: string): boolean {
  return OAUTH_ENDPOINTS.has(pathname);
}

export function oauthIssuer(publicBaseUrl: string): string {
  return `${publicBaseUrl}${OAUTH_BASE_PATH}`;
}
