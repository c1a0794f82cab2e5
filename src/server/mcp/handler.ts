import type { AnyRouter } from '@trpc/server';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { requestIdFrom } from '../http/request-id';
import { toFetchResponse } from '../http/exchange';
import { problemResponse as httpProblemResponse } from '../http/problem-response';
import type { AnyProblemSlug } from '../http/problems';
import { MAX_IMPORT_BYTES } from '../services/csv-roster';
import type { AppServices } from '../domain/app-services';
import type { Principal } from '../domain/principal';
import type { ClientInfo } from '../domain/actor';
import { clientAddress } from '../lib/client-address';
import type { Gateway } from '../trpc/gateway';
import { API_VERSION } from '../openapi/document';
import { protectedResourceMetadata, protectedResourceMetadataUrl, serverCard } from './discovery';
import { MCP_DISCOVERY_PATHS, MCP_PATH, PROTECTED_RESOURCE_METADATA_PATHS } from './paths';
import { oauthIssuer } from '../auth/oauth-paths';
import type { FieldError } from '../domain/errors';

type FieldErrorList = FieldError[] | undefined;
import { ROSTER_PROMPT, ROSTER_PROMPT_NAME, VOCABULARY_RESOURCE, VOCABULARY_URI, rosterPrompt, rosterPromptAllowed, vocabularyFor } from './guidance';
import { toolError, toolProblem, type ToolProblem } from './tool-errors';
import { buildToolCatalog, toolAllowedFor, type CatalogTool } from './tools';

/**
 * The MCP door: `/mcp`, the Model Context Protocol over Streamable HTTP, stateless (every POST is
 * answered on its own, so any instance can serve any request), JSON responses rather than SSE streams.
 *
 * What is ours and what is the SDK's: the SDK's transport and Server speak JSON-RPC (version
 * negotiation, framing, protocol errors); this door translates. It hands the Authorization header to
 * the gateway once per HTTP request (one key lookup, from the key cache) and passes the principal it
 * got to every tool call, which the gateway runs as the operation it is — the same policy as over
 * REST (scopes, subject type, entitlement, plan, rate-limit bucket, validation) and the same Problem
 * on failure, with field paths named after the tool's arguments.
 */

/** A CSV import sends up to 2 MiB of text inside JSON, where quotes and line breaks take two bytes. */
export const MCP_MAX_BODY_BYTES = 2 * MAX_IMPORT_BYTES + 256 * 1024;

export const MCP_SERVER_NAME = 'creator-api';

export type McpHandler = (request: Request) => Promise<Response>;

/**
 * An HTTP-level refusal (401, 405, 429) as the REST door renders it: problem+json. A 401 also names
 * the protected-resource metadata (RFC 9728 §5.1), where an MCP client starts the OAuth flow.
 */
function problemResponse(slug: AnyProblemSlug, detail: string, requestId: string, headers: Record<string, string> = {}, errors?: FieldErrorList, resourceMetadata?: string): Response {
  const response = httpProblemResponse(slug, detail, requestId, { headers, errors });
  const challenge = response.headers['WWW-Authenticate'];
  if (challenge && resourceMetadata) response.headers['WWW-Authenticate'] = `${challenge}, resource_metadata="${resourceMetadata}"`;
  return toFetchResponse(response);
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

export function createMcpHandler(services: AppServices, gateway: Gateway, router: AnyRouter): McpHandler {
  const { logger } = services;
  const catalog = buildToolCatalog(router);
  const byName = new Map(catalog.map((tool) => [tool.definition.name, tool]));
  const card = JSON.stringify(serverCard(services.config, catalog));
  const resourceMetadataUrl = protectedResourceMetadataUrl(services.config);
  const resourceMetadata = JSON.stringify(protectedResourceMetadata(services.config, [oauthIssuer(services.config.publicBaseUrl)]));
  // RFC 8707: OAuth access tokens are accepted here only when issued for this resource.
  const oauthResource = `${services.config.publicBaseUrl}${MCP_PATH}`;
  const instructions = [
    'Tools for creator-api, a service for creators and talent agencies: rosters, media kits, link-in-bio pages, pitch decks, campaigns, analytics and sponsorship matches.',
    'Each tool is one REST operation of /public/v1 and returns the same JSON ({ data, request_id, meta? }). Lists are paged: pass meta.next_cursor back as `cursor`.',
    'A failed call returns isError with an RFC 9457 problem (type, title, status, detail, errors[].path naming the argument); a 429 carries retry_after in seconds.',
    'Write tools take an optional idempotency_key (send the same one when retrying, and a retry never runs twice); updates take an optional if_match (the ETag a result reported) and fail with 412 when the resource changed since.',
    `Each tool's defaults, limits and errors are in the REST reference at ${services.config.publicBaseUrl}/docs (same operation); the resource ${VOCABULARY_URI} lists every scope, status, limit and problem type.`,
  ].join('\n');

  /** A tool call's outcome: the result for the client, and what its request log entry says. */
  interface ToolOutcome {
    result: CallToolResult;
    status: number;
    replayed: boolean;
    problem?: ToolProblem;
  }

  async function runTool(tool: CatalogTool, args: Record<string, unknown>, principal: Principal, requestId: string, headers: Record<string, string>, client: ClientInfo): Promise<ToolOutcome> {
    let input: unknown;
    try {
      input = tool.toProcedureInput(args);
    } catch (error) {
      // The door's own argument translation (a file argument, no arguments for a void input) failed.
      const problem = toolProblem(gateway.toProblem(error, { operation: gateway.operation(tool.procedurePath), input: args, requestId }), tool, requestId);
      return { result: toolError(problem), status: problem.status, replayed: false, problem };
    }
    // `idempotency_key` and `if_match` reach the operation as the headers they stand for, so the
    // chain's Idempotency-Key claim/replay and If-Match check apply exactly as over REST.
    const result = await gateway.call(tool.procedurePath, input, principal, { door: 'mcp', requestId, headers: tool.headersOf(args), client });
    for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) if (result.headers[name]) headers[name] = result.headers[name];
    if (!result.ok) {
      const problem = toolProblem(result.problem, tool, requestId);
      return { result: toolError(problem), status: result.status, replayed: false, problem };
    }
    const replayed = result.headers['Idempotent-Replayed'] === 'true';
    // A DELETE answers nothing (REST: 204).
    if (result.body === undefined) return { result: { content: [{ type: 'text', text: 'Done (no content).' }] }, status: result.status, replayed };
    const body = result.body as Record<string, unknown>;
    const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(body) }];
    // What REST says in headers an agent needs too: the version to send back as if_match, and that
    // an idempotency_key replayed an earlier result instead of running again.
    const etag = result.headers.ETag;
    if (etag) content.push({ type: 'text', text: `ETag: ${etag} (pass it as if_match to update this resource only if it is unchanged)` });
    if (replayed) content.push({ type: 'text', text: 'Replayed: this idempotency_key was used before with the same arguments; this is the first call’s result.' });
    const meta = { ...(etag ? { etag } : {}), ...(replayed ? { idempotent_replayed: true } : {}) };
    return { result: { content, structuredContent: body, ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}) }, status: result.status, replayed };
  }

  /** Runs one tool call and records it in the request log (one entry per tool call; status is the operation's). */
  async function callTool(tool: CatalogTool, args: Record<string, unknown>, principal: Principal, requestId: string, headers: Record<string, string>, client: ClientInfo): Promise<CallToolResult> {
    const startedAt = performance.now();
    const outcome = await runTool(tool, args, principal, requestId, headers, client);
    services.requestLogs.record(principal, {
      requestId,
      door: 'mcp',
      method: 'POST',
      path: MCP_PATH,
      operation: tool.procedurePath,
      status: outcome.status,
      durationMs: performance.now() - startedAt,
      replayed: outcome.replayed,
      clientAddress: client.address,
      userAgent: client.userAgent,
      requestBody: args,
      responseBody: outcome.problem,
    });
    return outcome.result;
  }

  function mcpServerFor(principal: Principal, requestId: string, headers: Record<string, string>, client: ClientInfo): Server {
    const server = new Server(
      { name: MCP_SERVER_NAME, title: 'creator-api', version: API_VERSION },
      { capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } }, instructions },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: catalog.filter((tool) => toolAllowedFor(tool, principal.subjectType, principal.scopes)).map((tool) => tool.definition),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const tool = byName.get(request.params.name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. tools/list names the tools this key may call.`);
      return callTool(tool, request.params.arguments ?? {}, principal, requestId, headers, client);
    });
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [VOCABULARY_RESOURCE] }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) => {
      if (request.params.uri !== VOCABULARY_URI) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${request.params.uri}. resources/list names the resources.`);
      return { contents: [{ uri: VOCABULARY_URI, mimeType: 'application/json', text: JSON.stringify(vocabularyFor(principal, services.config)) }] };
    });
    const promptAllowed = rosterPromptAllowed(principal.subjectType, principal.scopes);
    server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: promptAllowed ? [ROSTER_PROMPT] : [] }));
    server.setRequestHandler(GetPromptRequestSchema, (request) => {
      if (request.params.name !== ROSTER_PROMPT_NAME || !promptAllowed) {
        throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}. prompts/list names the prompts this credential may use.`);
      }
      const creators = request.params.arguments?.creators;
      if (!creators || creators.trim() === '') throw new McpError(ErrorCode.InvalidParams, 'The argument `creators` is required: the list of creators to add.');
      return rosterPrompt(creators);
    });
    return server;
  }

  return async function handleMcpRequest(request: Request): Promise<Response> {
    const requestId = requestIdFrom(request);
    try {
      const pathname = new URL(request.url).pathname;
      const method = request.method.toUpperCase();
      const metadata = PROTECTED_RESOURCE_METADATA_PATHS.has(pathname);
      if (metadata || MCP_DISCOVERY_PATHS.has(pathname)) {
        if (method !== 'GET' && method !== 'HEAD') {
          return problemResponse('method-not-allowed', `${method} is not allowed on ${pathname}; use GET.`, requestId, { Allow: 'GET, HEAD' });
        }
        return new Response(method === 'HEAD' ? null : metadata ? resourceMetadata : card, {
          headers: {
            'Content-Type': 'application/json',
            'X-Request-Id': requestId,
            'Cache-Control': 'public, max-age=300',
            // Public documents that browser-based MCP clients read from their own origin.
            'Access-Control-Allow-Origin': '*',
          },
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

      let principal: Principal;
      try {
        principal = await gateway.authenticate(request.headers.get('authorization'), { oauthResource });
      } catch (error) {
        const problem = gateway.toProblem(error, { requestId });
        return problemResponse(problem.slug, problem.detail, requestId, problem.headers, undefined, resourceMetadataUrl);
      }

      const raw = await readCapped(request, MCP_MAX_BODY_BYTES);
      if (raw === 'too-large') return jsonRpcError(413, -32000, `The request body is larger than ${MCP_MAX_BODY_BYTES} bytes.`, requestId);
      let parsedBody: unknown;
      try {
        parsedBody = JSON.parse(Buffer.from(raw).toString('utf8'));
      } catch {
        return jsonRpcError(400, -32700, 'Parse error: the body is not valid JSON.', requestId);
      }

      // Tool calls count in their operation's bucket (the gateway runs them as operations); every
      // other request (initialize, tools/list, ping) counts once in the subject's default bucket.
      const headers: Record<string, string> = {};
      const messages = (Array.isArray(parsedBody) ? parsedBody : [parsedBody]) as JSONRPCMessage[];
      const housekeeping = messages.filter((m) => isRequest(m) && !isToolCall(m)).length;
      try {
        for (let i = 0; i < housekeeping; i += 1) Object.assign(headers, await gateway.admit(principal));
      } catch (error) {
        const problem = gateway.toProblem(error, { requestId });
        return problemResponse(problem.slug, problem.detail, requestId, { ...headers, ...problem.headers });
      }

      const address = clientAddress(request.headers);
      const server = mcpServerFor(principal, requestId, headers, { address: address === 'unknown' ? null : address, userAgent: request.headers.get('user-agent') });
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
      return problemResponse('internal-error', 'An unexpected error occurred. Nothing about it is your fault; quote the request_id if you contact support.', requestId);
    }
  };
}
