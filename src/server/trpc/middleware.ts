import { SCOPES, type SubjectType } from '../auth/scopes';
import { ApiError } from '../domain/errors';
import { authenticateApiKey, type AuthenticatedKey } from '../services/api-keys';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import type { AppServices } from '../domain/app-services';
import { applyConditional } from './conditional';
import type { Owner } from '../domain/owner';
import type { RequestContext } from './context';
import { claimIdempotencyStep, settleIdempotencyKey } from './idempotency';
import { t } from './init';
import type { ApiMeta } from './meta';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * 401s: no header, not a Bearer header, a malformed, unknown, revoked or expired key. The HTTP adapter
 * calls it before reading the body (so no key means no body parse) and the chain reuses the result.
 */
export async function authenticateRequest(app: AppServices, header: string | null): Promise<AuthenticatedKey> {
  if (!header) {
    throw new ApiError('authentication-required', 'Send your API key in the Authorization header: `Authorization: Bearer <API_KEY>`.');
  }
  const match = BEARER.exec(header);
  if (!match?.[1]) {
    throw new ApiError('invalid-api-key', 'The Authorization header must use the Bearer scheme: `Authorization: Bearer <API_KEY>`.');
  }
  const auth = await authenticateApiKey(app.sql, match[1], app.keyCache);
  app.lastUsed.note(auth);
  return auth;
}

const authenticated = (ctx: RequestContext) => ctx.authenticated ?? authenticateRequest(ctx.app, ctx.authorization);

/** Per-key limit for the operation's bucket; headers go on every response, 429 with Retry-After past the quota. */
async function applyRateLimit(ctx: RequestContext, meta: ApiMeta | undefined, auth: AuthenticatedKey): Promise<void> {
  const bucket = meta?.rateLimit ?? 'default';
  const decision = await ctx.app.rateLimiter.check(bucket, auth.keyId);
  if (decision) {
    ctx.response.headers['RateLimit-Limit'] = String(decision.limit);
    ctx.response.headers['RateLimit-Remaining'] = String(decision.remaining);
    ctx.response.headers['RateLimit-Reset'] = String(decision.resetSeconds);
    if (!decision.allowed) {
      throw new ApiError(
        'rate-limited',
        `This key has used its ${decision.limit} requests for this window${bucket === 'default' ? '' : ` (${bucket} bucket)`}. Retry in ${decision.resetSeconds} s.`,
        { headers: { 'Retry-After': String(decision.resetSeconds) } },
      );
    }
  }
}

/** 403s: subject type not allowed, scope missing, entitlement inactive, plan feature missing. */
function authorizeRequest(meta: ApiMeta | undefined, auth: AuthenticatedKey): void {
  const access = meta?.access;
  if (!access) throw new Error('procedure has no access rule in its meta');
  const allowedTypes = Object.keys(access) as SubjectType[];
  if (!allowedTypes.includes(auth.subjectType)) {
    throw new ApiError('subject-not-allowed', `This operation is available to ${allowedTypes.join(' and ')} keys only; this is a ${auth.subjectType} key.`);
  }
  const scope = access[auth.subjectType];
  if (scope && !auth.scopes.includes(scope)) {
    throw new ApiError('insufficient-scope', `This operation requires the ${scope} scope (${SCOPES[scope].description}) Create a key that includes it.`);
  }
  if (auth.entitlement !== 'active' && !meta.allowInactive) {
    throw new ApiError('entitlement-inactive', `The ${auth.subjectType} behind this key is ${auth.entitlement}; API access resumes when its entitlement is active again.`);
  }
  if (meta.planFeature && !auth.plan[meta.planFeature]) {
    throw new ApiError('plan-required', `The ${auth.plan.code} plan does not include sponsorship matches; a plan that does (pro or scale) is required.`);
  }
}

/** Adds request_id to the `{ data, meta? }` a procedure returns: the success envelope, in one place. */
function withEnvelope<R extends { ok: boolean; data?: unknown }>(result: R, requestId: string): R {
  if (result.ok && result.data && typeof result.data === 'object') {
    const body = result.data as { data: unknown; meta?: unknown };
    return { ...result, data: { data: body.data, request_id: requestId, ...(body.meta ? { meta: body.meta } : {}) } };
  }
  return result;
}

/**
 * The chain every public operation runs, as one middleware: envelope ⟶ authenticate (401) ⟶ rate
 * limit (429) ⟶ authorize (403) ⟶ Idempotency-Key claim or replay (idempotency.ts) ⟶ input (400) and
 * resolver ⟶ ETag / 304 (conditional.ts). One middleware, not one per step: tRPC copies the call
 * options and the context at every middleware level, which is measurable on every request.
 * Procedures get the key as `ctx.auth` and its subject as `ctx.owner`.
 */
export const apiChain = t.middleware(async ({ ctx, meta, next, type, getRawInput }) => {
  const auth = await authenticated(ctx);
  await applyRateLimit(ctx, meta, auth);
  authorizeRequest(meta, auth);
  const owner: Owner = { type: auth.subjectType, id: auth.subjectId };
  const idempotency = await claimIdempotencyStep(ctx, meta, auth, getRawInput);
  if (idempotency.kind === 'replay') {
    // A stored outcome: the procedure does not run again.
    const replayed = { ok: true as const, data: idempotency.data };
    applyConditional(ctx, meta, type, replayed);
    return { ...withEnvelope(replayed, ctx.requestId), ctx: { ...ctx, auth, owner }, marker: middlewareMarker };
  }
  const result = await next({ ctx: { auth, owner } });
  if (idempotency.kind === 'claimed') await settleIdempotencyKey(ctx, idempotency.claim, result);
  applyConditional(ctx, meta, type, result);
  return withEnvelope(result, ctx.requestId);
});
