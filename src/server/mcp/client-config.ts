/**
 * Configuration snippets for connecting AI assistants to `/mcp` with an API key: shown on
 * /docs/ai-assistants, in README, and in the settings UI right after a key is created. Pure
 * functions with no server imports, so the browser bundle can use them too.
 */
export interface McpClientSnippet {
  id: 'claude-code' | 'claude-desktop' | 'cursor' | 'vscode';
  client: string;
  /** Where the snippet goes. */
  where: string;
  language: 'shell' | 'json';
  snippet: string;
}

export const MCP_SERVER_KEY = 'creator-api';

export function mcpClientSnippets(endpoint: string, apiKey: string): McpClientSnippet[] {
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      id: 'claude-code',
      client: 'Claude Code',
      where: 'Run in a terminal (add `--scope user` to use it in every project).',
      language: 'shell',
      snippet: `claude mcp add --transport http ${MCP_SERVER_KEY} ${endpoint} --header "Authorization: Bearer ${apiKey}"`,
    },
    {
      id: 'claude-desktop',
      client: 'Claude Desktop',
      where: 'claude_desktop_config.json (Settings → Developer → Edit Config); bridged by the mcp-remote package, which needs Node.js.',
      language: 'json',
      snippet: json({
        mcpServers: {
          [MCP_SERVER_KEY]: {
            command: 'npx',
            args: ['-y', 'mcp-remote', endpoint, '--header', 'Authorization:${CREATOR_API_AUTH}'],
            env: { CREATOR_API_AUTH: `Bearer ${apiKey}` },
          },
        },
      }),
    },
    {
      id: 'cursor',
      client: 'Cursor',
      where: '~/.cursor/mcp.json (or .cursor/mcp.json in a project you do not commit secrets from).',
      language: 'json',
      snippet: json({ mcpServers: { [MCP_SERVER_KEY]: { url: endpoint, headers: { Authorization: `Bearer ${apiKey}` } } } }),
    },
    {
      id: 'vscode',
      client: 'VS Code (GitHub Copilot agent mode)',
      where: '.vscode/mcp.json: VS Code asks for the key once and stores it encrypted, so the file holds no secret.',
      language: 'json',
      snippet: json({
        inputs: [{ type: 'promptString', id: 'creator-api-key', description: 'creator-api key (crk_…)', password: true }],
        servers: { [MCP_SERVER_KEY]: { type: 'http', url: endpoint, headers: { Authorization: 'Bearer ${input:creator-api-key}' } } },
      }),
    },
  ];
}
