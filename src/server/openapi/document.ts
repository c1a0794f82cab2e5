import { generateOpenApiDocument, getInputOutputParsers, type OpenAPIObject, type OpenApiProcedure, type OpenApiRouter } from 'trpc-to-openapi';
import { SCOPES, type SubjectType } from '../auth/scopes';
import type { AppConfig } from '../config';
import { FIELD_ERROR_CODES } from '../domain/errors';
import { PROBLEM_TYPE_BASE, PROBLEMS } from '../http/problems';
import { BODY_STATUSES } from '../http/request-body';
import { DOCUMENT_SECTIONS } from '../routers/sections';
import type { ApiMeta, OperationExamples } from '../trpc/meta';
import { forEachApiOperation } from '../trpc/operations';
import { gatewayStatuses } from '../trpc/statuses';
import { buildWebhooksSection, EVENTS_GUIDE } from './webhooks';

/**
 * The published OpenAPI 3.1 document: trpc-to-openapi's generation from the routers, then the parts
 * it cannot know applied from each procedure's meta — the envelope around every success body, the
 * success status, problem+json error responses, rate-limit and request-id headers, and the scope rule.
 */
export const API_VERSION = '1.0.0';

type JsonObject = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request: see `errors` for each bad field',
  401: 'Missing, malformed, unknown, revoked or expired API key',
  403: 'Scope, subject type, entitlement or plan does not allow this',
  404: 'Not found, or not owned by the key’s subject',
  405: 'Method not allowed on this path',
  409: 'Conflict with the current state, or a request with the same Idempotency-Key is still running (`Retry-After: 1`)',
  412: 'If-Match names a version the resource no longer has',
  410: 'Gone: the resource has expired',
  413: 'Request too large',
  415: 'Unsupported media type',
  422: 'The Idempotency-Key was already used for a different request',
  429: 'Rate limited: retry after `Retry-After` seconds',
  500: 'Unexpected error; no internals are exposed',
  503: 'A dependency (the database) is briefly unreachable: retry after `Retry-After` seconds',
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const headerRefs = {
  'X-Request-Id': headerRef('X-Request-Id'),
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
};
/** Headers only a deprecated operation answers with (trpc/deprecation.ts); in the document only while one is. */
const DEPRECATION_HEADER_COMPONENTS = {
  Deprecation: {
    description: 'On every answer of a deprecated operation (RFC 9745): when its deprecation was announced, as `@` and Unix seconds. See /docs/changelog.',
    schema: { type: 'string', examples: ['@1798761600'] },
  },
  Sunset: {
    description: 'On a deprecated operation with an announced end (RFC 8594): the HTTP date after which it stops answering.',
    schema: { type: 'string', examples: ['Wed, 30 Jun 2027 00:00:00 GMT'] },
  },
  Link: {
    description: 'On a deprecated operation: `rel="deprecation"` points at the changelog entry that says what to use instead.',
    schema: { type: 'string', examples: ['<https://api.example.com/docs/changelog#2027-01-01-example>; rel="deprecation"; type="text/html"'] },
  },
};
/** Answered before the key is authenticated or rate-limited, so without RateLimit-* headers. */
const BEFORE_RATE_LIMIT = new Set(['401', '405', '413', '415', '503']);
const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

export function accessDescription(access: ApiMeta['access']): string {
  const parts = (Object.entries(access ?? {}) as [SubjectType, string | null][]).map(([subject, scope]) =>
    scope ? `${subject} keys with \`${scope}\`` : `any ${subject} key`,
  );
  return `**Access:** ${parts.join('; ')}.`;
}

/** A response of `components.responses`, as trpc-to-openapi's document type has it. */
type ComponentResponse = NonNullable<NonNullable<OpenAPIObject['components']>['responses']>[string];

export function buildOpenApiDocument(router: OpenApiRouter, config: Pick<AppConfig, 'publicBaseUrl'>): OpenAPIObject {
  const doc = generateOpenApiDocument(router, {
    title: 'creator-api Public API',
    version: API_VERSION,
    baseUrl: `${config.publicBaseUrl}/public/v1`,
    description: [
      'Server-to-server JSON API for creators and talent agencies: rosters, media kits, link in bio, pitch decks, campaigns and analytics.',
      '',
      'Authenticate with `Authorization: Bearer <API_KEY>`. Keys are bound to one agency or creator and a set of scopes; never use them in browser code.',
      'Every success body is `{ data, request_id, meta? }`; every error is `application/problem+json` (RFC 9457) with `request_id`.',
      'Lists are newest first and paged with an opaque `cursor` (`meta.next_cursor`, null on the last page) and `limit` (1–100, default 25).',
      'Every operation is also an MCP tool at `/mcp` for AI assistants, with the same keys and limits: see [Use with an AI assistant](/docs/ai-assistants).',
      'People sign in to the settings UI (where keys are made) with a confirmed email address and a password; how addresses are confirmed, passwords reset and guessing slowed is on [Accounts and sign-in security](/docs/accounts).',
      '',
      '## Retrying safely: Idempotency-Key',
      'Every POST and PATCH accepts an `Idempotency-Key` header (1–255 printable ASCII characters; a UUID v4 is a good choice). Send a new key for each new request and the same key when you retry it, e.g. after a timeout. The first request with a key runs; a retry with the same key, method, path and body within 24 hours does not run again but replays the first outcome — same status, body and `Location` — with `Idempotent-Replayed: true` and a fresh `X-Request-Id`. Keys are scoped to the agency or creator behind the API key, and hold across concurrent requests and server instances: ten identical POSTs at once create one resource.',
      '- The same key with a different method, path or body: **422** `idempotency-key-reused`.',
      '- A retry while the first request is still running: **409** `idempotency-key-in-use` with `Retry-After: 1`; retry then to get its outcome.',
      '- Requests refused before they ran (400, 401, 403, 412, 429) and server errors (5xx) are not stored, so a corrected retry with the same key runs.',
      '',
      '## Concurrent edits: ETag and If-Match',
      'Single-resource responses (GET, and the resource a POST or PATCH returns) carry a strong `ETag`. Send it back in `If-Match` on PATCH: when someone changed the resource since you read it, the PATCH answers **412** `precondition-failed` and changes nothing — also when the other change lands while yours is being applied. `If-Match: *` only requires that the resource exists. On GET, `If-None-Match` with the ETag you hold answers **304** without a body while the resource is unchanged.',
      '',
      '## Test mode',
      'Keys made with Settings → "Test mode" on start `crk_test_agency_…` or `crk_test_creator_…` and act on a sandbox twin of your agency or creator: same plan and scopes, separate data. Nothing one mode makes is visible to the other (404, absent from lists), webhooks of test data go to test endpoints only, and `GET /me` says `livemode: false`. Details: [Test mode](/docs/test-mode).',
      '',
      '## Versioning',
      'This is v1, and v1 only grows: new operations, new optional input fields, new response fields, new enum values and event types may appear at any time, so ignore what you do not know. Anything that could break a client is first announced on the [changelog](/docs/changelog) and by `Deprecation`, `Sunset` and `Link: rel="deprecation"` headers on every answer of the operation concerned, at least six months before it ends.',
      '',
      '## Compression',
      'Send `Accept-Encoding: br` or `gzip` (most HTTP clients do) and JSON responses of 1 KB or more, the OpenAPI document included, come compressed; a 100-item list shrinks to a few percent of its size. Responses say `Vary: Accept-Encoding`.',
    ].join('\n'),
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description: 'An API key: `crk_agency_…` or `crk_creator_…` (test mode: `crk_test_agency_…`, `crk_test_creator_…`), shown once when it is created.',
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
        type: {
          type: 'string',
          format: 'uri',
          description: 'Identifies the problem type; stable across deployments, explained at /docs/errors. Compare on this.',
          enum: Object.keys(PROBLEMS).map((slug) => `${PROBLEM_TYPE_BASE}${slug}`),
        },
        title: { type: 'string', description: 'A short, fixed summary of the type.' },
        status: { type: 'integer', description: 'The HTTP status code, repeated.' },
        detail: { type: 'string', description: 'What went wrong with this request, for the developer reading the log.' },
        request_id: { type: 'string', description: 'Same as the X-Request-Id header; quote it when contacting support.' },
        errors: {
          type: 'array',
          description: 'Validation errors: one entry per bad field (400 only).',
          items: {
            type: 'object',
            required: ['path', 'message', 'code'],
            properties: {
              path: {
                type: 'string',
                description: 'Where the bad value is: `body.…`, `query.…`, `path.…` or `header.…`.',
                examples: ['body.socials[0].handle_or_url', 'query.limit', 'path.creator_id'],
              },
              message: { type: 'string', description: 'The rule the value broke, in plain English (e.g. "must be https").' },
              code: {
                type: 'string',
                description: `Machine-readable, from this closed list (also at /docs/errors):\n${Object.entries(FIELD_ERROR_CODES)
                  .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
                  .join('\n')}`,
                enum: Object.keys(FIELD_ERROR_CODES),
                examples: ['required', 'invalid_format'],
              },
            },
          },
        },
      },
    },
  };
  doc.components.headers = {
    'X-Request-Id': {
      description: 'Identifies this request; echoed from a well-formed incoming X-Request-Id (8–128 of `A-Za-z0-9._:-`).',
      schema: { type: 'string', examples: ['req_c1d2d931db4410dd8e0e9fda'] },
    },
    'RateLimit-Limit': {
      description: 'Requests allowed per window for this operation’s bucket, per agency or creator (all its keys share one window).',
      schema: { type: 'integer', examples: [600] },
    },
    'RateLimit-Remaining': { description: 'Requests the agency or creator has left in the current window, all its keys together.', schema: { type: 'integer', examples: [599] } },
    'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer', examples: [60] } },
    'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', examples: [1] } },
    ETag: {
      description:
        'Strong entity tag of the resource in `data` (the envelope’s request_id is not part of it). Send it back in If-None-Match (GET, 304 when unchanged) or If-Match (PATCH, 412 when it changed).',
      schema: { type: 'string', examples: ['"q2Xc9lK1Vb7w3Zt0aP4sDf6gHj8kL0mN"'] },
    },
    Location: {
      description: 'Absolute URL of the resource to poll for the outcome.',
      schema: { type: 'string', format: 'uri', examples: ['https://api.example.com/public/v1/creator-imports/6b025e1428ca30dd10e28700'] },
    },
    'Idempotent-Replayed': {
      description: '`true` when this response replays the stored outcome of an earlier request with the same Idempotency-Key; absent otherwise.',
      schema: { type: 'string', enum: ['true'] },
    },
  };
  doc.components.parameters = {
    'Idempotency-Key': {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes the request safe to retry: 1–255 printable ASCII characters, unique per request (a UUID v4 is a good choice), scoped to the agency or creator behind the key and kept 24 hours. A retry with the same key, method, path and body replays the first outcome (same status, body and Location) with `Idempotent-Replayed: true`; the same key with another request is 422 `idempotency-key-reused`; a retry while the first still runs is 409 `idempotency-key-in-use` with `Retry-After: 1`. Requests refused before they ran (400, 401, 403, 412, 429) and 5xx failures are not stored, so a corrected retry with the same key runs.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
      example: '5f0c6e2e-8d1a-4a57-9a53-1c0f4a1e2b3c',
    },
    'If-Match': {
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'Optimistic concurrency: the ETag you read. The change applies only if the resource still has that version; otherwise 412 `precondition-failed` and nothing changes (also when another change lands while this one is being applied). `*` only requires that the resource exists. Weak tags never match.',
      schema: { type: 'string' },
      example: '"q2Xc9lK1Vb7w3Zt0aP4sDf6gHj8kL0mN"',
    },
    'If-None-Match': {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of the copy you hold: 304 Not Modified (no body) while the resource still has it.',
      schema: { type: 'string' },
      example: '"q2Xc9lK1Vb7w3Zt0aP4sDf6gHj8kL0mN"',
    },
  };
  const usedStatuses = new Set<string>();
  const problemResponses = (): Record<string, ComponentResponse> =>
    Object.fromEntries(
      Object.entries(STATUS_TEXT)
        .filter(([status]) => usedStatuses.has(status))
        .map(([status, description]) => [
          `Problem${status}`,
          {
            description,
            headers: {
              'X-Request-Id': headerRefs['X-Request-Id'],
              ...(BEFORE_RATE_LIMIT.has(status)
                ? {}
                : { 'RateLimit-Limit': headerRefs['RateLimit-Limit'], 'RateLimit-Remaining': headerRefs['RateLimit-Remaining'], 'RateLimit-Reset': headerRefs['RateLimit-Reset'] }),
              ...(status === '429' || status === '409' || status === '503' ? { 'Retry-After': headerRef('Retry-After') } : {}),
              ...(status === '409' || status === '422' || status === '404' ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') } : {}),
            },
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          },
        ]),
    );
  doc['x-problem-types'] = Object.fromEntries(
    Object.entries(PROBLEMS).map(([slug, p]) => [`${PROBLEM_TYPE_BASE}${slug}`, { status: p.status, title: p.title }]),
  );
  doc.tags = DOCUMENT_SECTIONS.map((section) => section.tag);

  forEachApiOperation(router, ({ meta: apiMeta, procedure }) => {
    const pathKey = apiMeta.openapi.path.replace(/\/$/, '');
    const operation = doc.paths[pathKey]?.[apiMeta.openapi.method.toLowerCase()];
    if (!operation) return;
    const responses = operation.responses as Record<string, JsonObject>;
    const generated = responses['200'] as { content?: { 'application/json'?: { schema?: JsonObject } } };
    const dataSchema = generated.content?.['application/json']?.schema ?? {};
    const withRequestId = addRequestId(dataSchema);
    const successStatuses = apiMeta.successStatus ?? [200];
    const method = apiMeta.openapi.method;
    const writes = method === 'POST' || method === 'PATCH';
    const tagged = apiMeta.etag !== false && isSingleResourceSchema(dataSchema, doc.components.schemas as JsonObject);
    const newResponses: Record<string, unknown> = {};
    for (const status of successStatuses) {
      if (status === 204) {
        newResponses['204'] = { description: 'No content', headers: headerRefs };
        continue;
      }
      const headers: JsonObject = { ...headerRefs };
      if (tagged && status !== 202) headers.ETag = headerRef('ETag');
      if (status === 202) headers.Location = headerRef('Location');
      if (writes) headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');
      newResponses[String(status)] = {
        description: status === 201 ? 'Created' : status === 202 ? 'Accepted' : 'OK',
        headers,
        content: { 'application/json': { schema: withRequestId } },
      };
    }
    const parameters = (operation.parameters as JsonObject[] | undefined) ?? [];
    // zod descriptions land on the parameter's schema; readers and generators look on the parameter.
    for (const parameter of parameters) {
      const description = (parameter.schema as JsonObject | undefined)?.description;
      if (!parameter.description && typeof description === 'string') parameter.description = description;
    }
    for (const media of Object.values((operation.requestBody as { content?: Record<string, { schema?: JsonObject }> } | undefined)?.content ?? {})) {
      const body = media.schema;
      if (body?.type !== 'object') continue;
      // trpc-to-openapi rebuilds a body whose object schema carries a refinement as a plain z.object,
      // dropping its strictness: say what the server does (an unknown property is 400 unrecognized_key).
      if (isStrictObject(procedure)) body.additionalProperties = false;
      // Every PATCH refuses a body with nothing to change (400 empty_patch).
      if (method === 'PATCH') body.minProperties = 1;
    }
    if (writes) parameters.push(parameterRef('Idempotency-Key'));
    if (method === 'PATCH') parameters.push(parameterRef('If-Match'));
    if (method === 'GET' && tagged) {
      parameters.push(parameterRef('If-None-Match'));
      newResponses['304'] = {
        description: 'Not Modified: the resource still has the ETag sent in If-None-Match; no body.',
        headers: { ...headerRefs, ETag: headerRef('ETag') },
      };
    }
    if (parameters.length > 0) operation.parameters = parameters;
    if (apiMeta.deprecation) {
      operation.deprecated = true;
      Object.assign(doc.components.headers as JsonObject, DEPRECATION_HEADER_COMPONENTS);
      const deprecationHeaders: JsonObject = { Deprecation: headerRef('Deprecation'), Link: headerRef('Link'), ...(apiMeta.deprecation.sunset ? { Sunset: headerRef('Sunset') } : {}) };
      for (const response of Object.values(newResponses) as JsonObject[]) response.headers = { ...(response.headers as JsonObject), ...deprecationHeaders };
    }
    applyExample(operation, newResponses, apiMeta.examples);
    // What the chain and the body reader can answer (the same facts they act on), plus the operation's own.
    const errorStatuses = [...new Set([...gatewayStatuses(apiMeta), ...(writes ? BODY_STATUSES : []), ...(apiMeta.errorStatuses ?? [])])].sort();
    for (const status of errorStatuses) {
      usedStatuses.add(String(status));
      newResponses[String(status)] = { $ref: `#/components/responses/Problem${status}` };
    }
    operation.responses = newResponses;
    operation.security = [{ bearerAuth: [] }];
    const scopeNote = accessDescription(apiMeta.access);
    const bucket = apiMeta.rateLimit && apiMeta.rateLimit !== 'default' ? ` Rate-limit bucket: \`${apiMeta.rateLimit}\`.` : '';
    operation.description = [operation.description, `${scopeNote}${bucket}`].filter(Boolean).join('\n\n');
    operation['x-required-scopes'] = apiMeta.access;
  });
  doc.components.responses = problemResponses();
  // trpc-to-openapi's own error schemas: every error here is a Problem.
  for (const name of Object.keys(doc.components.schemas)) if (name.startsWith('error.')) delete (doc.components.schemas as JsonObject)[name];
  doc.security = [{ bearerAuth: [] }];
  doc['x-scopes'] = SCOPES;
  Object.assign(doc, buildWebhooksSection(doc.components.schemas as JsonObject));
  doc.info.description = `${doc.info.description ?? ''}\n\n${EVENTS_GUIDE}`;
  return doc;
}

const EXAMPLE_REQUEST_ID = 'req_c1d2d931db4410dd8e0e9fda';

/** Puts an operation's example on its parameters, its request body and its success response. */
function applyExample(operation: JsonObject, responses: Record<string, unknown>, example: OperationExamples | undefined): void {
  if (!example) return;
  const request = { ...(example.request ?? {}) };
  for (const parameter of (operation.parameters as JsonObject[] | undefined) ?? []) {
    const name = parameter.name as string | undefined;
    if (name === undefined || !(name in request)) continue;
    parameter.example = request[name];
    delete request[name];
  }
  const body = operation.requestBody as { content?: Record<string, JsonObject> } | undefined;
  for (const media of Object.values(body?.content ?? {})) media.example = request;
  const success = responses[String(example.status)] as { content?: Record<string, JsonObject> } | undefined;
  if (!example.response) return; // 204: no body
  for (const media of Object.values(success?.content ?? {})) media.example = { ...example.response, request_id: EXAMPLE_REQUEST_ID };
}

/** The procedure's input is a z.strictObject (unknown keys refused). */
function isStrictObject(procedure: OpenApiProcedure): boolean {
  const { inputParser } = getInputOutputParsers(procedure) as { inputParser: { _zod?: { def: { type: string; catchall?: { _zod: { def: { type: string } } } } } } };
  const def = inputParser._zod?.def;
  return def?.type === 'object' && def.catchall?._zod.def.type === 'never';
}

/** `{ data: <object>, … }` without list meta: one resource, which carries an ETag. */
function isSingleResourceSchema(schema: JsonObject, components: JsonObject): boolean {
  const properties = schema.properties as Record<string, JsonObject> | undefined;
  if (!properties?.data || properties.meta) return false;
  let data = properties.data;
  const ref = data.$ref as string | undefined;
  if (ref) data = (components[ref.replace('#/components/schemas/', '')] as JsonObject | undefined) ?? {};
  return data.type === 'object';
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
