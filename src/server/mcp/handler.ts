import type { AnyRouter } from '@trpc/server';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { requestIdFrom } from '../http/request-id';
import { ApiError, type ProblemSlug } from '../domain/errors';
import { problemBody } from '../http/problems';
import { MAX_IMPORT_BYTES } from '../services/csv-roster';
import { authenticateApiKey, type AuthenticatedKey } from '../services/api-keys';
import type { AppServices } from '../domain/app-services';
import type { RequestContext } from '../trpc/context';
import { t } from '../trpc/init';
import { API_VERSION } from '../openapi/document';
import { serverCard } from './discovery';
import { MCP_DISCOVERY_PATHS, MCP_PATH } from './paths';
import { toolProblem } from './tool-errors';
import { buildToolCatalog, toolAllowedFor, type CatalogTool } from './tools';

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP, stateless (every POST is answered on its
 * own, so any instance can serve any request), JSON responses rather than SSE streams.
 *
 * What is ours and what is the SDK's: this handler authenticates the bearer key (HTTP 401 +
 * WWW-Authenticate, as problem+json) and counts protocol messages in the key's default bucket; the
 * SDK's transport and Server speak JSON-RPC (version negotiation, framing, protocol errors). Every
 * tool call runs its procedure through a tRPC caller — the same middleware chain as REST, so the
 * key's scopes, subject type, entitlement, plan and rate-limit bucket apply exactly as they do there.
 */

/** A CSV import sends up to 2 MiB of text inside JSON, where quotes and line breaks take two bytes. */
export const MCP_MAX_BODY_BYTES = 2 * MAX_IMPORT_BYTES + 256 * 1024;

const BEARER = /^Bearer\s+(\S+)\s*$/i;
export const MCP_SERVER_NAME = 'creator-api';

export type McpHandler = (request: Request) => Promise<Response>;

function problemResponse(slug: ProblemSlug, detail: string, requestId: string, headers: Record<string, string> = {}): Response {
  const body = problemBody(slug, detail, requestId);
  const out = new Headers(headers);
  out.set('Content-Type', 'application/problem+json');
  out.set('X-Request-Id', requestId);
  out.set('Cache-Control', 'no-store');
  if (body.status === 401) {
    out.set('WWW-Authenticate', slug === 'authentication-required' ? 'Bearer realm="creator-api"' : 'Bearer realm="creator-api", error="invalid_token"');
  }
  return new Response(JSON.stringify(body), { status: body.status, headers: out });
}

function jsonRpcError(status: number, code: number, message: string, requestId: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, 'Cache-Control': 'no-store' },
  });
}

async function readCapped(request: Request, cap: number): Promise<Uint8Array | 'too-large'> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) return 'too-large';
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => {});
      return 'too-large';
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function isToolCall(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'tools/call';
}

function isRequest(message: unknown): boolean {
  return typeof message === 'object' && message !== null && 'method' in message && 'id' in message;
}

export function createMcpHandler(services: AppServices, router: AnyRouter): McpHandler {
  const { logger } = services;
  const catalog = buildToolCatalog(router);
  const byName = new Map(catalog.map((tool) => [tool.definition.name, tool]));
  const createCaller = t.createCallerFactory(router);
  const card = JSON.stringify(serverCard(services.config, catalog));
  const instructions = [
    'Tools for creator-api, a service for creators and talent agencies: rosters, media kits, link-in-bio pages, pitch decks, campaigns, analytics and sponsorship matches.',
    'Each tool is one REST operation of /public/v1 and returns the same JSON ({ data, request_id, meta? }). Lists are paged: pass meta.next_cursor back as `cursor`.',
    'A failed call returns isError with an RFC 9457 problem (type, title, status, detail, errors[].path naming the argument); a 429 carries retry_after in seconds.',
  ].join('\n');

  async function callTool(tool: CatalogTool, args: Record<string, unknown>, authorization: string, requestId: string, headers: Record<string, string>): Promise<CallToolResult> {
    // No HTTP request of its own: no conditional or Idempotency-Key headers reach the procedure.
    const ctx: RequestContext = {
      app: services,
      requestId,
      authorization,
      request: { method: tool.method, path: `mcp:${tool.procedurePath}`, headers: new Headers() },
      response: { headers },
    };
    try {
      const input = tool.toProcedureInput(args);
      let target: unknown = createCaller(ctx);
      for (const part of tool.procedurePath.split('.')) target = (target as Record<string, unknown>)[part];
      const result = (await (target as (input: unknown) => Promise<unknown>)(input)) as Record<string, unknown>;
      // A DELETE answers nothing (REST: 204).
      if (result === undefined) return { content: [{ type: 'text', text: 'Done (no content).' }] };
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (error) {
      const problem = toolProblem(error, tool, args, requestId, logger);
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(problem) }] };
    }
  }

  function mcpServerFor(auth: AuthenticatedKey, authorization: string, requestId: string, headers: Record<string, string>): Server {
    const server = new Server(
      { name: MCP_SERVER_NAME, title: 'creator-api', version: API_VERSION },
      { capabilities: { tools: { listChanged: false } }, instructions },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: catalog.filter((tool) => toolAllowedFor(tool, auth.subjectType, auth.scopes)).map((tool) => tool.definition),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const tool = byName.get(request.params.name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. tools/list names the tools this key may call.`);
      return callTool(tool, request.params.arguments ?? {}, authorization, requestId, headers);
    });
    return server;
  }

  return async function handleMcpRequest(request: Request): Promise<Response> {
    const requestId = requestIdFrom(request);
    try {
      const pathname = new URL(request.url).pathname;
      const method = request.method.toUpperCase();
      if (MCP_DISCOVERY_PATHS.has(pathname)) {
        if (method !== 'GET' && method !== 'HEAD') {
          return problemResponse('method-not-allowed', `${method} is not allowed on ${pathname}; use GET.`, requestId, { Allow: 'GET, HEAD' });
        }
        return new Response(method === 'HEAD' ? null : card, {
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, 'Cache-Control': 'public, max-age=300' },
        });
      }
      if (method !== 'POST') {
        // Stateless: no server-initiated stream to GET and no session to DELETE.
        return problemResponse(
          'method-not-allowed',
          `${method} is not allowed on ${MCP_PATH}: this MCP endpoint is stateless; send JSON-RPC messages with POST.`,
          requestId,
          { Allow: 'POST' },
        );
      }

      const authorization = request.headers.get('authorization');
      if (!authorization) {
        return problemResponse('authentication-required', 'Send your API key in the Authorization header: `Authorization: Bearer <API_KEY>`.', requestId);
      }
      const bearer = BEARER.exec(authorization)?.[1];
      if (!bearer) {
        return problemResponse('invalid-api-key', 'The Authorization header must use the Bearer scheme: `Authorization: Bearer <API_KEY>`.', requestId);
      }
      let auth: AuthenticatedKey;
      try {
        auth = await authenticateApiKey(services.sql, bearer);
      } catch (error) {
        if (error instanceof ApiError) return problemResponse(error.slug, error.detail, requestId);
        throw error;
      }
      services.lastUsed.note(auth);

      const raw = await readCapped(request, MCP_MAX_BODY_BYTES);
      if (raw === 'too-large') return jsonRpcError(413, -32000, `The request body is larger than ${MCP_MAX_BODY_BYTES} bytes.`, requestId);
      let parsedBody: unknown;
      try {
        parsedBody = JSON.parse(Buffer.from(raw).toString('utf8'));
      } catch {
        return jsonRpcError(400, -32700, 'Parse error: the body is not valid JSON.', requestId);
      }

      // Tool calls count in their operation's bucket (through the procedure's chain); every other
      // request (initialize, tools/list, ping) counts once in the key's default bucket, as a REST call would.
      const headers: Record<string, string> = {};
      const messages = (Array.isArray(parsedBody) ? parsedBody : [parsedBody]) as JSONRPCMessage[];
      const housekeeping = messages.filter((m) => isRequest(m) && !isToolCall(m)).length;
      for (let i = 0; i < housekeeping; i += 1) {
        const decision = await services.rateLimiter.check('default', auth.keyId);
        if (!decision) continue;
        headers['RateLimit-Limit'] = String(decision.limit);
        headers['RateLimit-Remaining'] = String(decision.remaining);
        headers['RateLimit-Reset'] = String(decision.resetSeconds);
        if (!decision.allowed) {
          return problemResponse(
            'rate-limited',
            `This key has used its ${decision.limit} requests for this window. Retry in ${decision.resetSeconds} s.`,
            requestId,
            { ...headers, 'Retry-After': String(decision.resetSeconds) },
          );
        }
      }

      const server = mcpServerFor(auth, authorization, requestId, headers);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        const response = await transport.handleRequest(request, { parsedBody });
        const out = new Headers(response.headers);
        out.set('X-Request-Id', requestId);
        out.set('Cache-Control', 'no-store');
        for (const [name, value] of Object.entries(headers)) out.set(name, value);
        return new Response(await response.text(), { status: response.status, headers: out });
      } finally {
        await server.close().catch(() => {});
      }
    } catch (error) {
      logger.error('MCP request failed', { request_id: requestId, error: error instanceof Error ? error.stack : String(error) });
      return problemResponse('internal-error', 'An unexpected error occurred; quote the request_id if you contact support.', requestId);
    }
  };
}
