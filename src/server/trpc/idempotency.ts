import { createHash } from 'node:crypto';
import { ApiError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import { problemStatus } from '../domain/problems';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  releaseIdempotencyKey,
  type IdempotencyClaim,
  type StoredOutcome,
} from '../services/idempotency-keys';
import type { RequestContext } from './context';
import type { ApiMeta } from './meta';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 1–255 printable ASCII characters (a UUID is a good choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;
/** Response headers worth replaying: what the client would act on. */
const REPLAYED_HEADERS = ['Location'];
/** Outcomes that mean "refused before the operation ran" or "failed": not stored, so a corrected retry runs. */
const RELEASED_STATUSES = new Set([400, 401, 403, 412, 429]);
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
let lastSweep = 0;

/**
 * Canonical JSON: object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request.
 * Uploaded files count by name, type and a hash of their bytes.
 */
async function canonical(value: unknown): Promise<string> {
  if (value instanceof Blob) {
    const digest = createHash('sha256').update(Buffer.from(await value.arrayBuffer())).digest('hex');
    return JSON.stringify({ file: value instanceof File ? value.name : null, type: value.type, sha256: digest });
  }
  if (Array.isArray(value)) return `[${(await Promise.all(value.map(canonical))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    const parts = await Promise.all(keys.map(async (k) => `${JSON.stringify(k)}:${await canonical((value as Record<string, unknown>)[k])}`));
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export async function requestFingerprint(method: string, path: string, input: unknown): Promise<string> {
  return createHash('sha256').update(`${method}\n${path}\n${await canonical(input)}`).digest('hex');
}

/** What the API chain does about an Idempotency-Key: nothing, replay a stored outcome, or run and settle a claim. */
export type IdempotencyStep = { kind: 'none' } | { kind: 'replay'; data: unknown } | { kind: 'claimed'; claim: IdempotencyClaim };

/**
 * `Idempotency-Key` on every POST and PATCH. Runs after authenticate, rate limit and authorize, so
 * requests refused there never claim a key; before input validation, whose 400 releases the claim.
 * The first request claims the key (a row insert that only one concurrent request can win), runs,
 * and stores its outcome (`settleIdempotencyKey`); a repeat with the same fingerprint replays it
 * with `Idempotent-Replayed: true`, a different fingerprint is 422, and a repeat while the first
 * still runs is 409.
 */
export async function claimIdempotencyStep(
  ctx: Pick<RequestContext, 'app' | 'request' | 'response'>,
  meta: ApiMeta | undefined,
  principal: Principal,
  getRawInput: () => Promise<unknown>,
): Promise<IdempotencyStep> {
  const method = meta?.openapi?.method;
  const key = ctx.request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if ((method !== 'POST' && method !== 'PATCH') || key === null) return { kind: 'none' };
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiError('validation-error', 'The Idempotency-Key header must be 1–255 printable ASCII characters, such as a UUID.', {
      errors: [{ path: 'header.Idempotency-Key', message: 'Must be 1–255 printable ASCII characters.', code: 'invalid_header' }],
    });
  }
  const { db, logger } = ctx.app;
  const scope = { subjectType: principal.subjectType, subjectId: principal.subjectId, key };
  const fingerprint = await requestFingerprint(ctx.request.method, ctx.request.path, await getRawInput());

  if (Date.now() - lastSweep > SWEEP_INTERVAL_MS) {
    lastSweep = Date.now();
    purgeExpiredIdempotencyKeys(db).catch((error: unknown) => logger.warn('idempotency key sweep failed', { error: String(error) }));
  }

  const claimed = await claimIdempotencyKey(db, ctx.app.idempotentResponses, scope, fingerprint);
  if (claimed.outcome === 'fingerprint-mismatch') {
    throw new ApiError(
      'idempotency-key-reused',
      'This Idempotency-Key was already used for a request with a different method, path or body. Send a new key for a new request.',
    );
  }
  if (claimed.outcome === 'in-progress') {
    throw new ApiError('idempotency-key-in-use', 'The first request with this Idempotency-Key is still running; retry in a second to get its outcome.', {
      headers: { 'Retry-After': '1' },
    });
  }
  if (claimed.outcome === 'replay') {
    const stored = claimed.stored;
    Object.assign(ctx.response.headers, stored.headers, { 'Idempotent-Replayed': 'true' });
    if (stored.kind === 'problem') throw new ApiError(stored.slug, stored.detail, { errors: stored.errors });
    ctx.response.status = stored.status;
    // The stored result already passed output validation; the envelope adds this request's request_id.
    return { kind: 'replay', data: JSON.parse(stored.resultJson) as unknown };
  }
  return { kind: 'claimed', claim: claimed.claim };
}

/** Stores the outcome of a claimed request (or releases the claim); a failure to store is logged, not the client's problem. */
export async function settleIdempotencyKey(
  ctx: Pick<RequestContext, 'app' | 'requestId' | 'response'>,
  claim: IdempotencyClaim,
  result: { ok: true; data: unknown } | { ok: false; error: { cause?: unknown } },
): Promise<void> {
  await settle(ctx, claim, result).catch((error: unknown) => {
    ctx.app.logger.error('could not store the idempotent outcome', { request_id: ctx.requestId, error: String(error) });
  });
}

async function settle(
  ctx: Pick<RequestContext, 'app' | 'response'>,
  claim: IdempotencyClaim,
  result: { ok: true; data: unknown } | { ok: false; error: { cause?: unknown } },
): Promise<void> {
  const headers = Object.fromEntries(REPLAYED_HEADERS.filter((h) => ctx.response.headers[h] !== undefined).map((h) => [h, ctx.response.headers[h]!]));
  if (result.ok) {
    const status = ctx.response.status ?? 200;
    await completeIdempotencyKey(ctx.app.db, ctx.app.idempotentResponses, claim, status, { kind: 'result', status, headers, resultJson: JSON.stringify(result.data) });
    return;
  }
  const cause = result.error.cause;
  const status = cause instanceof ApiError ? problemStatus(cause.slug) : undefined;
  if (cause instanceof ApiError && status !== undefined && status < 500 && !RELEASED_STATUSES.has(status)) {
    const stored: StoredOutcome = { kind: 'problem', slug: cause.slug, detail: cause.detail, errors: cause.options.errors, headers };
    await completeIdempotencyKey(ctx.app.db, ctx.app.idempotentResponses, claim, status, stored);
    return;
  }
  await releaseIdempotencyKey(ctx.app.db, claim);
}
