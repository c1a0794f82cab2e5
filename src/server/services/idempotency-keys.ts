import type { Db } from '../db/database';
import type { SubjectType } from '../auth/scopes';
import { readStoredJson } from '../db/json';
import type { FieldError, ProblemSlug } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import type { SecretBox } from '../lib/secret-box';

/**
 * Idempotency-Key storage (IETF draft-ietf-httpapi-idempotency-key-header, Stripe's behaviour).
 * A key is claimed by inserting its row before the operation runs — the unique index on
 * (subject, key) lets exactly one of any number of concurrent requests, on any instance, win —
 * and completed with the outcome to replay. Rows live 24 hours; expired ones are ignored and
 * swept lazily. Outcomes are stored sealed (AES-256-GCM, `SecretBox`): a replayable response can
 * carry a secret shown once (a webhook endpoint's `whsec_…`), and a copy of the table must not
 * reveal it.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A claim still unfinished after this long belongs to a request whose process died (no operation
 * runs that long): a retry may take it over instead of being told "in use" for 24 hours.
 */
export const ABANDONED_CLAIM_MS = 5 * 60 * 1000;

export interface IdempotencyScope {
  subjectType: SubjectType;
  subjectId: string;
  key: string;
}

/**
 * What a completed request answered, kept to be replayed. `resultJson` is the serialized result:
 * jsonb would reorder its keys, and a replay must be the same bytes (and ETag) as the original.
 */
export type StoredOutcome =
  | { kind: 'result'; status: number; headers: Record<string, string>; resultJson: string }
  | { kind: 'problem'; slug: ProblemSlug; detail: string; errors?: FieldError[]; headers: Record<string, string> };

/** The running request's hold on a key; `lockedAt` tells it from a later takeover. */
export interface IdempotencyClaim {
  id: string;
  lockedAt: Date;
}

export type ClaimOutcome =
  | { outcome: 'claimed'; claim: IdempotencyClaim }
  | { outcome: 'replay'; stored: StoredOutcome }
  | { outcome: 'in-progress' }
  | { outcome: 'fingerprint-mismatch' };

/** The `response` column: `{ sealed }`, or (rows written before outcomes were sealed, gone within 24 h) the outcome itself. */
type StoredColumn = { sealed: string } | StoredOutcome;

function sealOutcome(box: SecretBox, stored: StoredOutcome): StoredColumn {
  return { sealed: box.seal(JSON.stringify(stored)) };
}

function openOutcome(box: SecretBox, column: StoredColumn): StoredOutcome {
  return 'sealed' in column ? (JSON.parse(box.open(column.sealed)) as StoredOutcome) : column;
}

export async function claimIdempotencyKey(db: Db, box: SecretBox, scope: IdempotencyScope, fingerprint: string, now = new Date()): Promise<ClaimOutcome> {
  const where = { subjectType_subjectId_key: scope };
  // A few rounds: the row seen after a lost insert can be released or expire before we read it.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const claim = { id: newObjectId(), lockedAt: now };
    // Raw SQL, as the outcome's update below: both run on every request with a key, and Prisma's model
    // queries compiled each of them again per call (a measurable share of POST /creators' CPU).
    const inserted = await db.$queryRawUnsafe<{ id: string }[]>(
      `INSERT INTO idempotency_keys (id, subject_type, subject_id, key, fingerprint, locked_at, created_at, expires_at)
       VALUES ($1::text, $2::text::"SubjectType", $3::text, $4::text, $5::text, $6::timestamptz AT TIME ZONE 'UTC', $6::timestamptz AT TIME ZONE 'UTC', $7::timestamptz AT TIME ZONE 'UTC')
       ON CONFLICT (subject_type, subject_id, key) DO NOTHING
       RETURNING id`,
      claim.id,
      scope.subjectType,
      scope.subjectId,
      scope.key,
      fingerprint,
      now.toISOString(),
      new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS).toISOString(),
    );
    if (inserted.length === 1) return { outcome: 'claimed', claim };

    const existing = await db.idempotencyKey.findUnique({ where });
    if (!existing) continue;
    if (existing.expiresAt <= now) {
      await db.idempotencyKey.deleteMany({ where: { id: existing.id, expiresAt: { lte: now } } });
      continue;
    }
    if (existing.fingerprint !== fingerprint) return { outcome: 'fingerprint-mismatch' };
    if (existing.responseStatus !== null && existing.response !== null) {
      return { outcome: 'replay', stored: openOutcome(box, readStoredJson<StoredColumn>(existing.response)) };
    }
    if (existing.lockedAt.getTime() + ABANDONED_CLAIM_MS <= now.getTime()) {
      const taken = await db.idempotencyKey.updateMany({
        where: { id: existing.id, responseStatus: null, lockedAt: existing.lockedAt },
        data: { lockedAt: now },
      });
      if (taken.count === 1) return { outcome: 'claimed', claim: { id: existing.id, lockedAt: now } };
    }
    return { outcome: 'in-progress' };
  }
  return { outcome: 'in-progress' };
}

/** Stores the outcome, sealed, on the claimed row (a claim taken over in the meantime is left alone). */
export async function completeIdempotencyKey(db: Db, box: SecretBox, claim: IdempotencyClaim, status: number, stored: StoredOutcome): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE idempotency_keys SET response_status = $1::int, response = $2::jsonb
      WHERE id = $3::text AND locked_at = $4::timestamptz AT TIME ZONE 'UTC' AND response_status IS NULL`,
    status,
    JSON.stringify(sealOutcome(box, stored)),
    claim.id,
    claim.lockedAt.toISOString(),
  );
}

/** Gives the key back: the request was refused before it ran, or failed, so a retry must run it. */
export async function releaseIdempotencyKey(db: Db, claim: IdempotencyClaim): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { id: claim.id, lockedAt: claim.lockedAt, responseStatus: null } });
}

export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
