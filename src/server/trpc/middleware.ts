import { SCOPES, type SubjectType } from '../auth/scopes';
import { ApiError } from '../http/problems';
import { authenticateApiKey, type AuthenticatedKey } from '../services/api-keys';
import { t } from './init';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** 401s: no header, not a Bearer header, a malformed, unknown, revoked or expired key. */
export const authenticate = t.middleware(async ({ ctx, next }) => {
  const header = ctx.authorization;
  if (!header) {
    throw new ApiError('authentication-required', 'Send your API key in the Authorization header: `Authorization: Bearer <API_KEY>`.');
  }
  const match = BEARER.exec(header);
  if (!match?.[1]) {
    throw new ApiError('invalid-api-key', 'The Authorization header must use the Bearer scheme: `Authorization: Bearer <API_KEY>`.');
  }
  const auth = await authenticateApiKey(ctx.app.sql, match[1], ctx.app.keyCache);
  ctx.app.lastUsed.note(auth);
  return next({ ctx: { auth } });
});

/** Per-key limit for the operation's bucket; headers go on every response, 429 with Retry-After past the quota. */
export const rateLimit = t.middleware(async ({ ctx, meta, next }) => {
  const auth = (ctx as typeof ctx & { auth: AuthenticatedKey }).auth;
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
  return next();
});

/** 403s: subject type not allowed, scope missing, entitlement inactive, plan feature missing. */
export const authorize = t.middleware(async ({ ctx, meta, next }) => {
  const auth = (ctx as typeof ctx & { auth: AuthenticatedKey }).auth;
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
  return next();
});

/** Adds request_id to the `{ data, meta? }` a procedure returns: the success envelope, in one place. */
export const envelope = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok && result.data && typeof result.data === 'object') {
    const body = result.data as { data: unknown; meta?: unknown };
    return { ...result, data: { data: body.data, request_id: ctx.requestId, ...(body.meta ? { meta: body.meta } : {}) } };
  }
  return result;
});
