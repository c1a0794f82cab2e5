import type { Db, SqlQuery } from '../db/database';
import type { Owner } from '../domain/owner';
import { generateKey, hashKey, parseKey } from '../auth/key-format';
import { isScope, scopesFor, type Scope, type SubjectType } from '../auth/scopes';
import { ApiError } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import { subjectOwner, type Entitlement } from './accounts';
import { announceKeyChange, type ApiKeyCache, type KeyRecord } from './api-key-cache';
import type { ApiKeyPrincipal } from '../domain/principal';
import { NO_CLIENT, type Actor } from '../domain/actor';
import { recordAudit } from './audit-events';
import { liveSubjectOf, subjectInMode, subjectMode } from './test-mode';

export interface ApiKeySummary {
  id: string;
  name: string;
  subject_type: SubjectType;
  subject_id: string;
  user_id: string;
  /** First characters of the secret, for telling keys apart; never enough to use it. */
  start: string;
  /** The secret's last four characters (null on keys made before they were kept). */
  last_four: string | null;
  /** On a rolled key: the key that replaced it. */
  replaced_by_id: string | null;
  scopes: Scope[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  status: 'active' | 'revoked' | 'expired';
}

type ApiKeyRow = {
  id: string;
  name: string;
  subjectType: SubjectType;
  subjectId: string;
  userId: string;
  start: string;
  lastFour?: string | null;
  replacedById?: string | null;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

function summarize(row: ApiKeyRow, now = new Date()): ApiKeySummary {
  const status = row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active';
  return {
    id: row.id,
    name: row.name,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    user_id: row.userId,
    start: row.start,
    last_four: row.lastFour ?? null,
    replaced_by_id: row.replacedById ?? null,
    scopes: row.scopes as Scope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    status,
  };
}

/** Expands `all` and checks every scope exists and suits the subject type. */
export function resolveScopes(subjectType: SubjectType, requested: readonly string[]): Scope[] {
  const allowed = scopesFor(subjectType);
  if (requested.length === 1 && requested[0] === 'all') return allowed;
  if (requested.length === 0) throw new ApiError('validation-error', 'A key needs at least one scope.');
  const unique = [...new Set(requested)];
  const unknown = unique.filter((s) => !isScope(s));
  if (unknown.length > 0) {
    throw new ApiError('validation-error', `Unknown scope(s): ${unknown.join(', ')}. Valid ${subjectType} scopes: ${allowed.join(', ')}.`);
  }
  const unsuitable = unique.filter((s) => !allowed.includes(s as Scope));
  if (unsuitable.length > 0) {
    throw new ApiError('validation-error', `Scope(s) ${unsuitable.join(', ')} cannot be granted to ${subjectType === 'agency' ? 'an agency' : 'a creator'} key. Valid: ${allowed.join(', ')}.`);
  }
  return unique as Scope[];
}

export interface CreateKeyInput {
  subject: Owner;
  name: string;
  scopes: readonly string[];
  expiresAt?: Date | null;
  /** The issuing user; defaults to the subject's owner. */
  userId?: string;
  /** Who creates it, for the audit log; defaults to the issuing user. */
  actor?: Actor;
  /**
   * A test-mode key (`crk_test_…`) acting on the subject's sandbox twin, made on first use. A key for
   * a subject that is itself a twin (the settings UI in test mode) is a test key whatever this says.
   */
  test?: boolean;
}

/** Creates a key and returns its secret: the only time the secret exists outside the caller's hands. */
export async function createApiKey(db: Db, input: CreateKeyInput): Promise<{ key: ApiKeySummary; secret: string }> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) throw new ApiError('validation-error', 'A key name is 1 to 100 characters.');
  const scopes = resolveScopes(input.subject.type, input.scopes);
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
    throw new ApiError('validation-error', 'The expiry must be in the future.');
  }
  // Test mode: the key belongs to the twin; its owner is the live subject's (a twin creator has no user).
  const live = await liveSubjectOf(db, input.subject);
  const test = input.test === true || (await subjectMode(db, input.subject)) === 'test';
  const subject = test ? await subjectInMode(db, live, 'test') : input.subject;
  const userId = input.userId ?? (await subjectOwner(db, live));
  const generated = generateKey(input.subject.type, test);
  const actor: Actor = input.actor ?? { type: 'user', id: userId, client: NO_CLIENT, requestId: null };
  const row = await db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        id: newObjectId(),
        name,
        subjectType: subject.type,
        subjectId: subject.id,
        userId,
        hash: generated.hash,
        start: generated.start,
        lastFour: generated.secret.slice(-4),
        scopes,
        expiresAt: input.expiresAt ?? null,
      },
    });
    await recordAudit(tx, actor, {
      subject,
      action: 'api_key.created',
      target: { type: 'api_key', id: created.id },
      changes: { name: [null, name], scopes: [null, scopes], start: [null, created.start], expires_at: [null, created.expiresAt?.toISOString() ?? null] },
    });
    return created;
  });
  return { key: summarize(row), secret: generated.secret };
}

/** How a key's owner is checked: the subject it belongs to and/or the user who issued it. */
export interface KeyOwner {
  subject?: Owner;
  userId?: string;
}

function ownedWhere(keyId: string, owner?: KeyOwner) {
  return {
    id: keyId,
    ...(owner?.subject ? { subjectType: owner.subject.type, subjectId: owner.subject.id } : {}),
    ...(owner?.userId ? { userId: owner.userId } : {}),
  };
}

export const KEY_NAME_MAX = 100;

/** Renames a key (1–100 characters after trimming); the secret and everything else stay. */
export async function renameApiKey(db: Db, actor: Actor, keyId: string, name: string, owner?: KeyOwner): Promise<ApiKeySummary> {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > KEY_NAME_MAX) throw new ApiError('validation-error', `A key name is 1 to ${KEY_NAME_MAX} characters.`);
  return db.$transaction(async (tx) => {
    const existing = await tx.apiKey.findFirst({ where: ownedWhere(keyId, owner), select: { id: true } });
    if (!existing) throw new ApiError('not-found', `No API key with id ${keyId}.`);
    // Locked, so the name recorded as "before" is the one this rename replaces.
    const [locked] = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM api_keys WHERE id = ${keyId} FOR UPDATE`;
    const row = await tx.apiKey.update({ where: { id: keyId }, data: { name: trimmed } });
    if (locked && locked.name !== trimmed) {
      await recordAudit(tx, actor, {
        subject: { type: row.subjectType, id: row.subjectId },
        action: 'api_key.renamed',
        target: { type: 'api_key', id: keyId },
        changes: { name: [locked.name, trimmed] },
      });
    }
    return summarize(row);
  });
}

/** Grace periods offered when rolling a key: how long the old secret keeps working. */
export const ROLL_GRACE_PERIODS = { none: 0, '1h': 3_600, '24h': 86_400, '7d': 604_800 } as const;
export type RollGracePeriod = keyof typeof ROLL_GRACE_PERIODS;

export function isRollGracePeriod(value: string): value is RollGracePeriod {
  return Object.hasOwn(ROLL_GRACE_PERIODS, value);
}

/**
 * Rolls a key: a new secret with the same name, scopes, subject and expiry, shown once; the old key
 * keeps working for the grace period (`none`: it is revoked at once), then expires. One transaction;
 * a conditional update settles concurrent rolls of the same key (the loser gets a 409 and nothing
 * is created). Revoked, expired or already rolled keys cannot be rolled.
 */
export async function rollApiKey(
  db: Db,
  actor: Actor,
  keyId: string,
  grace: RollGracePeriod,
  owner?: KeyOwner,
  now: Date = new Date(),
): Promise<{ key: ApiKeySummary; secret: string; old: ApiKeySummary }> {
  const existing = await db.apiKey.findFirst({ where: ownedWhere(keyId, owner) });
  if (!existing) throw new ApiError('not-found', `No API key with id ${keyId}.`);
  const current = summarize(existing, now);
  if (current.status !== 'active') throw new ApiError('conflict', `This key is ${current.status}; only active keys can be rolled. Create a new key instead.`);
  if (existing.replacedById) throw new ApiError('conflict', 'This key was already rolled; roll its replacement instead.');
  const subjectType = existing.subjectType;
  const generated = generateKey(subjectType, isTestKey(existing));
  const seconds = ROLL_GRACE_PERIODS[grace];
  const graceEnd = new Date(now.getTime() + seconds * 1000);
  const oldExpiry = existing.expiresAt && existing.expiresAt < graceEnd ? existing.expiresAt : graceEnd;
  return db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        id: newObjectId(),
        name: existing.name,
        subjectType,
        subjectId: existing.subjectId,
        userId: existing.userId,
        hash: generated.hash,
        start: generated.start,
        lastFour: generated.secret.slice(-4),
        scopes: existing.scopes,
        expiresAt: existing.expiresAt,
      },
    });
    const retired = await tx.apiKey.updateMany({
      where: { id: existing.id, replacedById: null, revokedAt: null },
      data: { replacedById: created.id, ...(seconds === 0 ? { revokedAt: now } : { expiresAt: oldExpiry }) },
    });
    if (retired.count === 0) throw new ApiError('conflict', 'This key was rolled or revoked in the meantime.');
    const old = await tx.apiKey.findUniqueOrThrow({ where: { id: existing.id } });
    await recordAudit(tx, actor, {
      subject: { type: subjectType, id: existing.subjectId },
      action: 'api_key.rolled',
      target: { type: 'api_key', id: existing.id },
      changes: {
        replaced_by_id: [null, created.id],
        grace: [null, grace],
        ...(seconds === 0
          ? { revoked_at: [null, now.toISOString()] }
          : { expires_at: [existing.expiresAt?.toISOString() ?? null, oldExpiry.toISOString()] }),
      },
    });
    return { key: summarize(created, now), secret: generated.secret, old: summarize(old, now) };
  });
}

/** Whether a stored key is a test-mode key (its display prefix says so; the twin it acts on agrees). */
export function isTestKey(key: { start: string }): boolean {
  return key.start.startsWith('crk_test_');
}

export async function listApiKeys(db: Db, filter: { subject?: Owner; userId?: string } = {}): Promise<ApiKeySummary[]> {
  const rows = await db.apiKey.findMany({
    where: {
      ...(filter.subject ? { subjectType: filter.subject.type, subjectId: filter.subject.id } : {}),
      ...(filter.userId ? { userId: filter.userId } : {}),
    },
    orderBy: { id: 'desc' },
  });
  const now = new Date();
  return rows.map((row) => summarize(row, now));
}

/** Revokes at once: the next request with the key is a 401. Revoking twice is harmless. */
export async function revokeApiKey(db: Db, actor: Actor, keyId: string, owner?: KeyOwner): Promise<ApiKeySummary> {
  const row = await db.$transaction(async (tx) => {
    const existing = await tx.apiKey.findFirst({ where: ownedWhere(keyId, owner) });
    if (!existing) throw new ApiError('not-found', `No API key with id ${keyId}.`);
    const revokedAt = new Date();
    // Conditional: of two concurrent revokes, one revokes (and is recorded), the other finds it done.
    const revoked = await tx.apiKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt } });
    if (revoked.count === 0) return tx.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    await recordAudit(tx, actor, {
      subject: { type: existing.subjectType, id: existing.subjectId },
      action: 'api_key.revoked',
      target: { type: 'api_key', id: keyId },
      changes: { revoked_at: [null, revokedAt.toISOString()] },
    });
    return tx.apiKey.findUniqueOrThrow({ where: { id: keyId } });
  });
  // The database trigger tells every instance; this one drops the key at once.
  announceKeyChange(db, { keyId });
  return summarize(row);
}

type AuthRow = {
  id: string;
  subject_type: SubjectType;
  subject_id: string;
  user_id: string;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  entitlement: string | null;
  plan_code: string | null;
  pitch_deck_allowance: number | null;
  sponsorship_matches: boolean | null;
  livemode: boolean | null;
};

/** Key lookup: bearer hash → key, subject entitlement and plan, in one indexed query. */
async function loadKeyRecord(sql: SqlQuery, hash: string): Promise<KeyRecord | null> {
  const rows = await sql<AuthRow>(
    `SELECT k.id, k.subject_type, k.subject_id, k.user_id, k.scopes,
            k.expires_at AT TIME ZONE 'UTC' AS expires_at,
            k.revoked_at AT TIME ZONE 'UTC' AS revoked_at,
            k.last_used_at AT TIME ZONE 'UTC' AS last_used_at,
            COALESCE(a.entitlement, c.entitlement) AS entitlement,
            p.code AS plan_code, p.pitch_deck_allowance, p.sponsorship_matches,
            COALESCE(a.livemode, c.livemode) AS livemode
       FROM api_keys k
       LEFT JOIN agencies a ON k.subject_type = 'agency' AND a.id = k.subject_id
       LEFT JOIN creators c ON k.subject_type = 'creator' AND c.id = k.subject_id
       LEFT JOIN plans p ON p.code = COALESCE(a.plan_code, c.plan_code)
      WHERE k.hash = $1`,
    [hash],
    { name: 'authenticate_api_key' },
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    userId: row.user_id,
    scopes: row.scopes,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    entitlement: row.entitlement,
    planCode: row.plan_code,
    pitchDeckAllowance: row.pitch_deck_allowance,
    sponsorshipMatches: row.sponsorship_matches,
    livemode: row.livemode,
  };
}

// One principal per cached record, built on first use: requests served from the cache share it.
const principalByRecord = new WeakMap<KeyRecord, ApiKeyPrincipal>();

function toPrincipal(record: KeyRecord | null): ApiKeyPrincipal {
  if (!record || record.entitlement === null || record.planCode === null) {
    throw new ApiError('invalid-api-key', 'The API key is not recognized.');
  }
  if (record.revokedAt) throw new ApiError('api-key-revoked', `This API key was revoked at ${record.revokedAt.toISOString()}.`);
  // Checked on every request, cached or not: expiry needs no invalidation message.
  if (record.expiresAt && record.expiresAt.getTime() <= Date.now()) {
    throw new ApiError('api-key-expired', `This API key expired at ${record.expiresAt.toISOString()}.`);
  }
  let principal = principalByRecord.get(record);
  if (!principal) {
    principal = {
      kind: 'api_key',
      keyId: record.id,
      subjectType: record.subjectType,
      subjectId: record.subjectId,
      userId: record.userId,
      scopes: record.scopes as Scope[],
      entitlement: record.entitlement as Entitlement,
      plan: { code: record.planCode, pitchDeckAllowance: record.pitchDeckAllowance ?? 0, sponsorshipMatches: record.sponsorshipMatches ?? false },
      mode: record.livemode === false ? 'test' : 'live',
      lastUsedAt: record.lastUsedAt,
    };
    principalByRecord.set(record, principal);
  }
  return principal;
}

/**
 * Bearer secret → key, subject entitlement and plan: from `cache` when it holds the key (the common
 * case, no database round trip), else one indexed query whose result the cache keeps (concurrent
 * requests for the same key share it).
 * Throws the 401 problem that says what is wrong with the key.
 */
export async function authenticateApiKey(sql: SqlQuery, secret: string, cache: ApiKeyCache): Promise<ApiKeyPrincipal> {
  const shape = parseKey(secret);
  if (!shape) {
    throw new ApiError('invalid-api-key', 'The API key is malformed. Keys look like crk_agency_… or crk_creator_… (crk_test_… in test mode) and are shown once when created.');
  }
  const hash = hashKey(secret);
  const cached = cache.get(hash);
  const principal = toPrincipal(cached !== undefined ? cached : await cache.lookup(hash, () => loadKeyRecord(sql, hash)));
  // The prefix and the subject agree for every key this service made; anything else is refused, never run in the wrong mode.
  if (shape.test !== (principal.mode === 'test')) throw new ApiError('invalid-api-key', 'The API key is not recognized.');
  return principal;
}

/**
 * Records when keys were last used without a write per request: uses are noted in memory and
 * flushed in one statement every few seconds, and only for keys whose stored time is over a minute old.
 */
export class LastUsedRecorder {
  private pending = new Map<string, Date>();
  private timer: NodeJS.Timeout | null = null;
  static readonly PRECISION_MS = 60_000;

  constructor(
    private readonly db: Db,
    private readonly flushEveryMs = 5_000,
    /** A background flush that fails (the database blipped) is reported here, never left unhandled. */
    private readonly onFlushError: (error: unknown) => void = () => {},
  ) {}

  note(key: Pick<ApiKeyPrincipal, 'keyId' | 'lastUsedAt'>, now = Date.now()): void {
    if (key.lastUsedAt && now - key.lastUsedAt.getTime() < LastUsedRecorder.PRECISION_MS) return;
    const at = new Date(now);
    this.pending.set(key.keyId, at);
    // A cached key is shared by the requests that use it: the next minute's uses stop here.
    key.lastUsedAt = at;
    this.timer ??= setTimeout(() => void this.flush().catch(this.onFlushError), this.flushEveryMs).unref();
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending = new Map();
    const ids = batch.map(([id]) => id);
    const times = batch.map(([, at]) => at);
    try {
      await this.db.$executeRaw`
        UPDATE api_keys k SET last_used_at = u.at
          FROM (SELECT unnest(${ids}::varchar[]) AS id, unnest(${times}::timestamp[]) AS at) u
         WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at)`;
    } catch (error) {
      // Keep the batch for the next flush (unless a newer use was noted meanwhile), then report.
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
      throw error;
    }
  }
}
