import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../src/server/domain/actor';
import { toolNameFor } from '../../src/server/mcp/tools';
import { setPlan } from '../../src/server/services/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { waitForImport } from '../creator-imports/support';
import { connectMcp, dataOf, problemOf } from './support';

const PROBLEMS = 'https://creator-api.dev/problems/';

/**
 * The MCP interface through the SDK's own Client and Streamable HTTP transport against the running
 * server: which tools each key sees, that every read tool and the main write tools answer what REST
 * answers, and that refusals (tenancy, scope, arguments) come back as problem+json tool errors.
 */
describe('MCP tools', () => {
  let t: TestApp;
  let fixture: http.Server;
  let fixtureOrigin: string;
  let agencyId: string;
  let agencyKey: string;
  let creatorId: string;
  let creatorKey: string;
  let agency: Client;
  let creator: Client;
  let openapi: { paths: Record<string, Record<string, { operationId: string; 'x-required-scopes': Record<string, string | null> }>> };
  /** Ids made through tools, for the read tools and the tenancy checks. */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    fixture = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h2>Shop</h2><a href="https://store.example.com/a">Store A</a></body></html>');
    });
    await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
    fixtureOrigin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true } });
    agencyId = (await t.agency({ plan: 'pro' })).id;
    agencyKey = await t.key({ type: 'agency', id: agencyId });
    creatorId = (await t.creatorAccount({ plan: 'pro' })).id;
    creatorKey = await t.key({ type: 'creator', id: creatorId });
    agency = await connectMcp(t, agencyKey);
    creator = await connectMcp(t, creatorKey);
    openapi = await (await t.request('/openapi.json')).json();
  });
  afterAll(async () => {
    await agency?.close();
    await creator?.close();
    await t.close();
    await new Promise<void>((resolve) => fixture.close(() => resolve()));
  });

  /** Tool names of the operations a subject type may call, read from the published OpenAPI document. */
  function expectedToolsFor(subject: 'agency' | 'creator'): string[] {
    const names: string[] = [];
    for (const methods of Object.values(openapi.paths)) {
      for (const operation of Object.values(methods)) {
        if (Object.hasOwn(operation['x-required-scopes'], subject)) names.push(toolNameFor(operation.operationId));
      }
    }
    return names.sort();
  }

  async function toolsOf(client: Client): Promise<Tool[]> {
    return (await client.listTools()).tools;
  }

  describe('tools/list', () => {
    it('lists a tool for every operation an agency key may call: all but link in bio', async () => {
      const tools = await toolsOf(agency);
      const names = tools.map((tool) => tool.name).sort();
      expect(names).toEqual(expectedToolsFor('agency'));
      expect(names).toEqual(expect.arrayContaining(['me_get', 'creators_create', 'creators_get', 'creator_imports_create', 'sponsorship_matches_list', 'media_kits_duplicate', 'creator_import_previews_create', 'creator_import_previews_commit']));
      expect(names.filter((name) => name.startsWith('link_in_bio'))).toEqual([]);
      // Every operation is a tool for one key type or the other.
      const everyOperation = Object.values(openapi.paths).flatMap((methods) => Object.values(methods).map((o) => toolNameFor(o.operationId)));
      expect(new Set([...names, ...expectedToolsFor('creator')])).toEqual(new Set(everyOperation));
    });

    it('lists only the creator’s tools for a creator key, link_in_bio_save_block among them', async () => {
      const names = (await toolsOf(creator)).map((tool) => tool.name).sort();
      expect(names).toEqual(expectedToolsFor('creator'));
      expect(names).toContain('link_in_bio_save_block');
      for (const agencyOnly of ['creators_list', 'creators_create', 'decks_list', 'creator_imports_create']) expect(names).not.toContain(agencyOnly);
    });

    it('describes each tool from its operation: schemas, annotations, summary', async () => {
      const tools = new Map((await toolsOf(agency)).map((tool) => [tool.name, tool]));
      const create = tools.get('creators_create')!;
      expect(create.title).toBe('Add a creator to the roster');
      expect(create.description).toMatch(/^Add a creator to the roster\. Creates a roster creator/);
      expect(create.inputSchema).toMatchObject({ type: 'object', required: ['display_name'], additionalProperties: false });
      expect(Object.keys(create.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['display_name', 'email', 'socials', 'idempotency_key']));
      expect(create.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
      // Path, query and body in one object.
      expect(Object.keys(tools.get('media_kits_update')!.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['media_kit_id', 'name', 'theme']));
      expect(tools.get('creators_list')!.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, destructiveHint: false });
      expect(tools.get('decks_update')!.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
      expect(tools.get('media_kits_ensure')!.annotations).toMatchObject({ idempotentHint: true });
      expect(tools.get('creator_import_previews_commit')!.annotations).toMatchObject({ idempotentHint: true });
      expect(tools.get('me_get')!.inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
      const csv = tools.get('creator_imports_create')!;
      expect(csv.inputSchema).toMatchObject({ type: 'object', required: ['csv'], properties: { csv: { type: 'string' }, filename: { type: 'string' }, idempotency_key: { type: 'string' } } });
      const creatorTools = new Map((await toolsOf(creator)).map((tool) => [tool.name, tool]));
      expect(creatorTools.get('link_in_bio_create_import')!.annotations).toMatchObject({ openWorldHint: true, readOnlyHint: false });
      expect(creatorTools.get('link_in_bio_save_block')!.annotations).toMatchObject({ idempotentHint: true });
      for (const tool of [...tools.values(), ...creatorTools.values()]) {
        // Only deleting a webhook endpoint removes anything.
        expect(tool.annotations?.destructiveHint, tool.name).toBe(tool.name === 'webhook_endpoints_delete');
        expect(JSON.stringify(tool.inputSchema), tool.name).not.toContain('$ref');
      }
    });

    it('hides tools a key lacks the scope for, and refuses them when called anyway', async () => {
      const readOnly = await connectMcp(t, await t.key({ type: 'agency', id: agencyId }, ['roster:read']));
      try {
        const names = (await toolsOf(readOnly)).map((tool) => tool.name).sort();
        expect(names).toEqual(['creator_import_previews_get', 'creator_imports_get', 'creators_get', 'creators_list', 'me_get', 'socials_list']);
        const refused = problemOf(await readOnly.callTool({ name: 'creators_create', arguments: { display_name: 'Nope' } }));
        expect(refused).toMatchObject({ type: `${PROBLEMS}insufficient-scope`, status: 403 });
        expect(refused.detail).toContain('roster:write');
        expect(await t.db.creator.count({ where: { displayName: 'Nope' } })).toBe(0);
      } finally {
        await readOnly.close();
      }
      // A tool of the other subject type is a tool error too, not a protocol failure.
      const wrongSubject = problemOf(await creator.callTool({ name: 'creators_list', arguments: {} }));
      expect(wrongSubject).toMatchObject({ type: `${PROBLEMS}subject-not-allowed`, status: 403 });
      // An unknown tool is a JSON-RPC error (the client throws).
      await expect(agency.callTool({ name: 'creators_delete', arguments: {} })).rejects.toThrow(/Unknown tool: creators_delete/);
    });
  });

  describe('write tools', () => {
    it('round-trips creators_create → creators_get, returning what REST returns', async () => {
      const created = dataOf<{ created: boolean; creator: { id: string; display_name: string }; media_kit: { id: string } }>(
        await agency.callTool({ name: 'creators_create', arguments: { display_name: 'Ada Lovelace', country: 'gb', socials: [{ platform: 'instagram', handle_or_url: '@ada' }] } }),
      );
      expect(created.data).toMatchObject({ created: true, creator: { display_name: 'Ada Lovelace', country: 'GB' } });
      expect(created.request_id).toMatch(/^req_/);
      ids.creator = created.data.creator.id;
      ids.mediaKit = created.data.media_kit.id;

      const fetched = dataOf(await agency.callTool({ name: 'creators_get', arguments: { creator_id: ids.creator } }));
      const rest = await (await t.request(`/public/v1/creators/${ids.creator}`, { key: agencyKey })).json();
      expect(fetched.data).toEqual(rest.data);
      expect(fetched.data).toEqual(created.data.creator);

      // The same identity again: the existing creator, as POST /creators answers with 200.
      const again = dataOf<{ created: boolean; creator: { id: string } }>(
        await agency.callTool({ name: 'creators_create', arguments: { display_name: 'Ada L.', socials: [{ platform: 'instagram', handle_or_url: 'https://instagram.com/ada' }] } }),
      );
      expect(again.data).toMatchObject({ created: false, creator: { id: ids.creator } });
    });

    it('runs the main writes of an agency: media kits, decks, campaigns', async () => {
      const kit = dataOf<{ id: string; name: string }>(
        await agency.callTool({ name: 'media_kits_create', arguments: { creator_id: ids.creator, name: 'Rates 2027', template: 'bold' } }),
      );
      expect(kit.data.name).toBe('Rates 2027');
      const updated = dataOf<{ headline: string }>(await agency.callTool({ name: 'media_kits_update', arguments: { media_kit_id: kit.data.id, headline: 'Hello' } }));
      expect(updated.data.headline).toBe('Hello');
      const copy = dataOf<{ id: string; name: string; is_default: boolean; headline: string }>(
        await agency.callTool({ name: 'media_kits_duplicate', arguments: { media_kit_id: kit.data.id } }),
      );
      expect(copy.data).toMatchObject({ name: 'Rates 2027 (copy)', is_default: false, headline: 'Hello' });
      expect(copy.data.id).not.toBe(kit.data.id);
      const ensured = dataOf<{ created: boolean; media_kit: { id: string } }>(await agency.callTool({ name: 'media_kits_ensure', arguments: { creator_id: ids.creator } }));
      expect(ensured.data).toMatchObject({ created: false, media_kit: { id: ids.mediaKit } });

      const deck = dataOf<{ id: string; creator_ids: string[] }>(
        await agency.callTool({ name: 'decks_create', arguments: { title: 'Spring roster', creator_ids: [ids.creator], password: 'correct horse battery' } }),
      );
      expect(deck.data.creator_ids).toEqual([ids.creator]);
      ids.deck = deck.data.id;
      expect(dataOf<{ title: string }>(await agency.callTool({ name: 'decks_update', arguments: { deck_id: ids.deck, title: 'Summer roster' } })).data.title).toBe('Summer roster');

      const campaign = dataOf<{ id: string }>(await agency.callTool({ name: 'campaigns_create', arguments: { name: 'Launch', cpm: { instagram: 12.5 } } }));
      ids.campaign = campaign.data.id;
      expect(dataOf<{ refresh_state: string }>(await agency.callTool({ name: 'campaigns_update', arguments: { campaign_id: ids.campaign, refresh_state: 'paused' } })).data.refresh_state).toBe('paused');
    });

    it('imports CSV text through creator_imports_create, validated like the upload', async () => {
      const started = dataOf<{ id: string; status: string; source_filename: string }>(
        await agency.callTool({ name: 'creator_imports_create', arguments: { csv: 'display_name,tiktok\nGrace Hopper,@grace\nNo Name Here,\n', filename: 'roster.csv' } }),
      );
      expect(started.data).toMatchObject({ status: 'queued', source_filename: 'roster.csv' });
      ids.creatorImport = started.data.id;
      const finished = await waitForImport(t, agencyKey, started.data.id);
      expect(finished.progress).toMatchObject({ total: 2, created: 2 });

      const badHeader = problemOf(await agency.callTool({ name: 'creator_imports_create', arguments: { csv: 'display_name,shoe_size\nAda,9\n' } }));
      expect(badHeader).toMatchObject({ type: `${PROBLEMS}validation-error`, errors: [{ path: 'csv', code: 'unknown_column' }] });
      const empty = problemOf(await agency.callTool({ name: 'creator_imports_create', arguments: { csv: '' } }));
      expect(empty.errors?.[0]?.path).toBe('csv');
      const missing = problemOf(await agency.callTool({ name: 'creator_imports_create', arguments: {} }));
      expect(missing.errors).toEqual([{ path: 'csv', message: 'Required.', code: 'required' }]);
      const tooBig = problemOf(await agency.callTool({ name: 'creator_imports_create', arguments: { csv: `display_name\n${'x'.repeat(2 * 1024 * 1024)}\n` } }));
      expect(tooBig).toMatchObject({ type: `${PROBLEMS}payload-too-large`, status: 413 });
    });

    it('previews and commits a roster import in two calls', async () => {
      const preview = dataOf<{ id: string; summary: { new_creators: number; existing_creators: number; invalid: number } }>(
        await agency.callTool({
          name: 'creator_import_previews_create',
          arguments: { rows: [{ display_name: 'Katherine Johnson' }, { display_name: 'Ada again', socials: [{ platform: 'instagram', handle_or_url: '@ada' }] }, { display_name: 'Bad', country: 'XX' }] },
        }),
      );
      expect(preview.data.summary).toMatchObject({ new_creators: 1, existing_creators: 1, invalid: 1 });
      ids.preview = preview.data.id;
      const committed = dataOf<{ id: string; status: string }>(await agency.callTool({ name: 'creator_import_previews_commit', arguments: { preview_id: ids.preview } }));
      const replayed = dataOf<{ id: string }>(await agency.callTool({ name: 'creator_import_previews_commit', arguments: { preview_id: ids.preview } }));
      expect(replayed.data.id).toBe(committed.data.id);
      await waitForImport(t, agencyKey, committed.data.id);
    });

    it('runs the creator’s link-in-bio writes, link_in_bio_save_block included', async () => {
      const page = dataOf<{ id: string; blocks: unknown[] }>(
        await creator.callTool({ name: 'link_in_bio_create', arguments: { slug: `page-${creatorId.slice(-8)}`, username: `u${creatorId.slice(-8)}` } }),
      );
      expect(page.data.blocks).toEqual([]);
      const saved = dataOf<{ blocks: { client_id: string }[] }>(
        await creator.callTool({ name: 'link_in_bio_save_block', arguments: { client_id: 'shop-link', type: 'link', title: 'Shop', url: 'https://shop.example.com/' } }),
      );
      expect(saved.data.blocks.map((b) => b.client_id)).toEqual(['shop-link']);
      expect(saved.meta).toMatchObject({ created: true });
      const retried = dataOf(await creator.callTool({ name: 'link_in_bio_save_block', arguments: { client_id: 'shop-link', type: 'link', title: 'Shop', url: 'https://shop.example.com/' } }));
      expect(retried.meta).toMatchObject({ created: false });
      const started = dataOf<{ id: string }>(await creator.callTool({ name: 'link_in_bio_create_import', arguments: { source_url: `${fixtureOrigin}/links` } }));
      ids.linkImport = started.data.id;
      const endpoint = dataOf<{ id: string }>(
        await agency.callTool({ name: 'webhook_endpoints_create', arguments: { url: `${fixtureOrigin}/hook`, events: ['creator.created'] } }),
      );
      ids.webhookEndpoint = endpoint.data.id;
      const creatorEndpoint = dataOf<{ id: string }>(
        await creator.callTool({ name: 'webhook_endpoints_create', arguments: { url: `${fixtureOrigin}/hook`, events: ['*'] } }),
      );
      ids.creatorWebhookEndpoint = creatorEndpoint.data.id;
      // A delivery (and its event) on each endpoint, for the delivery and event reads below.
      const agencyTest = dataOf<{ id: string; event_id: string }>(await agency.callTool({ name: 'webhook_endpoints_test', arguments: { endpoint_id: ids.webhookEndpoint } }));
      ids.webhookDelivery = agencyTest.data.id;
      ids.event = agencyTest.data.event_id;
      const creatorTest = dataOf<{ id: string; event_id: string }>(await creator.callTool({ name: 'webhook_endpoints_test', arguments: { endpoint_id: ids.creatorWebhookEndpoint } }));
      ids.creatorWebhookDelivery = creatorTest.data.id;
      ids.creatorEvent = creatorTest.data.event_id;
      const kit = dataOf<{ media_kit: { id: string } }>(await creator.callTool({ name: 'media_kits_ensure', arguments: {} }));
      ids.creatorKit = kit.data.media_kit.id;
      // Tool calls are request log entries too (written in batches; flushed here for request_logs_get).
      ids.agencyRequest = endpoint.request_id;
      ids.creatorRequest = kit.request_id;
      await t.app.services.requestLogs.flush();
      ids.creatorCampaign = dataOf<{ id: string }>(await creator.callTool({ name: 'campaigns_create', arguments: { name: 'My launch' } })).data.id;
    });
  });

  describe('read tools', () => {
    /** Arguments for every read tool; a new GET operation fails this test until it is added here. */
    function readArguments(): Record<string, { agency?: Record<string, unknown>; creator?: Record<string, unknown> }> {
      return {
        me_get: { agency: {}, creator: {} },
        creators_list: { agency: { limit: 2 } },
        creators_get: { agency: { creator_id: ids.creator! }, creator: { creator_id: creatorId } },
        creator_imports_get: { agency: { import_id: ids.creatorImport! } },
        creator_import_previews_get: { agency: { preview_id: ids.preview! } },
        socials_list: { agency: { creator_id: ids.creator! }, creator: {} },
        media_kits_list: { agency: { creator_id: ids.creator! }, creator: {} },
        media_kits_get: { agency: { media_kit_id: ids.mediaKit! }, creator: { media_kit_id: ids.creatorKit! } },
        media_kit_templates_list: { agency: {}, creator: {} },
        decks_list: { agency: {} },
        decks_get: { agency: { deck_id: ids.deck! } },
        campaigns_list: { agency: { status: 'active' }, creator: {} },
        campaigns_get: { agency: { campaign_id: ids.campaign! }, creator: { campaign_id: ids.creatorCampaign! } },
        analytics_views: { agency: { resource_type: 'media_kit', timeframe: 'last7d', timezone: 'Europe/Paris' }, creator: { resource_type: 'link_in_bio' } },
        sponsorship_matches_list: { agency: { limit: 3 }, creator: {} },
        link_in_bio_get: { creator: {} },
        webhook_endpoints_list: { agency: {}, creator: {} },
        webhook_endpoints_get: { agency: { endpoint_id: ids.webhookEndpoint! }, creator: { endpoint_id: ids.creatorWebhookEndpoint! } },
        webhook_endpoints_deliveries: { agency: { endpoint_id: ids.webhookEndpoint! }, creator: { endpoint_id: ids.creatorWebhookEndpoint! } },
        event_types_list: { agency: {}, creator: {} },
        webhook_endpoints_get_delivery: {
          agency: { endpoint_id: ids.webhookEndpoint!, delivery_id: ids.webhookDelivery! },
          creator: { endpoint_id: ids.creatorWebhookEndpoint!, delivery_id: ids.creatorWebhookDelivery! },
        },
        events_list: { agency: { type: 'webhook.test' }, creator: { limit: 5 } },
        events_get: { agency: { event_id: ids.event! }, creator: { event_id: ids.creatorEvent! } },
        audit_events_list: { agency: { limit: 5 }, creator: { action: 'webhook_endpoint.created' } },
        link_in_bio_get_import: { creator: { import_id: ids.linkImport! } },
        request_logs_list: { agency: { status: '2xx', limit: 5 }, creator: { method: 'POST' } },
        request_logs_get: { agency: { request_id: ids.agencyRequest! }, creator: { request_id: ids.creatorRequest! } },
      };
    }

    it('calls every read tool of both key types and gets the REST body back', async () => {
      const table = readArguments();
      for (const [subject, client, key] of [
        ['agency', agency, agencyKey],
        ['creator', creator, creatorKey],
      ] as const) {
        const readTools = (await toolsOf(client)).filter((tool) => tool.annotations?.readOnlyHint);
        expect(readTools.length).toBeGreaterThan(5);
        for (const tool of readTools) {
          const args = table[tool.name]?.[subject];
          expect(args, `arguments for ${tool.name} (${subject})`).toBeDefined();
          // The SDK client validates structuredContent against an outputSchema where a tool has one (me_get).
          const result = dataOf(await client.callTool({ name: tool.name, arguments: args }));
          expect(result.request_id, tool.name).toMatch(/^req_/);
          if (['me_get', 'media_kit_templates_list', 'creators_get', 'media_kits_get', 'decks_get', 'campaigns_get', 'link_in_bio_get'].includes(tool.name)) {
            const rest = await restTwin(tool.name, args!, key);
            expect(result.data, tool.name).toEqual(rest.data);
          }
        }
      }
    });

    async function restTwin(name: string, args: Record<string, unknown>, key: string) {
      const paths: Record<string, string> = {
        me_get: '/me',
        media_kit_templates_list: '/media-kit-templates',
        creators_get: `/creators/${args.creator_id as string}`,
        media_kits_get: `/media-kits/${args.media_kit_id as string}`,
        decks_get: `/decks/${args.deck_id as string}`,
        campaigns_get: `/campaigns/${args.campaign_id as string}`,
        link_in_bio_get: '/link-in-bio',
      };
      return (await t.request(`/public/v1${paths[name]!}`, { key })).json();
    }

    it('pages a list with the cursor from meta', async () => {
      const first = dataOf<unknown[]>(await agency.callTool({ name: 'creators_list', arguments: { limit: 1 } }));
      expect(first.data).toHaveLength(1);
      const cursor = (first.meta as { next_cursor: string }).next_cursor;
      expect(cursor).toEqual(expect.any(String));
      const second = dataOf<{ id: string }[]>(await agency.callTool({ name: 'creators_list', arguments: { limit: 1, cursor } }));
      expect(second.data[0]!.id).not.toBe((first.data[0] as { id: string }).id);
    });
  });

  describe('refusals', () => {
    it('keeps agency B out of agency A’s resources (404, nothing changed)', async () => {
      const outsiderKey = await t.key({ type: 'agency', id: (await t.agency({ plan: 'pro' })).id });
      const outsider = await connectMcp(t, outsiderKey);
      try {
        const attempts: [string, Record<string, unknown>][] = [
          ['creators_get', { creator_id: ids.creator }],
          ['socials_list', { creator_id: ids.creator }],
          ['media_kits_get', { media_kit_id: ids.mediaKit }],
          ['media_kits_update', { media_kit_id: ids.mediaKit, name: 'Hijacked' }],
          ['media_kits_duplicate', { media_kit_id: ids.mediaKit }],
          ['media_kits_ensure', { creator_id: ids.creator }],
          ['media_kits_create', { creator_id: ids.creator, name: 'Mine now' }],
          ['decks_get', { deck_id: ids.deck }],
          ['decks_update', { deck_id: ids.deck, title: 'Hijacked' }],
          ['decks_create', { title: 'Stolen', creator_ids: [ids.creator] }],
          ['campaigns_get', { campaign_id: ids.campaign }],
          ['campaigns_update', { campaign_id: ids.campaign, name: 'Hijacked' }],
          ['creator_imports_get', { import_id: ids.creatorImport }],
          ['creator_import_previews_get', { preview_id: ids.preview }],
          ['creator_import_previews_commit', { preview_id: ids.preview }],
          ['analytics_views', { resource_type: 'deck', resource_id: ids.deck }],
        ];
        for (const [name, args] of attempts) {
          const problem = problemOf(await outsider.callTool({ name, arguments: args }));
          expect(problem.status, name).toBe(404);
          expect(problem.type, name).toBe(`${PROBLEMS}not-found`);
        }
        expect((await t.db.mediaKit.findUniqueOrThrow({ where: { id: ids.mediaKit } })).name).not.toBe('Hijacked');
        expect((await t.db.deck.findUniqueOrThrow({ where: { id: ids.deck } })).title).toBe('Summer roster');
        expect(await t.db.mediaKit.count({ where: { creatorId: ids.creator, ownerId: { not: agencyId } } })).toBe(0);
        // A creator key sees only itself.
        expect(problemOf(await creator.callTool({ name: 'creators_get', arguments: { creator_id: ids.creator } })).status).toBe(404);
      } finally {
        await outsider.close();
      }
    });

    it('names the invalid argument, for schema and service checks alike', async () => {
      const bad = problemOf(
        await agency.callTool({ name: 'creators_create', arguments: { display_name: '', socials: [{ platform: 'instagram', handle_or_url: 'https://www.tiktok.com/@ada' }], nickname: 'x' } }),
      );
      expect(bad).toMatchObject({ type: `${PROBLEMS}validation-error`, status: 400, title: 'Your request has invalid fields' });
      expect(bad.errors?.map((e) => e.path).sort()).toEqual(['display_name', 'nickname', 'socials[0].handle_or_url']);
      expect(bad.errors?.find((e) => e.path === 'nickname')?.code).toBe('unrecognized_key');
      expect(bad.request_id).toMatch(/^req_/);

      const limit = problemOf(await agency.callTool({ name: 'creators_list', arguments: { limit: 500 } }));
      expect(limit.errors).toEqual([expect.objectContaining({ path: 'limit', code: 'too_big' })]);
      expect(limit.detail).toMatch(/^limit: /);

      const missing = problemOf(await agency.callTool({ name: 'creators_get', arguments: {} }));
      expect(missing.errors).toEqual([{ path: 'creator_id', message: 'Required.', code: 'required' }]);

      // Raised by a service after the schema passed: a roster check on one array entry.
      const notOnRoster = problemOf(await agency.callTool({ name: 'decks_create', arguments: { title: 'X', creator_ids: ['0123456789abcdef01234567'] } }));
      expect(notOnRoster.errors?.[0]?.path).toBe('creator_ids[0]');

      const extra = problemOf(await agency.callTool({ name: 'me_get', arguments: { verbose: true } }));
      expect(extra.errors).toEqual([expect.objectContaining({ path: 'verbose', code: 'unrecognized_key' })]);
    });

    it('refuses a suspended subject as REST does, except me_get', async () => {
      const suspendedId = (await t.agency()).id;
      const client = await connectMcp(t, await t.key({ type: 'agency', id: suspendedId }));
      try {
        // The operator's change (admin set-plan): a bare SQL update reaches the key cache only through
        // its NOTIFY, milliseconds later, which the next call could overtake on a busy machine.
        await setPlan(t.db, operatorActor(), { type: 'agency', id: suspendedId }, { entitlement: 'suspended' });
        expect(dataOf<{ entitlement: string }>(await client.callTool({ name: 'me_get', arguments: {} })).data.entitlement).toBe('suspended');
        expect(problemOf(await client.callTool({ name: 'creators_list', arguments: {} }))).toMatchObject({ type: `${PROBLEMS}entitlement-inactive`, status: 403 });
      } finally {
        await client.close();
      }
    });
  });
});
