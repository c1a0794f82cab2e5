import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { AppConfig } from '../config';
import { API_VERSION } from '../openapi/document';
import { ROSTER_PROMPT, VOCABULARY_RESOURCE } from './guidance';
import type { CatalogTool } from './tools';

/**
 * The server card served at `/.well-known/mcp.json` (and `/.well-known/mcp/server-card.json`), for
 * clients and registries that discover MCP servers before connecting (the proposed MCP "server
 * card", SEP-1649/2127; not yet part of the SDK). It lists every tool; which ones a key may call
 * depends on the key, so `tools/list` over an authenticated connection is the authority.
 */
export function serverCard(config: Pick<AppConfig, 'publicBaseUrl'>, catalog: CatalogTool[]) {
  const endpoint = `${config.publicBaseUrl}/mcp`;
  return {
    name: 'creator-api',
    title: 'creator-api',
    version: API_VERSION,
    description:
      'Creators and talent agencies: rosters, CSV roster imports, media kits, link-in-bio pages, pitch decks, campaigns, page-view analytics and sponsorship matches — every Public API V1 operation as a tool.',
    protocolVersion: LATEST_PROTOCOL_VERSION,
    serverInfo: { name: 'creator-api', title: 'creator-api', version: API_VERSION },
    transport: { type: 'streamable-http', url: endpoint },
    remotes: [{ type: 'streamable-http', url: endpoint }],
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } },
    resources: [{ uri: VOCABULARY_RESOURCE.uri, name: VOCABULARY_RESOURCE.name, title: VOCABULARY_RESOURCE.title }],
    prompts: [{ name: ROSTER_PROMPT.name, title: ROSTER_PROMPT.title, subject_types: ['agency'] }],
    authentication: {
      required: true,
      schemes: ['bearer'],
      description: 'Send an API key (crk_agency_… or crk_creator_…) as `Authorization: Bearer <API_KEY>`. Create one under Settings → API keys.',
    },
    documentation: `${config.publicBaseUrl}/docs/ai-assistants`,
    openapi: `${config.publicBaseUrl}/openapi.json`,
    tools: catalog.map((tool) => ({
      name: tool.definition.name,
      title: tool.definition.title,
      annotations: tool.definition.annotations,
      subject_types: Object.keys(tool.access),
    })),
  };
}
