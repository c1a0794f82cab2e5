import { TRPCError, type AnyRouter } from '@trpc/server';
import { ZodError } from 'zod';
import { NO_CLIENT, type ClientInfo } from '../domain/actor';
import type { AppServices } from '../domain/app-services';
import { isDatabaseUnavailable } from '../db/unavailable';
import { actingForFromHeaders } from '../lib/acting-for';
import { OutageNotice } from '../lib/outage-notice';
import { withParsedJson } from '../lib/raw-json';
import { inSpan, tracingEnabled } from '../lib/tracing';
import { ApiError, type FieldError } from '../domain/errors';
import type { Principal, SessionPrincipal } from '../domain/principal';
import { problemStatus, type ProblemSlug } from '../domain/problems';
import { BUCKET_CONCURRENCY, type RateLimitBucket } from '../rate-limit/buckets';
import { InFlightLimiter } from '../rate-limit/in-flight';
import { sessionPrincipal } from '../services/accounts';
import { authenticateApiKey } from '../services/api-keys';
import { isOAuthAccessToken } from '../auth/oauth-tokens';
import { authenticateOAuthToken } from '../services/oauth-apps';
import { modeFromCookieHeader, principalInMode } from '../services/test-mode';
import type { Door, RequestContext } from './context';
import { applyRateLimit, countInRateLimit, rateLimitSubject } from './middleware';
import { inputBoundErrors, inputTextErrors } from './input-rules';
import { prepareOperations, runProcedure, type Operation } from './procedure-runner';
import { fieldErrorsFromIssues, validationDetail, type InputLocation, type ZodIssueLike } from './validation-errors';

/**
 * The one gateway every door calls operations through — REST (src/server/http), MCP
 * (src/server/mcp) and the settings UI's server actions (src/server/web/operation-call.ts). A door
 * translates its protocol into (operation, input, credential) and the result back; everything
 * between is here, once: authenticating the credential into a Principal (API keys always through
 * the key cache), the operation's declared policy (the API chain: rate limit per subject, scopes,
 * subject type, entitlement, plan, Idempotency-Key, validation, ETag, envelope), and turning any
 * failure into one Problem. So a rule holds the same way whichever door a call comes through.
 */

/** A failure as every door reports it: a domain problem, field paths REST-style (`body.x`, `query.limit`, `path.creator_id`). */
export interface Problem {
  slug: ProblemSlug;
  status: number;
  detail: string;
  errors?: FieldError[];
  /** Headers the problem implies (Retry-After on 429 and 409 in-use). */
  headers: Record<string, string>;
}

export type GatewayResult =
  | {
      ok: true;
      status: number;
      /** RateLimit-*, ETag, Location, Idempotent-Replayed… for the door to pass on. */
      headers: Record<string, string>;
      /** The `{ data, request_id, meta? }` envelope; undefined for 204 and 304. */
      body: unknown;
    }
  | { ok: false; status: number; headers: Record<string, string>; problem: Problem };

export interface CallOptions {
  door: Door;
  requestId: string;
  /** If-Match / If-None-Match / Idempotency-Key as the door received them (MCP: from arguments). */
  headers?: { get(name: string): string | null };
  /** The REST path as requested (without /public/v1); other doors' calls use the REST twin's template, filled in. */
  restPath?: string;
  /** The caller's address and user agent as the door resolved them (recorded by the audit log). */
  client?: ClientInfo;
  /** The RateLimit-* headers of `admitCall`, when the door had the call counted before reading its body. */
  admitted?: Record<string, string>;
}

/**
 * What `admitCall` decided before the door read the body: let in, with its RateLimit-* headers and its
 * place among the subject's calls in progress; or refused, with the 429 as a Problem (a value, not a
 * thrown Error: a flood is mostly refusals, and each would capture a stack no one reads).
 */
export type Admission =
  | {
      ok: true;
      headers: Record<string, string>;
      /** Gives the call's place back (BUCKET_CONCURRENCY); the door calls it once the call is over, whatever its outcome. */
      release(): void;
    }
  | { ok: false; problem: Problem };

/** Seconds a client refused for having too many calls in progress is told to wait. */
const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

/** A browser session better-auth has verified (the UI's cookie), before it becomes a principal. */
export interface VerifiedSession {
  userId: string;
  sessionId: string;
}

export interface GatewayOptions {
  /** Verifies the settings UI's session cookie (better-auth); wired by the composition root. */
  verifySession?: (headers: Headers) => Promise<VerifiedSession | null>;
}

export interface AuthenticateOptions {
  /**
   * The resource (RFC 8707) this door serves to OAuth access tokens: the MCP door passes its /mcp
   * URL; the REST door passes nothing, so a token there is refused (API keys only).
   */
  oauthResource?: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const NO_HEADERS = { get: () => null };
const INTERNAL_ERROR_DETAIL = 'An unexpected error occurred. Nothing about it is your fault; quote the request_id if you contact support.';
/** Seconds a client is told to wait when the database is away; the service reconnects by itself. */
export const OUTAGE_RETRY_AFTER_SECONDS = 2;
const OUTAGE_DETAIL = `The database is briefly unreachable, so the request could not complete. Retry in ${OUTAGE_RETRY_AFTER_SECONDS} seconds (a POST with the same Idempotency-Key is safe to retry).`;
/** How often an outage in progress is probed (one `SELECT 1`), to log its end. */
const OUTAGE_PROBE_MS = 1_000;

export class Gateway {
  readonly operations: ReadonlyMap<string, Operation>;
  private readonly databaseOutage: OutageNotice;
  private probingDatabase = false;
  /** Calls in progress per subject, for the buckets that bound them (per instance). */
  private readonly inFlight = new InFlightLimiter(BUCKET_CONCURRENCY);

  constructor(
    private readonly services: AppServices,
    router: AnyRouter,
    private readonly options: GatewayOptions = {},
  ) {
    this.operations = prepareOperations(router);
    this.databaseOutage = new OutageNotice(services.logger, 'database');
  }

  operation(path: string): Operation | undefined {
    return this.operations.get(path);
  }

  /**
   * The Authorization header → the principal (401 problems otherwise): `Bearer <API key>`, looked up
   * through the key cache (no database round trip for a cached key) and noted for `last_used_at`.
   */
  async authenticate(authorization: string | null, options: AuthenticateOptions = {}): Promise<Principal> {
    if (!authorization) {
      throw new ApiError('authentication-required', 'Send your API key in the Authorization header: `Authorization: Bearer <API_KEY>`.');
    }
    const secret = BEARER.exec(authorization)?.[1];
    if (!secret) throw new ApiError('invalid-api-key', 'The Authorization header must use the Bearer scheme: `Authorization: Bearer <API_KEY>`.');
    // An OAuth access token (hosted AI assistants): looked up on every request, bound to one resource.
    if (isOAuthAccessToken(secret)) return authenticateOAuthToken(this.services.db, secret, options.oauthResource ?? null);
    const principal = await authenticateApiKey(this.services.sql, secret, this.services.keyCache);
    this.services.lastUsed.note(principal);
    return principal;
  }

  /** The settings UI's cookie → the signed-in person acting for their agency or creator; null when signed out (or with no account yet). */
  async authenticateSession(headers: Headers): Promise<SessionPrincipal | null> {
    const verify = this.options.verifySession;
    if (!verify) throw new Error('this gateway was built without a session verifier');
    const session = await verify(headers);
    const principal = session ? await sessionPrincipal(this.services.db, session, actingForFromHeaders(headers)) : null;
    // The account chosen in the header's switcher is checked against the person's memberships on every
    // call; the "Test mode" switch (a cookie, validated here) then makes the session act on its twin.
    return principal && principalInMode(this.services.db, principal, modeFromCookieHeader(headers.get('cookie')));
  }

  /**
   * Counts one protocol message that is not an operation (MCP's initialize, tools/list, ping) in the
   * subject's default bucket, as a REST call would be. Returns the RateLimit-* headers; throws 429.
   */
  async admit(principal: Principal, bucket: RateLimitBucket = 'default'): Promise<Record<string, string>> {
    const response = { headers: {} as Record<string, string> };
    await applyRateLimit({ app: this.services, response }, bucket, principal);
    return response.headers;
  }

  /**
   * Counts a call of `operationPath` in its rate-limit bucket before the door reads the request body
   * (answers the 429 as a refusal, without throwing), so a client past its limit costs no body read, no JSON parse and no input walk:
   * a 2 MiB preview refused this way is answered before its bytes arrive. A bucket that bounds calls
   * in progress (BUCKET_CONCURRENCY) is asked first: past it the call is refused 429 the same way,
   * without being counted. The door passes the returned headers to `call` as `admitted`, which then
   * neither counts the call again nor takes a second place, and calls `release` once the call is over.
   */
  async admitCall(operationPath: string, principal: Principal): Promise<Admission> {
    const operation = this.operations.get(operationPath);
    if (!operation) throw new Error(`no operation ${operationPath}`);
    const bucket = operation.meta.rateLimit ?? 'default';
    const release = this.inFlight.enter(bucket, rateLimitSubject(principal));
    if (!release) return { ok: false, problem: this.inFlightProblem(bucket, principal) };
    let counted: Awaited<ReturnType<typeof countInRateLimit>>;
    try {
      counted = await countInRateLimit(this.services, bucket, principal);
    } catch (error) {
      release();
      throw error;
    }
    if (counted.refusal) {
      release();
      const { detail, headers } = counted.refusal;
      return { ok: false, problem: { slug: 'rate-limited', status: problemStatus('rate-limited'), detail, headers } };
    }
    return { ok: true, headers: counted.headers, release };
  }

  /** The 429 for a subject that has its bucket's limit of calls in progress running. */
  private inFlightProblem(bucket: RateLimitBucket, principal: Principal): Problem {
    return {
      slug: 'rate-limited',
      status: problemStatus('rate-limited'),
      detail: `This ${principal.subjectType} already has ${this.inFlight.limitOf(bucket)} calls of the ${bucket} bucket in progress, the most it may run at once. Retry when one has finished.`,
      headers: { 'Retry-After': String(IN_FLIGHT_RETRY_AFTER_SECONDS) },
    };
  }

  /** Runs `operationPath` with `input` for `principal`: the operation's whole policy, then the procedure. */
  async call(operationPath: string, input: unknown, principal: Principal, options: CallOptions): Promise<GatewayResult> {
    const operation = this.operations.get(operationPath);
    if (!operation) throw new Error(`no operation ${operationPath}`);
    if (!tracingEnabled()) return this.run(operation, input, principal, options);
    // One span per operation, whichever door: its queries' spans nest beneath it (lib/tracing.ts).
    const attributes = { 'creator_api.operation': operationPath, 'creator_api.door': options.door, 'creator_api.request_id': options.requestId };
    return inSpan(operationPath, 'operation', attributes, async (span) => {
      const result = await this.run(operation, input, principal, options);
      span?.setAttribute('creator_api.status', result.status);
      if (!result.ok) span?.setAttribute('creator_api.problem', result.problem.slug);
      return result;
    });
  }

  private async run(operation: Operation, input: unknown, principal: Principal, options: CallOptions): Promise<GatewayResult> {
    // A call the door did not admit before reading its body (MCP, the settings UI) takes its place among
    // the subject's calls in progress here.
    if (options.admitted) return this.runAdmitted(operation, input, principal, options);
    const bucket = operation.meta.rateLimit ?? 'default';
    const release = this.inFlight.enter(bucket, rateLimitSubject(principal));
    if (!release) {
      const problem = this.inFlightProblem(bucket, principal);
      return { ok: false, status: problem.status, headers: problem.headers, problem };
    }
    try {
      return await this.runAdmitted(operation, input, principal, options);
    } finally {
      release();
    }
  }

  private async runAdmitted(operation: Operation, input: unknown, principal: Principal, options: CallOptions): Promise<GatewayResult> {
    const ctx: RequestContext = {
      app: this.services,
      requestId: options.requestId,
      door: options.door,
      principal,
      client: options.client ?? NO_CLIENT,
      admitted: options.admitted,
      request: {
        headers: options.headers ?? NO_HEADERS,
        method: operation.meta.openapi?.method ?? 'POST',
        path: options.restPath ?? restPathOf(operation, input),
      },
      // The usual success status is declared once, in the meta; a procedure sets another one (200 for an existing resource) itself.
      response: { headers: {}, status: operation.meta.successStatus?.[0] },
    };
    // Input nested too deep or too large, and text no field can store (NUL, lone surrogates), are
    // refused naming the field, before any work (the fingerprint and storage walk the input).
    const locate = (key: string) => locationOf(operation, key);
    const inputErrors = inputBoundErrors(input, locate);
    if (inputErrors.length === 0) inputErrors.push(...inputTextErrors(input, locate));
    if (inputErrors.length > 0) {
      const problem: Problem = { slug: 'validation-error', status: 400, detail: validationDetail(inputErrors), errors: inputErrors, headers: {} };
      return { ok: false, status: 400, headers: {}, problem };
    }
    const outcome = await runProcedure(operation, ctx, input);
    const headers = ctx.response.headers;
    if (!outcome.ok) {
      const problem = this.toProblem(outcome.error, { operation, input, requestId: options.requestId });
      return { ok: false, status: problem.status, headers: { ...headers, ...problem.headers }, problem };
    }
    const status = ctx.response.status ?? 200;
    // 204 (DELETE) and 304 (If-None-Match matched the ETag) carry no body. JSON text a procedure
    // returned as is (lib/raw-json.ts) stays text for REST, which writes it; other doors get values.
    if (status === 204 || status === 304) return { ok: true, status, headers, body: undefined };
    return { ok: true, status, headers, body: options.door === 'rest' ? outcome.data : withParsedJson(outcome.data) };
  }

  /**
   * Any failure → the Problem every door reports: a domain error as it is; zod issues (the input
   * schema's, or a door's own argument translation) as a 400 naming each field where the operation
   * takes it (path, query or body); the database unreachable as a 503 with Retry-After (logged once
   * per outage); anything else is logged with the request id and answered as a
   * 500 that says nothing of its cause.
   */
  toProblem(error: unknown, about: { operation?: Operation; input?: unknown; requestId: string }): Problem {
    const cause = error instanceof TRPCError ? (error.cause as unknown) : error;
    if (cause instanceof ApiError) {
      return { slug: cause.slug, status: problemStatus(cause.slug), detail: cause.detail, errors: cause.options.errors, headers: { ...cause.options.headers } };
    }
    // Input issues: tRPC's input parser (BAD_REQUEST), or a door's own argument translation (a bare
    // ZodError). A failed output validation is INTERNAL_SERVER_ERROR with a ZodError cause: a 500.
    const issues: ZodIssueLike[] | undefined =
      error instanceof TRPCError
        ? error.code === 'BAD_REQUEST'
          ? (cause as { issues?: ZodIssueLike[] } | undefined)?.issues
          : undefined
        : error instanceof ZodError
          ? error.issues
          : undefined;
    if (Array.isArray(issues)) {
      const { operation } = about;
      const errors = fieldErrorsFromIssues(issues, (first) => (operation ? locationOf(operation, first) : 'body'), about.input);
      return { slug: 'validation-error', status: 400, detail: validationDetail(errors), errors, headers: {} };
    }
    if (isDatabaseUnavailable(error)) {
      this.noteDatabaseOutage(error, about);
      return { slug: 'service-unavailable', status: 503, detail: OUTAGE_DETAIL, headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } };
    }
    this.services.logger.error('unhandled error', {
      request_id: about.requestId,
      operation: about.operation?.path,
      code: error instanceof TRPCError ? error.code : undefined,
      error: error instanceof Error ? error.message : String(error),
      cause: cause instanceof Error ? cause.stack : String(cause),
    });
    return { slug: 'internal-error', status: 500, detail: INTERNAL_ERROR_DETAIL, headers: {} };
  }

  /**
   * One log line when a database outage starts; then a `SELECT 1` every second until it answers,
   * which logs the end (duration, failed calls). Requests never wait for the probe: the pool
   * reconnects on its own, and each request simply tries.
   */
  private noteDatabaseOutage(error: unknown, about: { operation?: Operation; requestId: string }): void {
    this.databaseOutage.failed(error, { request_id: about.requestId, operation: about.operation?.path });
    if (this.probingDatabase) return;
    this.probingDatabase = true;
    const probe = () => {
      this.services.sql('SELECT 1', []).then(
        () => {
          this.probingDatabase = false;
          this.databaseOutage.succeeded();
        },
        () => setTimeout(probe, OUTAGE_PROBE_MS).unref(),
      );
    };
    setTimeout(probe, OUTAGE_PROBE_MS).unref();
  }
}

/** Where an operation takes an input key: a REST path parameter, the query string (GET, DELETE) or the body. */
function locationOf(operation: Operation, key: PropertyKey | undefined): InputLocation {
  if (typeof key === 'string' && operation.pathParams.includes(key)) return 'path';
  return operation.usesBody ? 'body' : 'query';
}

/** `/creators/{creator_id}` with the input's creator_id: the REST twin's path of an MCP or UI call (Idempotency-Key fingerprints). */
function restPathOf(operation: Operation, input: unknown): string {
  const template = operation.meta.openapi?.path ?? `/internal/${operation.path}`;
  const values = (input ?? {}) as Record<string, unknown>;
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    return encodeURIComponent(typeof value === 'string' ? value : '');
  });
}

export function createGateway(services: AppServices, router: AnyRouter, options?: GatewayOptions): Gateway {
  return new Gateway(services, router, options);
}
