import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Permission, SubjectType } from '../auth/scopes';
import type { RateLimitBucket } from '../rate-limit/buckets';

/**
 * An operation's policy, declared once in its procedure's meta: the gateway enforces it for every door
 * (REST, MCP, the settings UI) and the OpenAPI generator documents it.
 * - openapi: present for a public REST operation (and so an MCP tool); absent for an internal one
 *   only the settings UI calls (API keys, campaign report panels), which still runs the same chain.
 * - access: which subject types may call, and the scope (or session-only permission) each needs
 *   (null: any authenticated principal of that type).
 * - rateLimit: the bucket counted, per agency or creator (default `default`).
 * - planFeature: a plan feature required on top of the scope (403 plan-required without it).
 * - allowInactive: still answers when the subject's entitlement is not active (GET /me reports it).
 * - successStatus: the 2xx statuses the operation answers with; the first is the one it answers
 *   unless its procedure sets `ctx.response.status` (only operations with more than one do).
 * - errorStatuses: statuses beyond the ones the gateway can answer (trpc/statuses.ts: 400, 401, 403,
 *   429, 500, 503, and 409/412/422 by method); a public operation's definer (trpc/section.ts) adds 404
 *   when its route has a path parameter.
 * - maxBodyBytes: the body cap for this operation (default MAX_JSON_BODY_BYTES); uploads raise it.
 * - etag: false for a POST whose `data` is a compound result rather than one resource (no ETag).
 * - examples: a request and a response example for the OpenAPI document, written next to the
 *   operation's zod schemas in its `<operation>.schema.ts` (every public operation has one).
 * - toolHints: MCP tool annotations the method cannot tell (src/server/mcp): `idempotent` for a POST
 *   that is safe to repeat, `openWorld` when it reaches outside the service (fetches a URL);
 *   `unadvertised`: input fields the operation refuses whatever their value (kept in the input only
 *   to answer a precise 400), left out of the tool's arguments so an agent is not invited to send them;
 *   `outputSchema`: advertise the result's schema, for a result an agent reads to decide its next call
 *   (other tools return the same body without one, to keep the tool list affordable).
 * - deprecation: the operation is deprecated (see /docs/changelog): every answer carries Deprecation,
 *   Sunset and Link headers (trpc/deprecation.ts) and the OpenAPI document marks it `deprecated`.
 *   `announced` and `sunset` are dates (YYYY-MM-DD); `changelogAnchor` is the changelog entry's id.
 * - trustedOutput: the test file that proves the result equals its `.output()` schema for every item
 *   (the roster list, whose creators PostgreSQL builds as JSON text: lib/raw-json.ts). The runner
 *   then skips tRPC's output validation for this operation only; the schema stays its contract.
 * A procedure whose `openapi.contentTypes` is `['multipart/form-data']` receives the form's parts as
 * fields (files as File objects): the HTTP adapter parses the multipart body itself.
 */
export interface OperationExamples {
  /** What the procedure receives (path and query parameters and body fields together); the document splits it. */
  request?: Record<string, unknown>;
  /** The success status the response example belongs to. */
  status: number;
  /** The procedure's result (the envelope adds request_id); absent for 204 No Content. */
  response?: { data: unknown; meta?: unknown };
}

export type ApiMeta = OpenApiMeta<{
  access?: Partial<Record<SubjectType, Permission | null>>;
  rateLimit?: RateLimitBucket;
  planFeature?: 'sponsorshipMatches';
  allowInactive?: boolean;
  successStatus?: readonly number[];
  errorStatuses?: readonly number[];
  maxBodyBytes?: number;
  etag?: false;
  trustedOutput?: string;
  examples?: OperationExamples;
  deprecation?: { announced: string; sunset?: string; changelogAnchor: string };
  toolHints?: { idempotent?: boolean; openWorld?: boolean; unadvertised?: readonly string[]; outputSchema?: boolean };
}>;
