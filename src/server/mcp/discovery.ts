import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { ALL_SCOPES } from '../auth/scopes';
import { OFFLINE_ACCESS } from '../auth/oauth-tokens';
import type { AppConfig } from '../config';
import { API_VERSION } from '../openapi/document';
import { ROSTER_PROMPT, VOCABULARY_RESOURCE } from './guidance';
import { MCP_PATH, PROTECTED_RESOURCE_METADATA_PATH } from './paths';
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
      description:
        'Connect with OAuth 2.1 (the MCP authorization spec: discovery from the 401, dynamic client registration, PKCE), or send an API key (crk_agency_… or crk_creator_…) as `Authorization: Bearer <API_KEY>`. Create one under Settings → API keys.',
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

/** Where a 401 from `/mcp` points clients (`WWW-Authenticate: Bearer resource_metadata="…"`). */
export function protectedResourceMetadataUrl(config: Pick<AppConfig, 'publicBaseUrl'>): string {
  return `${config.publicBaseUrl}${PROTECTED_RESOURCE_METADATA_PATH}`;
}

/**
 * OAuth 2.0 protected-resource metadata (RFC 9728) for `/mcp`, which the MCP authorization spec has
 * clients read first: the resource identifier a token must be bound to, how to send it, the scopes
 * there are, and the authorization servers that issue tokens for it. `authorization_servers` is
 * left out while none is configured: then only API keys (sent as bearer tokens) authenticate.
 */
export function protectedResourceMetadata(config: Pick<AppConfig, 'publicBaseUrl'>, authorizationServers: readonly string[] = []) {
  return {
    resource: `${config.publicBaseUrl}${MCP_PATH}`,
    resource_name: 'creator-api MCP server',
    resource_documentation: `${config.publicBaseUrl}/docs/ai-assistants`,
    ...(authorizationServers.length > 0 ? { authorization_servers: authorizationServers } : {}),
    bearer_methods_supported: ['header'],
    // With an authorization server, `offline_access` too: MCP clients request these scopes, and only it earns a refresh token.
    scopes_supported: authorizationServers.length > 0 ? [...ALL_SCOPES, OFFLINE_ACCESS] : ALL_SCOPES,
  };
}
