import { AsyncLocalStorage } from 'node:async_hooks';
import { oauthProvider } from '@better-auth/oauth-provider';
import type { App } from '../app';
import { OAUTH_CONSENT_PAGE, OAUTH_SIGN_IN_PAGE } from '../auth/oauth-paths';
import { hashOAuthToken, OAUTH_ACCESS_TOKEN_PREFIX, OAUTH_REFRESH_TOKEN_PREFIX, OFFLINE_ACCESS } from '../auth/oauth-tokens';
import { ALL_SCOPES } from '../auth/scopes';
import { MCP_PATH } from '../mcp/paths';
import { actableSubjects, subjectReference } from '../services/oauth-apps';

/**
 * better-auth's OAuth 2.1 provider plugin, configured for hosted AI assistants connecting to /mcp
 * (the MCP authorization spec). What we chose, and why:
 * - Opaque access tokens (no JWT plugin): the gateway looks each one up by its hash on every
 *   request, so revoking a connected app ends its tokens at once on every instance.
 * - Open dynamic client registration (RFC 7591): hosted assistants register themselves; the
 *   redirect-URI rules are checked before the library sees the request (oauth-server.ts).
 * - PKCE S256 required for every client (public clients always; registered confidential ones by
 *   `clientRegistrationRequirePKCE`); only the authorization-code and refresh-token grants.
 * - One resource (RFC 8707), this service's /mcp, linked to every registered client: tokens are
 *   bound to it, and the REST API refuses them.
 * - Refresh tokens (for `offline_access`) rotate on every use; a reused one is refused.
 * - The subject (agency or creator) a consent and its tokens act for is the library's
 *   `referenceId` (`agency:<id>`): the consent screen's choice, carried into the library's call by
 *   `withConsentSubject`; otherwise the person's default subject.
 */

const consentSubject = new AsyncLocalStorage<string>();

/** Runs `fn` (the consent endpoint's call) with the subject the person picked on the consent screen. */
export function withConsentSubject<T>(reference: string, fn: () => Promise<T>): Promise<T> {
  return consentSubject.run(reference, fn);
}

export function mcpResource(app: App): string {
  return `${app.services.config.publicBaseUrl}${MCP_PATH}`;
}

export function oauthProviderPlugin(app: App) {
  const { db } = app.services;
  const resource = mcpResource(app);
  const scopes = [...ALL_SCOPES, OFFLINE_ACCESS];
  return oauthProvider({
    scopes,
    disableJwtPlugin: true,
    loginPage: OAUTH_SIGN_IN_PAGE,
    consentPage: OAUTH_CONSENT_PAGE,
    grantTypes: ['authorization_code', 'refresh_token'],
    allowDynamicClientRegistration: true,
    allowUnauthenticatedClientRegistration: true,
    clientRegistrationRequirePKCE: true,
    resources: [{ identifier: resource, name: 'creator-api MCP server', allowedScopes: scopes }],
    resourceSeedMode: 'overwrite',
    clientRegistrationDefaultResources: [resource],
    enforcePerClientResources: true,
    accessTokenExpiresIn: 3600,
    refreshTokenExpiresIn: 30 * 24 * 3600,
    refreshTokenReuseInterval: 0,
    codeExpiresIn: 600,
    storeTokens: { hash: (token) => hashOAuthToken(token) },
    prefix: { opaqueAccessToken: OAUTH_ACCESS_TOKEN_PREFIX, refreshToken: OAUTH_REFRESH_TOKEN_PREFIX },
    postLogin: {
      page: OAUTH_CONSENT_PAGE,
      // The subject is picked on the consent screen itself, never on a page of its own.
      shouldRedirect: () => false,
      consentReferenceId: async ({ user }) => {
        const chosen = consentSubject.getStore();
        if (chosen) return chosen;
        const subjects = await actableSubjects(db, user.id);
        return subjects[0] ? subjectReference(subjects[0]) : undefined;
      },
    },
    // Our own limiter guards the mounted endpoints (oauth-server.ts); better-auth's is off anyway.
    rateLimit: { token: false, authorize: false, introspect: false, revoke: false, register: false, userinfo: false },
  });
}
