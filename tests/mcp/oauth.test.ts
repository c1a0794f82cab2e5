import { randomBytes } from 'node:crypto';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CLIENT } from '../../src/server/domain/actor';
import { createAgency } from '../../src/server/services/accounts';
import { listConnectedApps, revokeConnectedApp } from '../../src/server/services/oauth-apps';
import { authFor } from '../../src/server/web/auth';
import { decideConsent } from '../../src/server/web/oauth-server';
import { startTestApp, type TestApp } from '../support/app';
import { connectMcp, dataOf } from './support';

/**
 * Issue 30: a hosted AI assistant with no API key connects to /mcp through the MCP authorization
 * spec — the MCP SDK client's own `auth()` flow (discovery from the 401, dynamic registration,
 * PKCE, token, refresh) against the running server, with consent given by a person signed in
 * through better-auth, then the connected app revoked.
 */
let t: TestApp;
let publicBase: string;
const PASSWORD = 'a long enough passphrase';
const REDIRECT = 'http://127.0.0.1:53682/callback';

/** The SDK's fetches go to the public base URL the server advertises; send them to the test server. */
const fetchFn = (url: string | URL, init?: RequestInit) => fetch(String(url).replace(publicBase, t.baseUrl), init);

class TestProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  authorizationUrl?: URL;
  constructor(private readonly metadata: Partial<OAuthClientMetadata> = {}) {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Test Assistant', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', ...this.metadata };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }
}

/** A confirmed person who owns an agency, signed in: their session cookie. */
async function signedInAgencyOwner() {
  const a = await authFor(t.app);
  const email = `owner-${randomBytes(4).toString('hex')}@example.test`;
  const { user } = await a.api.signUpEmail({ body: { name: 'Owner', email, password: PASSWORD } });
  await t.db.user.update({ where: { id: user.id }, data: { emailVerified: true } });
  const { agency } = await createAgency(t.db, { name: `OAuth agency ${randomBytes(3).toString('hex')}`, ownerUserId: user.id });
  const signedIn = await a.api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { userId: user.id, agencyId: agency.id, cookie };
}

/** Runs the browser's part: the authorization URL with the session → the consent page → the person's answer → the code. */
async function consent(provider: TestProvider, cookie: string, answer: { subject: string; scopes: string[]; accept?: boolean }) {
  const authorize = await fetchFn(provider.authorizationUrl!, { headers: { cookie }, redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const consentPage = new URL(authorize.headers.get('location')!, publicBase);
  expect(consentPage.pathname).toBe('/oauth/consent');
  const redirect = await decideConsent(t.app, new Headers({ cookie }), { oauthQuery: consentPage.search.slice(1), accept: answer.accept ?? true, subject: answer.subject, scopes: answer.scopes }, NO_CLIENT);
  return new URL(redirect);
}

async function connectWithOAuth(scopes: string[]) {
  const person = await signedInAgencyOwner();
  const provider = new TestProvider();
  const serverUrl = `${publicBase}/mcp`;
  expect(await auth(provider, { serverUrl, fetchFn })).toBe('REDIRECT');
  const back = await consent(provider, person.cookie, { subject: `agency:${person.agencyId}`, scopes });
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  expect(await auth(provider, { serverUrl, authorizationCode: code!, fetchFn })).toBe('AUTHORIZED');
  return { person, provider, serverUrl };
}

beforeAll(async () => {
  t = await startTestApp();
  publicBase = t.app.services.config.publicBaseUrl;
});
afterAll(() => t?.close());

describe('OAuth 2.1 for /mcp (MCP authorization spec)', () => {
  it('discovery: the 401 names the resource metadata, which names the authorization server, whose metadata requires PKCE S256', async () => {
    const unauthorized = await t.request('/mcp', { method: 'POST', json: { jsonrpc: '2.0', id: 1, method: 'ping' } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('www-authenticate')).toContain(`resource_metadata="${publicBase}/.well-known/oauth-protected-resource/mcp"`);
    const resource = (await (await t.request('/.well-known/oauth-protected-resource/mcp')).json()) as { resource: string; authorization_servers: string[]; scopes_supported: string[] };
    expect(resource.resource).toBe(`${publicBase}/mcp`);
    expect(resource.authorization_servers).toEqual([`${publicBase}/api/auth`]);
    expect(resource.scopes_supported).toContain('offline_access');
    for (const path of ['/.well-known/oauth-authorization-server/api/auth', '/.well-known/oauth-authorization-server']) {
      const response = await t.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBeTruthy();
      const metadata = (await response.json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({
        issuer: `${publicBase}/api/auth`,
        authorization_endpoint: `${publicBase}/api/auth/oauth2/authorize`,
        token_endpoint: `${publicBase}/api/auth/oauth2/token`,
        registration_endpoint: `${publicBase}/api/auth/oauth2/register`,
        code_challenge_methods_supported: ['S256'],
      });
    }
  });

  it('an SDK client with no API key registers, gets consent, exchanges the code with PKCE, calls creators_list, refreshes, and is cut off by revocation', async () => {
    const { person, provider, serverUrl } = await connectWithOAuth(['roster:read', 'offline_access']);
    const tokens = provider.tokens()!;
    expect(tokens.access_token).toMatch(/^crk_oat_/);
    expect(tokens.refresh_token).toMatch(/^crk_ort_/);
    expect(tokens.scope?.split(' ').sort()).toEqual(['offline_access', 'roster:read']);
    // Stored hashed: no row holds the token as given.
    expect(await t.db.oauthAccessToken.count({ where: { token: { contains: tokens.access_token.slice(8, 20) } } })).toBe(0);

    const client = await connectMcp(t, tokens.access_token);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('creators_list');
    expect(names).not.toContain('creators_create'); // roster:write was not granted
    const listed = await client.callTool({ name: 'creators_list', arguments: {} });
    expect(listed.isError).toBeFalsy();
    expect(Array.isArray(dataOf(listed).data)).toBe(true);
    await client.close();

    // The same token on the REST API: refused (bound to /mcp, RFC 8707).
    const rest = await t.request('/public/v1/creators', { key: tokens.access_token });
    expect(rest.status).toBe(401);

    // Refresh: a new pair; the old refresh token is spent (rotation).
    const old = tokens.refresh_token!;
    provider.saved = { ...tokens, access_token: 'crk_oat_expired' };
    expect(await auth(provider, { serverUrl, fetchFn })).toBe('AUTHORIZED');
    const refreshed = provider.tokens()!;
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(old);
    // Connected apps: listed with its scopes and subject; revoking it makes the next call a 401.
    const apps = await listConnectedApps(t.db, person.userId);
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ name: 'Test Assistant', redirectHosts: ['127.0.0.1:53682'], subject: { type: 'agency', id: person.agencyId } });
    expect(apps[0]!.scopes.sort()).toEqual(['offline_access', 'roster:read']);
    const live = await connectMcp(t, refreshed.access_token);
    expect((await live.callTool({ name: 'creators_list', arguments: {} })).isError).toBeFalsy();
    await live.close();
    await revokeConnectedApp(t.db, { type: 'user', id: person.userId, client: NO_CLIENT, requestId: null }, person.userId, apps[0]!.id);
    const after = await t.request('/mcp', { method: 'POST', key: refreshed.access_token, json: { jsonrpc: '2.0', id: 1, method: 'ping' } });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('resource_metadata=');
    expect(await listConnectedApps(t.db, person.userId)).toHaveLength(0);
    // Neither the spent refresh token nor the current one gets a new access token.
    for (const refreshToken of [old, refreshed.refresh_token!]) {
      const response = await t.request('/api/auth/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: provider.info!.client_id, resource: serverUrl }).toString(),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
    }
    const audit = await t.db.auditEvent.findMany({ where: { subjectId: person.agencyId }, select: { action: true }, orderBy: { id: 'asc' } });
    expect(audit.map((row) => row.action)).toEqual(['connected_app.authorized', 'connected_app.revoked']);
  });

  it('refuses a redirect URI that is not https or loopback http, javascript: and data: included', async () => {
    for (const uri of ['javascript:alert(1)', 'data:text/html,hi', 'http://evil.example/cb', 'https://ok.example/cb#frag', 'ftp://x.example/cb']) {
      const response = await t.request('/api/auth/oauth2/register', { method: 'POST', json: { client_name: 'Bad', redirect_uris: [uri], token_endpoint_auth_method: 'none' } });
      expect(response.status, uri).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_redirect_uri');
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
    for (const uri of ['https://claude.example/api/callback', 'http://localhost:6274/callback', 'http://127.0.0.1:9/cb']) {
      const response = await t.request('/api/auth/oauth2/register', { method: 'POST', json: { client_name: 'Good', redirect_uris: [uri], token_endpoint_auth_method: 'none' } });
      expect(response.status, uri).toBe(201);
    }
  });

  it('refuses an authorization request without PKCE, and one for another resource', async () => {
    const person = await signedInAgencyOwner();
    const provider = new TestProvider();
    expect(await auth(provider, { serverUrl: `${publicBase}/mcp`, fetchFn })).toBe('REDIRECT');
    const withoutPkce = new URL(provider.authorizationUrl!);
    withoutPkce.searchParams.delete('code_challenge');
    withoutPkce.searchParams.delete('code_challenge_method');
    const refused = await fetchFn(withoutPkce, { headers: { cookie: person.cookie }, redirect: 'manual' });
    const back = new URL(refused.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');

    const otherResource = new URL(provider.authorizationUrl!);
    otherResource.searchParams.set('resource', `${publicBase}/public/v1`);
    const wrong = await fetchFn(otherResource, { headers: { cookie: person.cookie }, redirect: 'manual' });
    const wrongBack = new URL(wrong.headers.get('location')!);
    expect(wrongBack.searchParams.get('error')).toBe('invalid_target');
  });

  it('a denied consent sends the client access_denied and connects nothing', async () => {
    const person = await signedInAgencyOwner();
    const provider = new TestProvider();
    expect(await auth(provider, { serverUrl: `${publicBase}/mcp`, fetchFn })).toBe('REDIRECT');
    const back = await consent(provider, person.cookie, { subject: `agency:${person.agencyId}`, scopes: [], accept: false });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await listConnectedApps(t.db, person.userId)).toHaveLength(0);
  });

  it('a signed-out browser is sent to sign in first', async () => {
    const provider = new TestProvider();
    expect(await auth(provider, { serverUrl: `${publicBase}/mcp`, fetchFn })).toBe('REDIRECT');
    const response = await fetchFn(provider.authorizationUrl!, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!, publicBase).pathname).toBe('/oauth/sign-in');
  });
});
