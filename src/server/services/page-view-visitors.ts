import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { DAY_MS } from '../lib/zoned-time';
import { utcDay, VISITOR_ROW_RETENTION_DAYS, type PageViewTarget } from './page-view-rules';

/**
 * Visitor ids: SHA-256 of a random salt that changes every UTC day, the page's owner, the address and
 * the user agent (see page-views.ts for the privacy model), and the daily pruning that makes past
 * ids impossible to recompute.
 */

const saltCache = new Map<string, string>();
let lastHousekeepingDay = '';

/** The random salt of one UTC day, shared by every process through the settings table. */
async function daySalt(db: Db, day: string): Promise<string> {
  const cached = saltCache.get(day);
  if (cached) return cached;
  const key = `visitor_salt:${day}`;
  // Insert-if-absent, then read: concurrent first views of the day agree on one salt.
  await db.setting.upsert({ where: { key }, create: { key, value: randomBytes(32).toString('base64url') }, update: {} });
  const { value } = await db.setting.findUniqueOrThrow({ where: { key } });
  if (saltCache.size > 8) saltCache.clear();
  saltCache.set(day, value);
  return value;
}

// crypto.hash: one call, no Hash object per view (a quarter of createHash's cost); the same digest.
function hashVisitor(salt: string, target: PageViewTarget, address: string, userAgent: string): string {
  return hash('sha256', `${salt}\n${target.owner.type}:${target.owner.id}\n${address}\n${userAgent}`, 'base64url').slice(0, 22);
}

export async function visitorId(db: Db, target: PageViewTarget, address: string, userAgent: string, at: number): Promise<string> {
  return hashVisitor(await daySalt(db, utcDay(at)), target, address, userAgent);
}

/** The visitor id when the day's salt is already known to this process (no I/O), else null. */
export function visitorIdNow(target: PageViewTarget, address: string, userAgent: string, at: number): string | null {
  const salt = saltCache.get(utcDay(at));
  return salt === undefined ? null : hashVisitor(salt, target, address, userAgent);
}

/**
 * Once per process and UTC day: forget salts older than yesterday (visitor ids of past days can then
 * never be recomputed) and visitor bitmaps past their retention (their totals live on in the rollups).
 * Bitmaps are deleted for the month of days that just expired, so each daily run stays a small,
 * indexed delete; older leftovers (after a month without views) go with the next rebuild.
 */
export async function pruneVisitorData(db: Db, now: number = Date.now()): Promise<void> {
  const oldestSalt = `visitor_salt:${utcDay(now - DAY_MS)}`;
  await db.setting.deleteMany({ where: { key: { startsWith: 'visitor_salt:', lt: oldestSalt } } });
  for (const day of [...saltCache.keys()]) if (`visitor_salt:${day}` < oldestSalt) saltCache.delete(day);
  await db.$executeRawUnsafe(
    'DELETE FROM page_view_visitors WHERE day >= $1::date AND day < $2::date',
    utcDay(now - (VISITOR_ROW_RETENTION_DAYS + 30) * DAY_MS),
    utcDay(now - VISITOR_ROW_RETENTION_DAYS * DAY_MS),
  );
}

export async function housekeeping(db: Db, now: number): Promise<void> {
  const today = utcDay(now);
  if (lastHousekeepingDay === today) return;
  lastHousekeepingDay = today;
  await pruneVisitorData(db, now);
}
