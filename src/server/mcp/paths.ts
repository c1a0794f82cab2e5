/** Where the MCP interface answers: the endpoint and its discovery card (both served by src/server/mcp/handler.ts). */
export const MCP_PATH = '/mcp';
export const MCP_DISCOVERY_PATHS: ReadonlySet<string> = new Set(['/.well-known/mcp.json', '/.well-known/mcp/server-card.json']);

export function isMcpPath(pathname: string): boolean {
  return pathname === MCP_PATH || MCP_DISCOVERY_PATHS.has(pathname);
}
