import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { operatorActor } from '../../src/server/domain/actor';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/server/services/api-keys';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { connectMcp, dataOf, problemOf } from './support';

const PROBLEMS = 'https://creator-api.dev/problems/';
const ACCEPT = 'application/json, text/event-stream';

/** /mcp over raw HTTP: authentication, methods, protocol negotiation, discovery and shared rate limits. */
describe('MCP endpoint', () => {
  let t: TestApp;
  let agencyKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    agencyKey = await t.key({ type: 'agency', id: (await t.agency({ plan: 'pro' })).id });
  });
  afterAll(async () => {
    await t.close();
  });

  const rpc = (body: unknown, headers: Record<string, string> = {}) =>
    t.request('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers }, body: JSON.stringify(body) });
  const initialize = (protocolVersion: string) => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-http', version: '0' } },
  });

  it('answers 401 problem+json with WWW-Authenticate: Bearer for a missing, malformed or unknown key', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'authentication-required'],
      [{ authorization: 'Basic dXNlcjpwYXNz' }, 'invalid-api-key'],
      [{ authorization: 'Bearer crk_agency_not-a-real-key' }, 'invalid-api-key'],
    ];
    for (const [headers, slug] of cases) {
      const response = await rpc(initialize(LATEST_PROTOCOL_VERSION), headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="creator-api"/);
      expect(response.headers.get('x-request-id')).toMatch(/^req_/);
      const problem = await readProblem(response);
      expect(problem).toMatchObject({ type: `${PROBLEMS}${slug}`, status: 401 });
      expect(problem.request_id).toBe(response.headers.get('x-request-id'));
    }
    const revokedAgency = (await t.agency()).id;
    const revokedKey = await t.key({ type: 'agency', id: revokedAgency });
    const row = await t.db.apiKey.findFirstOrThrow({ where: { subjectType: 'agency', subjectId: revokedAgency } });
    await revokeApiKey(t.db, operatorActor(), row.id);
    const revoked = await rpc(initialize(LATEST_PROTOCOL_VERSION), { authorization: `Bearer ${revokedKey}` });
    expect(revoked.status).toBe(401);
    expect((await readProblem(revoked)).type).toBe(`${PROBLEMS}api-key-revoked`);
  });

  it('points every 401 at the protected-resource metadata (RFC 9728), which the SDK client discovers', async () => {
    const metadataUrl = `${t.app.services.config.publicBaseUrl}/.well-known/oauth-protected-resource/mcp`;
    for (const headers of [{}, { authorization: 'Bearer crk_agency_not-a-real-key' }, { authorization: 'Basic dXNlcjpwYXNz' }] as Record<string, string>[]) {
      const response = await rpc(initialize(LATEST_PROTOCOL_VERSION), headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain(`resource_metadata="${metadataUrl}"`);
      // The SDK's own parser finds it.
      expect(extractWWWAuthenticateParams(response).resourceMetadataUrl?.href).toBe(metadataUrl);
    }
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const metadata = await response.json();
      expect(metadata).toMatchObject({ resource: `${t.app.services.config.publicBaseUrl}/mcp`, bearer_methods_supported: ['header'] });
      expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['roster:read', 'roster:write', 'webhooks:write']));
      expect((await t.request(path, { method: 'POST' })).status).toBe(405);
    }
    // The SDK client's discovery, as it runs when /mcp answers 401 (path-suffixed form first).
    const discovered = await discoverOAuthProtectedResourceMetadata(new URL(`${t.baseUrl}/mcp`));
    expect(discovered.resource).toBe(`${t.app.services.config.publicBaseUrl}/mcp`);
  });

  it('negotiates the protocol version, statelessly (no session id)', async () => {
    const auth = { authorization: `Bearer ${agencyKey}` };
    const latest = await rpc(initialize(LATEST_PROTOCOL_VERSION), auth);
    expect(latest.status).toBe(200);
    expect(latest.headers.get('mcp-session-id')).toBeNull();
    expect(latest.headers.get('x-request-id')).toMatch(/^req_/);
    const body = await latest.json();
    expect(body.result).toMatchObject({ protocolVersion: LATEST_PROTOCOL_VERSION, serverInfo: { name: 'creator-api' }, capabilities: { tools: {} } });
    expect(body.result.instructions).toContain('problem');
    // An older supported version is accepted as is; an unknown one gets the server's latest.
    expect((await (await rpc(initialize('2025-03-26'), auth)).json()).result.protocolVersion).toBe('2025-03-26');
    expect((await (await rpc(initialize('1999-01-01'), auth)).json()).result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    // Any request stands alone: tools/list without an initialize on this "connection".
    const list = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...auth, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION });
    expect(list.status).toBe(200);
    expect((await list.json()).result.tools.length).toBeGreaterThan(10);
  });

  it('refuses GET and DELETE (stateless: no stream, no session) and malformed JSON', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await t.request('/mcp', { method, key: agencyKey, headers: { accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect((await readProblem(response)).type).toBe(`${PROBLEMS}method-not-allowed`);
    }
    const broken = await t.request('/mcp', { method: 'POST', key: agencyKey, headers: { 'content-type': 'application/json', accept: ACCEPT }, body: '{"jsonrpc":' });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe(-32700);
  });

  it('serves a server card for discovery, listing every tool', async () => {
    for (const path of ['/.well-known/mcp.json', '/.well-known/mcp/server-card.json']) {
      const response = await t.request(path);
      expect(response.status).toBe(200);
      const card = await response.json();
      expect(card).toMatchObject({
        name: 'creator-api',
        transport: { type: 'streamable-http', url: `${t.app.services.config.publicBaseUrl}/mcp` },
        authentication: { required: true, schemes: ['bearer'] },
        capabilities: { tools: { listChanged: false } },
      });
      expect(card.tools.map((tool: { name: string }) => tool.name)).toEqual(expect.arrayContaining(['creators_create', 'link_in_bio_save_block', 'media_kits_duplicate']));
    }
    expect((await t.request('/.well-known/mcp.json', { method: 'POST' })).status).toBe(405);
  });

  it('shares the sponsorship bucket with REST: 60 calls split between REST and MCP → exactly 60 succeed', { timeout: 90_000 }, async () => {
    const creatorId = (await t.creatorAccount({ plan: 'pro' })).id;
    const key = await t.key({ type: 'creator', id: creatorId }, ['sponsorships:read']);
    const client = await connectMcp(t, key);
    // The sliding window is weighted across fixed 60 s windows: a run straddling a boundary would let a
    // few more requests through. Start early in a window so the whole check fits inside it.
    const intoWindow = Date.now() % 60_000;
    if (intoWindow > 35_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 200));
    try {
      // 70 requests, alternating and concurrent: REST GETs and tool calls against one key.
      const outcomes = await Promise.all(
        Array.from({ length: 70 }, async (_, i) => {
          if (i % 2 === 0) {
            const response = await t.request('/public/v1/sponsorship-matches?limit=1', { key });
            if (response.status === 200) return { via: 'rest', ok: true };
            expect(response.status).toBe(429);
            expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
            return { via: 'rest', ok: false };
          }
          const result = await client.callTool({ name: 'sponsorship_matches_list', arguments: { limit: 1 } });
          if (!result.isError) {
            dataOf(result);
            return { via: 'mcp', ok: true };
          }
          const problem = problemOf(result);
          expect(problem).toMatchObject({ type: `${PROBLEMS}rate-limited`, status: 429 });
          expect(problem.retry_after).toBeGreaterThan(0);
          expect(problem.detail).toContain('sponsorship bucket');
          return { via: 'mcp', ok: false };
        }),
      );
      expect(outcomes.filter((o) => o.ok)).toHaveLength(60);
      expect(outcomes.filter((o) => o.ok && o.via === 'rest').length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.ok && o.via === 'mcp').length).toBeGreaterThan(0);
      // Both sides see the exhausted bucket now.
      expect((await t.request('/public/v1/sponsorship-matches', { key })).status).toBe(429);
      expect(problemOf(await client.callTool({ name: 'sponsorship_matches_list', arguments: {} })).status).toBe(429);
      // Other buckets are untouched: tools/list and me_get still work.
      expect(dataOf<{ subject_id: string }>(await client.callTool({ name: 'me_get', arguments: {} })).data.subject_id).toBe(creatorId);
    } finally {
      await client.close();
    }
  });

  it('puts the tool’s rate-limit headers on the HTTP response and counts protocol requests in the default bucket', async () => {
    const key = await t.key({ type: 'agency', id: (await t.agency()).id });
    const auth = { authorization: `Bearer ${key}`, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };
    const call = await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'me_get', arguments: {} } }, auth);
    expect(call.status).toBe(200);
    expect(call.headers.get('ratelimit-limit')).toBe(String(t.app.services.config.rateLimitRequests));
    // The tool result's request_id is the HTTP response's X-Request-Id.
    expect((await call.clone().json()).result.structuredContent.request_id).toBe(call.headers.get('x-request-id'));
    const traced = await rpc({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'creators_get', arguments: { creator_id: 'nope' } } }, { ...auth, 'x-request-id': 'trace-1234-abcd' });
    expect(traced.headers.get('x-request-id')).toBe('trace-1234-abcd');
    const tracedProblem = JSON.parse((await traced.json()).result.content[0].text);
    expect(tracedProblem).toMatchObject({ request_id: 'trace-1234-abcd', status: 400, errors: [{ path: 'creator_id' }] });
    const remainingAfterCall = Number(call.headers.get('ratelimit-remaining'));
    const list = await rpc({ jsonrpc: '2.0', id: 4, method: 'tools/list' }, auth);
    // The traced tool call above counted once, the tools/list once.
    expect(Number(list.headers.get('ratelimit-remaining'))).toBe(remainingAfterCall - 2);
    const rest = await t.request('/public/v1/me', { key });
    expect(Number(rest.headers.get('ratelimit-remaining'))).toBe(remainingAfterCall - 3);
  });
});
