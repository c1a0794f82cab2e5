import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_LIST_BUDGET } from '../../src/server/mcp/tools';
import { startTestApp, type TestApp } from '../support/app';
import { connectMcp, dataOf, problemOf } from './support';

const PROBLEMS = 'https://creator-api.dev/problems/';

/**
 * A tool list an assistant can afford (issue 30 item 3): its size for a full agency key, one
 * sentence per tool, annotations on every tool, only arguments the operation accepts, and the REST
 * headers an agent needs as arguments (`idempotency_key`, `if_match`) doing what the headers do.
 */
describe('MCP tool list', () => {
  let t: TestApp;
  let agencyId: string;
  let agency: Client;
  let creator: Client;
  let agencyTools: Map<string, Tool>;

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency({ plan: 'pro' })).id;
    agency = await connectMcp(t, await t.key({ type: 'agency', id: agencyId }));
    creator = await connectMcp(t, await t.key({ type: 'creator', id: (await t.creatorAccount({ plan: 'pro' })).id }));
    agencyTools = new Map((await agency.listTools()).tools.map((tool) => [tool.name, tool]));
  });
  afterAll(async () => {
    await agency?.close();
    await creator?.close();
    await t?.close();
  });

  it(`keeps tools/list for a key with every agency scope within ${TOOL_LIST_BUDGET} characters`, async () => {
    // The JSON-RPC result as it travels (the client's parsed copy, serialized again).
    const agencySize = JSON.stringify(await agency.listTools()).length;
    const creatorSize = JSON.stringify(await creator.listTools()).length;
    console.log(`tools/list: agency ${agencySize} characters (${agencyTools.size} tools), creator ${creatorSize}; budget ${TOOL_LIST_BUDGET}`);
    expect(agencyTools.size).toBeGreaterThan(30);
    expect(agencySize).toBeLessThanOrEqual(TOOL_LIST_BUDGET);
    expect(creatorSize).toBeLessThanOrEqual(TOOL_LIST_BUDGET);
  });

  it('describes each tool in its summary and one sentence, with all four annotations', async () => {
    const creatorTools = (await creator.listTools()).tools;
    for (const tool of [...agencyTools.values(), ...creatorTools]) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description!.length, tool.name).toBeLessThanOrEqual(300);
      expect(tool.description, tool.name).not.toContain('\n');
      const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations ?? {};
      for (const hint of [readOnlyHint, destructiveHint, idempotentHint, openWorldHint]) expect(typeof hint, tool.name).toBe('boolean');
      // A read is idempotent and never destructive.
      if (readOnlyHint) expect([idempotentHint, destructiveHint], tool.name).toEqual([true, false]);
      const schema = JSON.stringify(tool.inputSchema);
      expect(schema, tool.name).not.toContain('$ref');
      // A format says it: the 300-character date-time and e-mail patterns are not repeated.
      expect(schema, tool.name).not.toMatch(/"format":"[^"]+","pattern"/);
    }
    expect(agencyTools.get('creators_list')!.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(agencyTools.get('creators_create')!.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    expect(agencyTools.get('webhook_endpoints_delete')!.annotations).toMatchObject({ destructiveHint: true, idempotentHint: false });
    expect(creatorTools.find((tool) => tool.name === 'link_in_bio_create_import')!.annotations).toMatchObject({ openWorldHint: true });
  });

  it('gives output schemas only where an agent reads the result to decide (me_get, the import preview)', () => {
    const withOutput = [...agencyTools.values()].filter((tool) => tool.outputSchema).map((tool) => tool.name).sort();
    expect(withOutput).toEqual(['creator_import_previews_create', 'me_get']);
    expect(agencyTools.get('me_get')!.outputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['data', 'request_id']) });
  });

  it('advertises only arguments campaigns_update accepts; the refused fields still answer 400 naming them', async () => {
    const update = agencyTools.get('campaigns_update')!;
    const properties = Object.keys(update.inputSchema.properties ?? {});
    for (const refused of ['status', 'participants', 'content', 'public_report', 'refresh', 'summary']) expect(properties).not.toContain(refused);
    expect(properties).toEqual(expect.arrayContaining(['campaign_id', 'name', 'cpm', 'idempotency_key', 'if_match']));
    const campaign = dataOf<{ id: string }>(await agency.callTool({ name: 'campaigns_create', arguments: { name: 'Refusals' } }));
    const problem = problemOf(await agency.callTool({ name: 'campaigns_update', arguments: { campaign_id: campaign.data.id, participants: [] } }));
    expect(problem).toMatchObject({ status: 400, errors: [{ path: 'participants', code: 'unsupported_field' }] });
  });

  it('offers idempotency_key on POST and PATCH tools and if_match on PATCH tools only', () => {
    for (const tool of agencyTools.values()) {
      const properties = Object.keys(tool.inputSchema.properties ?? {});
      const write = !tool.annotations!.readOnlyHint && tool.name !== 'webhook_endpoints_delete';
      expect(properties.includes('idempotency_key'), tool.name).toBe(write);
      expect(properties.includes('if_match'), tool.name).toBe(tool.name.endsWith('_update'));
    }
  });

  it('replays a write sent again with the same idempotency_key instead of running it twice', async () => {
    const name = `Grace Hopper ${agencyId}`; // unique: CI runs every file against one database
    const args = { display_name: name, email: 'grace@navy.test', idempotency_key: 'add-grace-1' };
    const first = (await agency.callTool({ name: 'creators_create', arguments: args })) as CallToolResult;
    const again = (await agency.callTool({ name: 'creators_create', arguments: args })) as CallToolResult;
    const firstId = dataOf<{ creator: { id: string } }>(first).data.creator.id;
    expect(dataOf<{ creator: { id: string } }>(again).data.creator.id).toBe(firstId);
    expect(again._meta).toMatchObject({ idempotent_replayed: true });
    expect(first._meta?.idempotent_replayed).toBeUndefined();
    expect(await t.db.creator.count({ where: { displayName: name } })).toBe(1);
    // The same key with other arguments is refused, as over REST.
    const reused = problemOf(await agency.callTool({ name: 'creators_create', arguments: { ...args, display_name: 'Someone Else' } }));
    expect(reused).toMatchObject({ type: `${PROBLEMS}idempotency-key-reused`, status: 422 });
    // A key no header could carry is refused naming the argument.
    const invalid = problemOf(await agency.callTool({ name: 'creators_create', arguments: { display_name: 'X', idempotency_key: 'ключ' } }));
    expect(invalid).toMatchObject({ status: 400, errors: [{ path: 'idempotency_key' }] });
    expect(invalid.detail).not.toContain('header.');
  });

  it('applies an update only when if_match still names the resource’s version', async () => {
    const created = (await agency.callTool({ name: 'campaigns_create', arguments: { name: 'Versioned' } })) as CallToolResult;
    const id = dataOf<{ id: string }>(created).data.id;
    const etag = created._meta?.etag as string;
    expect(etag).toMatch(/^"/);
    expect(JSON.stringify(created.content)).toContain(`ETag: ${etag.replaceAll('"', '\\"')}`);
    const changed = (await agency.callTool({ name: 'campaigns_update', arguments: { campaign_id: id, name: 'Versioned 2', if_match: etag } })) as CallToolResult;
    expect(dataOf<{ name: string }>(changed).data.name).toBe('Versioned 2');
    // The first version again: someone changed it since, so nothing changes.
    const stale = problemOf(await agency.callTool({ name: 'campaigns_update', arguments: { campaign_id: id, name: 'Lost update', if_match: etag } }));
    expect(stale).toMatchObject({ type: `${PROBLEMS}precondition-failed`, status: 412 });
    const current = dataOf<{ name: string }>(await agency.callTool({ name: 'campaigns_get', arguments: { campaign_id: id } }));
    expect(current.data.name).toBe('Versioned 2');
  });
});
