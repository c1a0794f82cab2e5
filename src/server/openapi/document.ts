import type { AnyRouter } from '@trpc/server';
import { forEachOpenApiProcedure, generateOpenApiDocument, type OpenAPIObject, type OpenApiRouter } from 'trpc-to-openapi';
import { SCOPES, type SubjectType } from '../auth/scopes';
import type { AppConfig } from '../config';
import { PROBLEM_TYPE_BASE, PROBLEMS } from '../http/problems';
import type { ApiMeta } from '../trpc/meta';
import { buildWebhooksSection, EVENTS_GUIDE } from './webhooks';

/**
 * The published OpenAPI 3.1 document: trpc-to-openapi's generation from the routers, then the parts
 * it cannot know applied from each procedure's meta — the envelope around every success body, the
 * success status, problem+json error responses, rate-limit and request-id headers, and the scope rule.
 */
export const API_VERSION = '1.0.0';

type JsonObject = Record<string, unknown>;

const COMMON_ERRORS = [401, 403, 429, 500] as const;
const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request: see `errors` for each bad field',
  401: 'Missing, malformed, unknown, revoked or expired API key',
  403: 'Scope, subject type, entitlement or plan does not allow this',
  404: 'Not found, or not owned by the key’s subject',
  405: 'Method not allowed on this path',
  409: 'Conflict with the current state',
  413: 'Request too large',
  415: 'Unsupported media type',
  429: 'Rate limited: retry after `Retry-After` seconds',
  500: 'Unexpected error; no internals are exposed',
};

const headerRefs = {
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

export function accessDescription(access: ApiMeta['access']): string {
  const parts = (Object.entries(access ?? {}) as [SubjectType, string | null][]).map(([subject, scope]) =>
    scope ? `${subject} keys with \`${scope}\`` : `any ${subject} key`,
  );
  return `**Access:** ${parts.join('; ')}.`;
}

export function buildOpenApiDocument(router: AnyRouter, config: Pick<AppConfig, 'publicBaseUrl'>): OpenAPIObject {
  const doc = generateOpenApiDocument(router as unknown as OpenApiRouter, {
    title: 'creator-api Public API',
    version: API_VERSION,
    baseUrl: `${config.publicBaseUrl}/public/v1`,
    description: [
      'Server-to-server JSON API for creators and talent agencies: rosters, media kits, link in bio, pitch decks, campaigns and analytics.',
      '',
      'Authenticate with `Authorization: Bearer <API_KEY>`. Keys are bound to one agency or creator and a set of scopes; never use them in browser code.',
      'Every success body is `{ data, request_id, meta? }`; every error is `application/problem+json` (RFC 9457) with `request_id`.',
      'Lists are newest first and paged with an opaque `cursor` (`meta.next_cursor`, null on the last page) and `limit` (1–100, default 25).',
    ].join('\n'),
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description: 'An API key: `crk_agency_…` or `crk_creator_…`, shown once when it is created.',
      },
    },
  }) as OpenAPIObject & { components: JsonObject; paths: Record<string, Record<string, JsonObject>> };

  doc.info.license = { name: 'MIT', identifier: 'MIT' };
  doc.components.schemas = {
    ...(doc.components.schemas as JsonObject),
    Problem: {
      type: 'object',
      description: 'RFC 9457 problem details. `type` is one of the stable URIs listed under x-problem-types and on /docs/errors.',
      required: ['type', 'title', 'status', 'detail', 'request_id'],
      properties: {
        type: { type: 'string', format: 'uri', enum: Object.keys(PROBLEMS).map((slug) => `${PROBLEM_TYPE_BASE}${slug}`) },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        request_id: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message', 'code'],
            properties: {
              path: { type: 'string', examples: ['body.socials[0].handle_or_url', 'query.limit', 'path.creator_id'] },
              message: { type: 'string' },
              code: {
                type: 'string',
                description:
                  'Machine-readable: `required` (missing), `unrecognized_key` (not accepted by the operation), `invalid_type`, `invalid_value` (not an allowed value), `invalid_format`, `too_small`, `too_big`, or an operation-specific code.',
                examples: ['required', 'invalid_value'],
              },
            },
          },
        },
      },
    },
  };
  doc.components.headers = {
    'X-Request-Id': { description: 'Identifies this request; echoed from a well-formed incoming X-Request-Id.', schema: { type: 'string' } },
    'RateLimit-Limit': { description: 'Requests allowed per window for this key and bucket.', schema: { type: 'integer' } },
    'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
    'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
    'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
    Allow: { description: 'Methods the path supports.', schema: { type: 'string' } },
  };
  doc.components.responses = Object.fromEntries(
    Object.entries(STATUS_TEXT).map(([status, description]) => [
      `Problem${status}`,
      {
        description,
        headers: {
          'X-Request-Id': headerRefs['X-Request-Id'],
          ...(status === '429' ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}),
          ...(status === '405' ? { Allow: { $ref: '#/components/headers/Allow' } } : {}),
        },
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    ]),
  );
  (doc as unknown as JsonObject)['x-problem-types'] = Object.fromEntries(
    Object.entries(PROBLEMS).map(([slug, p]) => [`${PROBLEM_TYPE_BASE}${slug}`, { status: p.status, title: p.title }]),
  );
  doc.tags = [
    { name: 'Identity', description: 'The key and the subject it acts for.' },
    { name: 'Creators', description: 'The agency roster and creator profiles.' },
    { name: 'Creator imports', description: 'CSV roster imports.' },
    { name: 'Socials', description: 'Connected social accounts.' },
    { name: 'Media kits', description: 'Media kits and their templates.' },
    { name: 'Link in bio', description: 'The creator’s link-in-bio page.' },
    { name: 'Decks', description: 'Agency pitch decks.' },
    { name: 'Campaigns', description: 'Campaigns owned by a creator or an agency.' },
    { name: 'Analytics', description: 'Page-view analytics.' },
    { name: 'Sponsorships', description: 'Sponsorship matches.' },
    { name: 'Webhooks', description: 'Webhook endpoints, their delivery log and the event catalogue; the events themselves are under `webhooks`.' },
  ];

  forEachOpenApiProcedure(router._def.procedures as never, ({ meta }) => {
    const apiMeta = meta as ApiMeta & { openapi: NonNullable<ApiMeta['openapi']> };
    const pathKey = apiMeta.openapi.path.replace(/\/$/, '');
    const operation = doc.paths[pathKey]?.[apiMeta.openapi.method.toLowerCase()] as JsonObject | undefined;
    if (!operation) return;
    const responses = operation.responses as Record<string, JsonObject>;
    const generated = responses['200'] as { content?: { 'application/json'?: { schema?: JsonObject } } };
    const dataSchema = generated.content?.['application/json']?.schema ?? {};
    const withRequestId = addRequestId(dataSchema);
    const successStatuses = apiMeta.successStatus ?? [200];
    const newResponses: Record<string, unknown> = {};
    for (const status of successStatuses) {
      if (status === 204) {
        newResponses['204'] = { description: 'No content', headers: headerRefs };
        continue;
      }
      newResponses[String(status)] = {
        description: status === 201 ? 'Created' : status === 202 ? 'Accepted' : 'OK',
        headers: headerRefs,
        content: { 'application/json': { schema: withRequestId } },
      };
    }
    const errorStatuses = [...new Set([...(apiMeta.errorStatuses ?? []), ...COMMON_ERRORS])].sort();
    for (const status of errorStatuses) newResponses[String(status)] = { $ref: `#/components/responses/Problem${status}` };
    operation.responses = newResponses;
    operation.security = [{ bearerAuth: [] }];
    const scopeNote = accessDescription(apiMeta.access);
    const bucket = apiMeta.rateLimit && apiMeta.rateLimit !== 'default' ? ` Rate-limit bucket: \`${apiMeta.rateLimit}\`.` : '';
    operation.description = [operation.description, `${scopeNote}${bucket}`].filter(Boolean).join('\n\n');
    operation['x-required-scopes'] = apiMeta.access;
  });
  (doc as unknown as JsonObject)['x-scopes'] = SCOPES;
  Object.assign(doc, buildWebhooksSection(doc.components.schemas as JsonObject));
  doc.info.description = `${doc.info.description ?? ''}\n\n${EVENTS_GUIDE}`;
  return doc;
}

/** The procedure output is `{ data, meta? }`; the envelope middleware adds `request_id`. */
function addRequestId(schema: JsonObject): JsonObject {
  if (schema.type !== 'object' || typeof schema.properties !== 'object') return schema;
  return {
    ...schema,
    properties: { ...(schema.properties as JsonObject), request_id: { type: 'string', description: 'Same as the X-Request-Id header.' } },
    required: [...new Set([...((schema.required as string[]) ?? []), 'request_id'])],
  };
}
