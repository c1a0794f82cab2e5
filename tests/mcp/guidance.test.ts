import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { connectMcp, dataOf } from './support';

/**
 * Resources and prompts (issue 30 item 4), through the SDK's client against the running server: the
 * contract's vocabulary as a resource (with the credential's own scopes and plan), and the prompt that
 * walks an agent through adding a list of creators to the roster — whose steps name tools that exist
 * and work in that order.
 */
describe('MCP resources and prompts', () => {
  let t: TestApp;
  let agency: Client;
  let readOnly: Client;
  let creator: Client;

  beforeAll(async () => {
    t = await startTestApp();
    const agencyId = (await t.agency({ plan: 'pro' })).id;
    agency = await connectMcp(t, await t.key({ type: 'agency', id: agencyId }));
    readOnly = await connectMcp(t, await t.key({ type: 'agency', id: agencyId }, ['roster:read']));
    creator = await connectMcp(t, await t.key({ type: 'creator', id: (await t.creatorAccount()).id }));
  });
  afterAll(async () => {
    for (const client of [agency, readOnly, creator]) await client?.close();
    await t?.close();
  });

  it('serves the vocabulary: scopes, statuses, limits and problems, with the caller’s own scopes', async () => {
    const { resources } = await agency.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['creator-api://vocabulary']);
    const read = await readOnly.readResource({ uri: 'creator-api://vocabulary' });
    const content = read.contents[0] as { uri: string; mimeType: string; text: string };
    expect(content.mimeType).toBe('application/json');
    const vocabulary = JSON.parse(content.text);
    expect(vocabulary.you).toMatchObject({ subject_type: 'agency', scopes: ['roster:read'], plan: { code: 'pro' } });
    expect(vocabulary.scopes['roster:write']).toEqual({ subject_types: ['agency'], description: expect.any(String) });
    expect(vocabulary.statuses).toMatchObject({ campaign: ['active', 'completed', 'archived'], creator_import: expect.arrayContaining(['queued', 'completed']), creator_import_preview_row: ['new', 'existing', 'invalid'] });
    expect(vocabulary.limits).toMatchObject({ page_size: { max: 100, default: 25 }, roster_import: { max_rows: 500, preview_kept_minutes: 30 }, rate_limits: { sponsorship: { requests: 60, window_seconds: 60 } } });
    expect(vocabulary.problems['precondition-failed']).toEqual({ status: 412, title: expect.any(String) });
    await expect(agency.readResource({ uri: 'creator-api://nothing' })).rejects.toThrow(/Unknown resource/);
  });

  it('offers the roster prompt only to an agency that may add creators', async () => {
    expect((await agency.listPrompts()).prompts.map((p) => p.name)).toEqual(['add_creators_to_roster']);
    expect((await readOnly.listPrompts()).prompts).toEqual([]);
    expect((await creator.listPrompts()).prompts).toEqual([]);
    await expect(readOnly.getPrompt({ name: 'add_creators_to_roster', arguments: { creators: 'Ada' } })).rejects.toThrow(/Unknown prompt/);
    await expect(agency.getPrompt({ name: 'add_creators_to_roster', arguments: {} })).rejects.toThrow();
  });

  it('walks through tools that exist, in an order that adds the creators', async () => {
    const prompt = await agency.getPrompt({ name: 'add_creators_to_roster', arguments: { creators: 'Ada Lovelace, instagram @ada\nGrace Hopper (grace@navy.test)' } });
    const text = (prompt.messages[0]!.content as { type: 'text'; text: string }).text;
    expect(text).toContain('Ada Lovelace, instagram @ada\nGrace Hopper (grace@navy.test)');
    const tools = new Set((await agency.listTools()).tools.map((tool) => tool.name));
    const named = [...text.matchAll(/\b([a-z]+(?:_[a-z]+)+)\b/g)].map((m) => m[1]!).filter((word) => /_(create|commit|get|list)$/.test(word));
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const name of named) expect(tools, name).toContain(name);

    // The steps, as an agent following them would call the tools.
    const preview = dataOf<{ id: string; summary: { new_creators: number } }>(
      await agency.callTool({ name: 'creator_import_previews_create', arguments: { rows: [{ display_name: 'Ada Lovelace', socials: [{ platform: 'instagram', handle_or_url: '@ada' }] }, { display_name: 'Grace Hopper', email: 'grace@navy.test' }] } }),
    );
    expect(preview.data.summary.new_creators).toBe(2);
    const committed = dataOf<{ id: string }>(await agency.callTool({ name: 'creator_import_previews_commit', arguments: { preview_id: preview.data.id, idempotency_key: 'commit-1' } }));
    expect(dataOf<{ id: string }>(await agency.callTool({ name: 'creator_imports_get', arguments: { import_id: committed.data.id } })).data.id).toBe(committed.data.id);
  });
});
