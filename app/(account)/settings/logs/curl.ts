import type { RequestLogView } from '@/server/services/request-logs';

/** Single-quoted for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `creators.get` → `creators_get`, `linkInBio.saveBlock` → `link_in_bio_save_block` (the MCP tool's name). */
function toolName(operation: string): string {
  return operation
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[.\s-]+/g, '_')
    .toLowerCase();
}

/**
 * A curl command that sends the logged request again: the key as `$CREATOR_API_KEY` (the log never
 * has it), the body when the entry kept one (errors only), redacted values as they were stored. An
 * MCP tool call becomes its JSON-RPC `tools/call`.
 */
export function curlCommand(entry: Pick<RequestLogView, 'method' | 'path' | 'source' | 'operation' | 'request_body'>, baseUrl: string): string {
  const lines = [`curl -X ${entry.method} ${shellQuote(`${baseUrl}${entry.path}`)}`, `  -H 'Authorization: Bearer $CREATOR_API_KEY'`];
  let body: string | null = null;
  if (entry.source === 'mcp') {
    let args: unknown = {};
    try {
      args = entry.request_body ? (JSON.parse(entry.request_body) as unknown) : {};
    } catch {
      args = {};
    }
    body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: toolName(entry.operation ?? ''), arguments: args } });
    lines.push(`  -H 'Accept: application/json, text/event-stream'`);
  } else if (entry.request_body && entry.method !== 'GET' && entry.method !== 'DELETE') {
    body = entry.request_body;
  }
  if (body !== null) lines.push(`  -H 'Content-Type: application/json'`, `  --data ${shellQuote(body)}`);
  return lines.join(' \\\n');
}
