/** Where the MCP interface answers: the endpoint and its discovery documents (all served by src/server/mcp/handler.ts). */
export const MCP_PATH = '/mcp';
export const MCP_DISCOVERY_PATHS: ReadonlySet<string> = new Set(['/.well-known/mcp.json', '/.well-known/mcp/server-card.json']);
/**
 * OAuth protected-resource metadata (RFC 9728) for `/mcp`: the path-suffixed form the MCP
 * authorization spec has clients try first, and the root form they fall back to.
 */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';
export const PROTECTED_RESOURCE_METADATA_PATHS: ReadonlySet<string> = new Set([PROTECTED_RESOURCE_METADATA_PATH, '/.well-known/oauth-protected-resource']);

export function isMcpPath(pathname: string): boolean {
  return pathname === MCP_PATH || MCP_DISCOVERY_PATHS.has(pathname) || PROTECTED_RESOURCE_METADATA_PATHS.has(pathname);
}
