import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import { permissionDescription, type SubjectType } from '../auth/scopes';
import { ApiError } from '../domain/errors';
import { ownerOf, type Principal } from '../domain/principal';
import { applyConditional } from './conditional';
import { withDataJson } from '../lib/raw-json';
import type { RequestContext } from './context';
import { deprecationHeaders } from './deprecation';
import { claimIdempotencyStep, settleIdempotencyKey } from './idempotency';
import { t } from './init';
import type { ApiMeta } from './meta';

const CREDENTIAL_NOUN = { api_key: 'key', session: 'account', oauth_token: 'connected app' } as const;

/** The rate-limit identity of a principal: its subject, so every key and session of one agency or creator shares one window per bucket. */
export function rateLimitSubject(principal: Principal): string {
  return `${principal.subjectType}:${principal.subjectId}`;
}

/** Past its quota: the 429's detail and headers, as plain data (an expected refusal needs no Error). */
export interface RateLimitRefusal {
  detail: string;
  headers: Record<string, string>;
}

/**
 * Counts one call in the subject's window for `bucket`: its RateLimit-* headers (none when the limiter
 * is away), and the refusal when it is past the quota — returned, not thrown, so a flood's thousands of
 * refusals do not each build an Error and capture its stack (issue 26).
 */
export async function countInRateLimit(
  app: RequestContext['app'],
  bucket: NonNullable<ApiMeta['rateLimit']>,
  principal: Principal,
): Promise<{ headers: Record<string, string>; refusal: RateLimitRefusal | null }> {
  const decision = await app.rateLimiter.check(bucket, rateLimitSubject(principal));
  if (!decision) return { headers: {}, refusal: null };
  const headers = { 'RateLimit-Limit': String(decision.limit), 'RateLimit-Remaining': String(decision.remaining), 'RateLimit-Reset': String(decision.resetSeconds) };
  if (decision.allowed) return { headers, refusal: null };
  return {
    headers,
    refusal: {
      detail: `This ${principal.subjectType} has used its ${decision.limit} requests for this window${bucket === 'default' ? '' : ` (${bucket} bucket)`}, shared by all its keys and sessions. Retry in ${decision.resetSeconds} s.`,
      // The headers travel with the refusal too: a door that asked before the call (admitCall) has no response state to read them from.
      headers: { ...headers, 'Retry-After': String(decision.resetSeconds) },
    },
  };
}

/** The subject's limit for the operation's bucket; headers go on every answer, 429 with Retry-After past the quota. */
export async function applyRateLimit(ctx: Pick<RequestContext, 'app' | 'response'>, bucket: NonNullable<ApiMeta['rateLimit']>, principal: Principal): Promise<void> {
  const { headers, refusal } = await countInRateLimit(ctx.app, bucket, principal);
  Object.assign(ctx.response.headers, headers);
  if (refusal) throw new ApiError('rate-limited', refusal.detail, { headers: refusal.headers });
}

/** 403s: subject type not allowed, scope missing, entitlement inactive, plan feature missing. */
function authorize(meta: ApiMeta, principal: Principal): void {
  const access = meta.access;
  if (!access) throw new Error('procedure has no access rule in its meta');
  const allowedTypes = Object.keys(access) as SubjectType[];
  const noun = CREDENTIAL_NOUN[principal.kind];
  if (!allowedTypes.includes(principal.subjectType)) {
    throw new ApiError('subject-not-allowed', `This operation is available to ${allowedTypes.join(' and ')} ${noun}s only; this is a ${principal.subjectType} ${noun}.`);
  }
  const scope = access[principal.subjectType];
  if (scope && !principal.scopes.includes(scope)) {
    throw new ApiError(
      'insufficient-scope',
      principal.kind === 'api_key'
        ? `This operation requires the ${scope} scope (${permissionDescription(scope)}) Create a key that includes it.`
        : principal.kind === 'oauth_token'
          ? `This operation requires the ${scope} scope (${permissionDescription(scope)}) Connect the app again and allow it.`
          : `Your role does not allow this: it requires the ${scope} permission (${permissionDescription(scope)})`,
    );
  }
  if (principal.entitlement !== 'active' && !meta.allowInactive) {
    throw new ApiError('entitlement-inactive', `This ${principal.subjectType} is ${principal.entitlement}: its operations are refused until its entitlement is active again.`);
  }
  if (meta.planFeature && !principal.plan[meta.planFeature]) {
    throw new ApiError('plan-required', `The ${principal.plan.code} plan does not include sponsorship matches; a plan that does (pro or scale) is required.`);
  }
}

/** Adds request_id to the `{ data, meta? }` a procedure returns: the success envelope, in one place. */
function withEnvelope<R extends { ok: boolean; data?: unknown }>(result: R, requestId: string, dataText?: string): R {
  if (result.ok && result.data && typeof result.data === 'object') {
    const body = result.data as { data: unknown; meta?: unknown };
    const envelope = { data: body.data, request_id: requestId, ...(body.meta ? { meta: body.meta } : {}) };
    return { ...result, data: dataText === undefined ? envelope : withDataJson(envelope, dataText) };
  }
  return result;
}

/**
 * The policy every operation runs, whichever door called it (the gateway authenticated the
 * principal first): rate limit per subject and bucket (429) ⟶ authorize (403) ⟶ Idempotency-Key
 * claim or replay (idempotency.ts) ⟶ input (400) and resolver ⟶ ETag / 304 (conditional.ts) ⟶ the
 * envelope. One middleware, not one per step: tRPC copies the call options and the context at every
 * middleware level, which is measurable on every request. Procedures get `ctx.principal` and its
 * subject as `ctx.owner`.
 */
export const apiChain = t.middleware(async ({ ctx, meta, next, type, getRawInput }) => {
  if (!meta) throw new Error('procedure has no meta');
  const { principal } = ctx;
  if (meta.deprecation) Object.assign(ctx.response.headers, deprecationHeaders(meta.deprecation, ctx.app.config.publicBaseUrl));
  // Counted once: here, or already by the gateway's admitCall before the door read the body.
  if (ctx.admitted) Object.assign(ctx.response.headers, ctx.admitted);
  else await applyRateLimit(ctx, meta.rateLimit ?? 'default', principal);
  authorize(meta, principal);
  const owner = ownerOf(principal);
  const idempotency = await claimIdempotencyStep(ctx, meta, principal, getRawInput);
  if (idempotency.kind === 'replay') {
    // A stored outcome: the procedure does not run again.
    const replayed = { ok: true as const, data: idempotency.data };
    const dataText = applyConditional(ctx, meta, type, replayed);
    return { ...withEnvelope(replayed, ctx.requestId, dataText), ctx: { ...ctx, owner }, marker: middlewareMarker };
  }
  const result = await next({ ctx: { owner } });
  if (idempotency.kind === 'claimed') await settleIdempotencyKey(ctx, idempotency.claim, result);
  const dataText = applyConditional(ctx, meta, type, result);
  return withEnvelope(result, ctx.requestId, dataText);
});
