import { oauthProviderAuthServerMetadata } from '@better-auth/oauth-provider';
import type { App } from '../app';
import type { Actor, ClientInfo } from '../domain/actor';
import { ApiError } from '../domain/errors';
import { problemResponse } from '../http/problem-response';
import { toFetchResponse } from '../http/exchange';
import { requestIdFrom } from '../http/request-id';
import { API_SECURITY_HEADERS } from '../http/security-headers';
import { clientAddress } from '../lib/client-address';
import { OAUTH_AUTHORIZE_PATH, OAUTH_ENDPOINTS, OAUTH_METADATA_PATHS, OAUTH_REGISTER_PATH, OAUTH_TOKEN_PATH, OAUTH_REVOKE_PATH, oauthIssuer } from '../auth/oauth-paths';
import { redirectUriProblem } from '../auth/oauth-tokens';
import { actableSubjects, grantableScopes, parseSubjectReference, recordAppAuthorized, subjectReference } from '../services/oauth-apps';
import { authFor } from './auth';
import { withConsentSubject } from './oauth-provider-options';

/**
 * The OAuth 2.1 authorization server over HTTP: only the endpoints an MCP client needs are mounted
 * (`OAUTH_ENDPOINTS`: RFC 8414 metadata, authorize, token, register, revoke), on the node layer's
 * API path (no Next), each answered by better-auth's handler. This file adds what the library does
 * not: X-Request-Id on every answer, no caching of token responses, CORS for browser-based clients,
 * our redirect-URI rules at registration (RFC 7591 `invalid_redirect_uri`), and the service's rate
 * limiter on registration and token requests (per client address). Errors the library raises stay
 * OAuth JSON (`{ error, error_description }`), as RFC 6749 and RFC 7591 require; refusals of ours
 * that OAuth has no code for (405, 429) are problem+json like the rest of the API.
 */

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, MCP-Protocol-Version, X-Request-Id',
  'Access-Control-Expose-Headers': 'X-Request-Id, WWW-Authenticate',
  'Access-Control-Max-Age': '600',
};

/** Requests whose rate is limited, by name in the limiter's key. */
const LIMITED: ReadonlyMap<string, string> = new Map([
  [OAUTH_REGISTER_PATH, 'oauth-register'],
  [OAUTH_TOKEN_PATH, 'oauth-token'],
  [OAUTH_REVOKE_PATH, 'oauth-revoke'],
]);

function withHeaders(response: Response, requestId: string, extra: Record<string, string> = {}): Response {
  const headers = new Headers(response.headers);
  headers.set('X-Request-Id', requestId);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries({ ...API_SECURITY_HEADERS, ...CORS_HEADERS, ...extra })) if (!headers.has(name)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function oauthError(status: number, error: string, description: string, requestId: string): Response {
  return withHeaders(Response.json({ error, error_description: description }, { status }), requestId);
}

export function createOAuthHandler(app: App): (request: Request) => Promise<Response> {
  const { services } = app;
  return async function handleOAuthRequest(request: Request): Promise<Response> {
    const requestId = requestIdFrom(request);
    const pathname = new URL(request.url).pathname;
    const method = request.method.toUpperCase();
    const allowed = OAUTH_ENDPOINTS.get(pathname);
    if (!allowed) return toFetchResponse(problemResponse('route-not-found', `No OAuth endpoint at ${pathname}.`, requestId));
    if (method === 'OPTIONS') return withHeaders(new Response(null, { status: 204 }), requestId);
    if (!allowed.includes(method)) {
      return toFetchResponse(problemResponse('method-not-allowed', `${method} is not allowed on ${pathname}; allowed: ${allowed.join(', ')}.`, requestId, { headers: { Allow: allowed.join(', ') } }));
    }
    try {
      const auth = await authFor(app);
      if (OAUTH_METADATA_PATHS.has(pathname)) {
        const metadata = await oauthProviderAuthServerMetadata(auth)(new Request(request.url, { headers: request.headers }));
        return withHeaders(method === 'HEAD' ? new Response(null, { status: metadata.status, headers: metadata.headers }) : metadata, requestId);
      }
      const limited = LIMITED.get(pathname);
      if (limited) {
        const decision = await services.rateLimiter.check('default', `${limited}:${clientAddress(request.headers)}`);
        if (decision && !decision.allowed) {
          return toFetchResponse(
            problemResponse('rate-limited', `Too many ${limited.replace('oauth-', '')} requests from this address; retry in ${decision.resetSeconds} s.`, requestId, {
              headers: { 'Retry-After': String(decision.resetSeconds), ...CORS_HEADERS },
            }),
          );
        }
      }
      let forwarded = request;
      if (pathname === OAUTH_REGISTER_PATH) {
        const text = await request.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return oauthError(400, 'invalid_client_metadata', 'The registration request must be a JSON object.', requestId);
        }
        const uris = (body as { redirect_uris?: unknown } | null)?.redirect_uris;
        if (!Array.isArray(uris) || uris.length === 0) return oauthError(400, 'invalid_redirect_uri', 'redirect_uris must list at least one redirect URI.', requestId);
        for (const uri of uris) {
          const problem = redirectUriProblem(uri);
          if (problem) return oauthError(400, 'invalid_redirect_uri', problem, requestId);
        }
        // A client that names no application type but only redirects to a loopback http listener is a
        // native (desktop) client (RFC 8252): most MCP clients register so, and the library treats an
        // unnamed type as `web`, which must use https.
        const metadata = body as Record<string, unknown>;
        if (metadata.application_type === undefined && uris.every((uri) => typeof uri === 'string' && uri.startsWith('http:'))) metadata.application_type = 'native';
        const headers = new Headers(request.headers);
        headers.delete('content-length');
        forwarded = new Request(request.url, { method: 'POST', headers, body: JSON.stringify(metadata) });
      }
      const response = await auth.handler(forwarded);
      if (pathname === OAUTH_AUTHORIZE_PATH) return withHeaders(await asRedirect(response), requestId);
      return withHeaders(response, requestId);
    } catch (error) {
      services.logger.error('OAuth request failed', { request_id: requestId, path: pathname, error: error instanceof Error ? error.message : String(error) });
      return oauthError(500, 'server_error', 'An unexpected error occurred; quote the request_id if you contact support.', requestId);
    }
  };
}

/**
 * The authorization endpoint always answers a browser with a redirect. The library answers
 * `{ redirect, url }` JSON instead when the request looks like a script's fetch (Sec-Fetch-Mode),
 * which a navigation never is; a redirect is right for both.
 */
async function asRedirect(response: Response): Promise<Response> {
  if (response.status !== 200 || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.clone().json().catch(() => null)) as { redirect?: unknown; url?: unknown } | null;
  if (body?.redirect !== true || typeof body.url !== 'string') return response;
  const headers = new Headers(response.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  headers.set('Location', body.url);
  return new Response(null, { status: 302, headers });
}

export interface ConsentDecision {
  /** The signed query the authorize endpoint sent the browser to the consent page with. */
  oauthQuery: string;
  accept: boolean;
  /** `agency:<id>` or `creator:<id>`: one of the subjects the person may act for. */
  subject: string;
  scopes: string[];
}

/**
 * The consent screen's answer (app/_actions/oauth-consent.ts): checks the subject is one the
 * person can act for and the scopes suit it, lets the library record the consent and issue the
 * code, records `connected_app.authorized`, and returns where the browser goes next (the client's
 * redirect URI with the code, or with `error=access_denied`).
 */
export async function decideConsent(app: App, headers: Headers, decision: ConsentDecision, client: ClientInfo): Promise<string> {
  const auth = await authFor(app);
  const session = await auth.api.getSession({ headers });
  if (!session) throw new ApiError('authentication-required', 'Sign in to answer this request.');
  const query = new URLSearchParams(decision.oauthQuery);
  if (!decision.accept) {
    const answer = await auth.api.oauth2Consent({ headers, request: consentRequest(app, headers), body: { accept: false, oauth_query: decision.oauthQuery } });
    return await redirectOf(answer);
  }
  const owner = parseSubjectReference(decision.subject);
  const subjects = await actableSubjects(app.services.db, session.user.id);
  if (!owner || !subjects.some((s) => s.type === owner.type && s.id === owner.id)) {
    throw new ApiError('validation-error', 'Pick one of the accounts you can act for.');
  }
  const requested = new Set((query.get('scope') ?? '').split(' ').filter(Boolean));
  const grantable = new Set(grantableScopes(owner.type));
  const scopes = [...new Set(decision.scopes)].filter((scope) => requested.has(scope) && grantable.has(scope));
  if (scopes.filter((scope) => scope !== 'offline_access').length === 0) throw new ApiError('validation-error', 'Allow at least one scope, or deny the request.');
  const answer = await withConsentSubject(subjectReference(owner), () =>
    auth.api.oauth2Consent({ headers, request: consentRequest(app, headers), body: { accept: true, scope: scopes.join(' '), oauth_query: decision.oauthQuery } }),
  );
  const clientId = query.get('client_id');
  if (clientId) {
    const actor: Actor = { type: 'user', id: session.user.id, client, requestId: null };
    await recordAppAuthorized(app.services.db, actor, { owner, clientId, scopes });
  }
  return await redirectOf(answer);
}

/** The library's authorize step reads the request it runs in; the consent call from a server action has none of its own. */
function consentRequest(app: App, headers: Headers): Request {
  const forwarded = new Headers(headers);
  forwarded.set('accept', 'application/json');
  return new Request(`${oauthIssuer(app.services.config.publicBaseUrl)}/oauth2/consent`, { method: 'POST', headers: forwarded });
}

async function redirectOf(answer: unknown): Promise<string> {
  if (answer instanceof Response) {
    const location = answer.headers.get('location');
    if (location) return location;
    answer = await answer.json();
  }
  const url = (answer as { url?: unknown; redirect_uri?: unknown } | null)?.url ?? (answer as { redirect_uri?: unknown } | null)?.redirect_uri;
  if (typeof url !== 'string') throw new Error('the consent endpoint gave no redirect');
  return url;
}
