import type { Notifications } from '../db/notifications';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { SubjectType } from '../auth/scopes';
import { countKeyCacheLookup } from '../lib/metrics';

/**
 * A per-instance cache of API-key lookups (key hash → the stored key with its subject's entitlement
 * and plan), so the common authenticated request needs no database round trip.
 *
 * Staying correct across instances:
 * - Database triggers (migration `api_key_cache_notify`) NOTIFY on the channel `api_key_cache` whenever
 *   a key, an agency's or creator's plan or entitlement, or a plan changes — from this service, the
 *   operator CLI in another process, or anything else writing SQL. Every instance drops the affected
 *   entries when the message arrives (within milliseconds of the commit).
 * - The instance that made a change also drops them synchronously right after its write
 *   (`announceKeyChange`), so its own next request never races the notification.
 * - A lookup that was in flight when an invalidation arrived is not stored (generation check), so a
 *   pre-revoke read can never repopulate the cache after the revoke's notification.
 * - When the listening connection was lost and re-established, messages may have been missed: the
 *   whole cache is dropped.
 * - A short TTL bounds any remaining staleness; expiry is checked on every request against the cached
 *   expires_at, so an expired key is refused on time without any message.
 * - Unknown hashes are remembered only briefly and in a bounded map, so guessing keys cannot grow
 *   memory, and a key is never refused for long.
 * - Stale if error: when the database is unreachable, a key whose entry lapsed less than
 *   `staleIfErrorMs` ago is still answered from it (expiry still checked), so cached reads keep
 *   answering through a database outage. Invalidations received meanwhile still drop it.
 */

export const API_KEY_CACHE_CHANNEL = 'api_key_cache';

/** What a key lookup returns from the database; `null` fields mean the subject row is missing. */
export interface KeyRecord {
  id: string;
  subjectType: SubjectType;
  subjectId: string;
  userId: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  entitlement: string | null;
  planCode: string | null;
  pitchDeckAllowance: number | null;
  sponsorshipMatches: boolean | null;
  /** The subject's livemode: false for a test-mode twin (issue 31); null when the subject row is missing. */
  livemode?: boolean | null;
}

interface Entry {
  record: KeyRecord;
  freshUntil: number;
}

export interface ApiKeyCacheOptions {
  /** How long an entry is trusted without any message (the backstop). */
  ttlMs?: number;
  /** How long an unknown hash is answered from memory. */
  unknownTtlMs?: number;
  /** Most keys held; the oldest entry is evicted past it. */
  maxEntries?: number;
  /** Most unknown hashes held. */
  maxUnknown?: number;
  /** How long past its TTL an entry may still answer while the database is unreachable. */
  staleIfErrorMs?: number;
  now?: () => number;
}

export class ApiKeyCache {
  static readonly DEFAULT_TTL_MS = 10_000;
  static readonly DEFAULT_UNKNOWN_TTL_MS = 2_000;
  static readonly DEFAULT_STALE_IF_ERROR_MS = 300_000;

  private readonly entries = new Map<string, Entry>();
  private readonly unknown = new Map<string, number>();
  private readonly hashByKeyId = new Map<string, string>();
  private readonly hashesBySubject = new Map<string, Set<string>>();
  private readonly inFlight = new Map<string, { generation: number; read: Promise<KeyRecord | null> }>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly unknownTtlMs: number;
  private readonly staleIfErrorMs: number;
  private readonly maxEntries: number;
  private readonly maxUnknown: number;
  private readonly now: () => number;

  constructor(options: ApiKeyCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? ApiKeyCache.DEFAULT_TTL_MS;
    this.unknownTtlMs = options.unknownTtlMs ?? ApiKeyCache.DEFAULT_UNKNOWN_TTL_MS;
    this.staleIfErrorMs = options.staleIfErrorMs ?? ApiKeyCache.DEFAULT_STALE_IF_ERROR_MS;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxUnknown = options.maxUnknown ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  get size(): { keys: number; unknown: number } {
    return { keys: this.entries.size, unknown: this.unknown.size };
  }

  /** The cached record, `null` for a hash known not to exist, `undefined` when the database must be asked. */
  get(hash: string): KeyRecord | null | undefined {
    const found = this.find(hash);
    countKeyCacheLookup(found !== undefined);
    return found;
  }

  private find(hash: string): KeyRecord | null | undefined {
    const now = this.now();
    const entry = this.entries.get(hash);
    if (entry) {
      if (entry.freshUntil > now) return entry.record;
      // Lapsed: the database is asked; the entry stays only as the stale-if-error answer.
      if (entry.freshUntil + this.staleIfErrorMs <= now) this.remove(hash);
      return undefined;
    }
    const unknownUntil = this.unknown.get(hash);
    if (unknownUntil !== undefined) {
      if (unknownUntil > now) return null;
      this.unknown.delete(hash);
    }
    return undefined;
  }

  /**
   * The record for `hash` from the database through `load`, stored for the next requests. Requests
   * for one hash that is not cached share the read in flight, so a hot key whose entry lapses costs
   * one query, not one per concurrent request — unless an invalidation arrived after that read
   * started: a request after a revoke never joins a read that may predate it.
   */
  lookup(hash: string, load: () => Promise<KeyRecord | null>): Promise<KeyRecord | null> {
    const running = this.inFlight.get(hash);
    if (running && running.generation === this.generation) return running.read;
    const startedAt = this.startLookup();
    const read: Promise<KeyRecord | null> = load()
      .then(
        (record) => {
          this.store(hash, record, startedAt);
          return record;
        },
        (error: unknown) => {
          const stale = this.staleIfError(hash, error, startedAt);
          if (stale) return stale;
          throw error;
        },
      )
      .finally(() => {
        if (this.inFlight.get(hash)?.read === read) this.inFlight.delete(hash);
      });
    this.inFlight.set(hash, { generation: startedAt, read });
    return read;
  }

  /** Call before reading the database; pass the result to `store`. */
  startLookup(): number {
    return this.generation;
  }

  /** Stores a lookup result unless an invalidation arrived since `startLookup` (the read may predate it). */
  store(hash: string, record: KeyRecord | null, startedAt: number): void {
    if (startedAt !== this.generation) return;
    const now = this.now();
    if (record === null) {
      if (this.unknown.size >= this.maxUnknown) this.unknown.delete(this.unknown.keys().next().value!);
      this.unknown.set(hash, now + this.unknownTtlMs);
      return;
    }
    this.remove(hash);
    if (this.entries.size >= this.maxEntries) this.remove(this.entries.keys().next().value!);
    this.entries.set(hash, { record, freshUntil: now + this.ttlMs });
    this.hashByKeyId.set(record.id, hash);
    const subject = `${record.subjectType}:${record.subjectId}`;
    let hashes = this.hashesBySubject.get(subject);
    if (!hashes) this.hashesBySubject.set(subject, (hashes = new Set()));
    hashes.add(hash);
  }

  /** A lapsed entry, when the read failed because the database is unreachable and nothing invalidated it since. */
  private staleIfError(hash: string, error: unknown, startedAt: number): KeyRecord | undefined {
    if (startedAt !== this.generation || !isDatabaseUnavailable(error)) return undefined;
    const entry = this.entries.get(hash);
    if (!entry || entry.freshUntil + this.staleIfErrorMs <= this.now()) return undefined;
    return entry.record;
  }

  /** Applies one invalidation message: `key:<id>`, `subject:<type>:<id>` or `all`. */
  invalidate(message: string): void {
    this.generation += 1;
    if (message.startsWith('key:')) {
      const hash = this.hashByKeyId.get(message.slice(4));
      if (hash) this.remove(hash);
    } else if (message.startsWith('subject:')) {
      for (const hash of this.hashesBySubject.get(message.slice(8)) ?? []) this.remove(hash);
    } else {
      this.clear();
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.unknown.clear();
    this.hashByKeyId.clear();
    this.hashesBySubject.clear();
  }

  private remove(hash: string): void {
    const entry = this.entries.get(hash);
    if (!entry) return;
    this.entries.delete(hash);
    if (this.hashByKeyId.get(entry.record.id) === hash) this.hashByKeyId.delete(entry.record.id);
    const subject = `${entry.record.subjectType}:${entry.record.subjectId}`;
    const hashes = this.hashesBySubject.get(subject);
    hashes?.delete(hash);
    if (hashes?.size === 0) this.hashesBySubject.delete(subject);
  }

  /**
   * Subscribes to the invalidation channel (and drops everything after a reconnect); registers this
   * cache for `announceKeyChange` on `localWriter` (this instance's database client). Returns a
   * function that detaches it.
   */
  connect(notifications: Notifications, localWriter: object): () => void {
    const unsubscribe = notifications.subscribe(API_KEY_CACHE_CHANNEL, (message) => this.invalidate(message));
    const unReconnect = notifications.onReconnect(() => this.clear());
    let caches = localCaches.get(localWriter);
    if (!caches) localCaches.set(localWriter, (caches = new Set()));
    caches.add(this);
    return () => {
      unsubscribe();
      unReconnect();
      caches.delete(this);
      this.clear();
    };
  }
}

const localCaches = new WeakMap<object, Set<ApiKeyCache>>();

export type KeyChange = { keyId: string } | { subject: { type: SubjectType; id: string } } | 'all';

/**
 * Drops what a committed write changed from the caches of this instance at once. Other instances (and
 * this one, a moment later) hear of it from the database triggers; this closes the gap for the
 * instance that wrote, whose next request may come before the notification.
 */
export function announceKeyChange(db: object, change: KeyChange): void {
  const caches = localCaches.get(db);
  if (!caches) return;
  const message = change === 'all' ? 'all' : 'keyId' in change ? `key:${change.keyId}` : `subject:${change.subject.type}:${change.subject.id}`;
  for (const cache of caches) cache.invalidate(message);
}
