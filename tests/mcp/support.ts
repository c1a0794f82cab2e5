import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestApp } from '../support/app';

/** An MCP client (the SDK's own) connected to the test server's /mcp with a bearer key. */
export async function connectMcp(t: TestApp, key: string): Promise<Client> {
  const client = new Client({ name: 'creator-api-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return client;
}

export interface ToolProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  request_id: string;
  retry_after?: number;
  errors?: { path: string; message: string; code: string }[];
}

/** The problem+json body of a failed tool call (fails the test when the call did not fail). */
export function problemOf(result: unknown): ToolProblemBody {
  const call = result as CallToolResult;
  if (!call.isError) throw new Error(`expected a tool error, got ${JSON.stringify(call.structuredContent ?? call.content)}`);
  const first = call.content[0];
  if (!first || first.type !== 'text') throw new Error('a tool error must carry its problem as text content');
  return JSON.parse(first.text) as ToolProblemBody;
}

/** The structured result of a successful tool call (fails the test on a tool error). */
export function dataOf<T = Record<string, unknown>>(result: unknown): { data: T; request_id: string; meta?: Record<string, unknown> } {
  const call = result as CallToolResult;
  if (call.isError) throw new Error(`tool error: ${JSON.stringify(call.content)}`);
  return call.structuredContent as { data: T; request_id: string; meta?: Record<string, unknown> };
}
