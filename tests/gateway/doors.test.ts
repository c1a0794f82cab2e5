import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../src/server/domain/actor';
import { setPlan } from '../../src/server/services/accounts';
import { startTestApp, readProblem, type TestApp } from '../support/app';
import { connectMcp, dataOf, problemOf } from '../mcp/support';

/**
 * REST and MCP are two doors onto one gateway: one key lookup per MCP request (from the key cache),
 * one rate-limit window per agency shared by both doors, and the same refusal for the same policy.
 */
describe('every door through one gateway', () => {
  let t: TestApp;
  /** Key lookups that reached the database, counted by the lookup's statement name. */
  let keyLookups = 0;

  beforeAll(async () => {
    t = await startTestApp({ config: { rateLimitRequests: 50, rateLimitWindowSeconds: 3600 } });
    const sql = t.app.services.sql;
    t.app.services.sql = (text, params, options) => {
      if (options?.name === 'authenticate_api_key') keyLookups += 1;
      return sql(text, params, options);
    };
  });
  afterAll(() => t.close());

  it('an MCP tool call looks its key up once, through the key cache; the next call not at all', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    const client = await connectMcp(t, key);
    try {
      // connect() sent initialize and its notification: the key is cached from here on.
      const before = keyLookups;
      expect(before).toBeGreaterThan(0);
      dataOf(await client.callTool({ name: 'creators_list', arguments: {} }));
      dataOf(await client.callTool({ name: 'creators_list', arguments: {} }));
      expect(keyLookups - before).toBe(0);

      // A key nobody has used yet: exactly one lookup for its first tool call.
      const fresh = await t.key({ type: 'agency', id: agency.id });
      const response = await t.request('/mcp', {
        method: 'POST',
        headers: { authorization: `Bearer ${fresh}`, accept: 'application/json, text/event-stream' },
        json: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'creators_list', arguments: {} } },
      });
      expect(response.status).toBe(200);
      expect(keyLookups - before).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('REST and MCP calls of one agency draw from one window per bucket', async () => {
    const agency = await t.agency();
    const restKey = await t.key({ type: 'agency', id: agency.id });
    const mcpKey = await t.key({ type: 'agency', id: agency.id });
    const first = await t.request('/public/v1/creators', { key: restKey });
    const remaining = Number(first.headers.get('ratelimit-remaining'));
    const client = await connectMcp(t, mcpKey);
    try {
      dataOf(await client.callTool({ name: 'creators_list', arguments: {} }));
      const after = await t.request('/public/v1/creators', { key: restKey });
      // initialize (1) + the tool call (1) + this request (1).
      expect(Number(after.headers.get('ratelimit-remaining'))).toBe(remaining - 3);
    } finally {
      await client.close();
    }
  });

  it('a suspended agency gets the same refusal over REST and over MCP', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    const client = await connectMcp(t, key);
    try {
      await setPlan(t.db, operatorActor(), { type: 'agency', id: agency.id }, { entitlement: 'suspended' });
      const rest = await readProblem(await t.request('/public/v1/creators', { key, method: 'POST', json: { display_name: 'Nia' } }));
      const mcp = problemOf(await client.callTool({ name: 'creators_create', arguments: { display_name: 'Nia' } }));
      expect(rest).toMatchObject({ type: 'https://creator-api.dev/problems/entitlement-inactive', status: 403 });
      expect({ type: mcp.type, status: mcp.status, title: mcp.title, detail: mcp.detail }).toEqual({ type: rest.type, status: rest.status, title: rest.title, detail: rest.detail });
      expect((await t.request('/public/v1/me', { key })).status).toBe(200);
    } finally {
      await client.close();
    }
  });

  it('field errors name the argument over MCP and the body field over REST, from one mapping', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    const client = await connectMcp(t, key);
    try {
      const body = { display_name: 'Nia', socials: [{ platform: 'instagram', handle_or_url: 'nia' }, { platform: 'myspace', handle_or_url: 'x' }] };
      const rest = await readProblem(await t.request('/public/v1/creators', { key, method: 'POST', json: body }));
      const mcp = problemOf(await client.callTool({ name: 'creators_create', arguments: body }));
      expect(rest.errors?.map((e) => e.path)).toEqual(['body.socials[1].platform']);
      expect(mcp.errors?.map((e) => e.path)).toEqual(['socials[1].platform']);
      expect(mcp.errors?.map((e) => e.code)).toEqual(rest.errors?.map((e) => e.code));
      expect(mcp.detail).toBe(rest.detail.replace('body.', ''));
    } finally {
      await client.close();
    }
  });
});
