import { createHash, randomBytes } from 'node:crypto';
import type { Db, SqlQuery } from '../db/database';
import type { SubjectType } from '../auth/scopes';
import { clientAddress } from '../lib/client-address';
import { DAY_MS } from '../lib/zoned-time';

/**
 * Page views of the public share pages. Loads are buffered in memory (page-view-buffer.ts) and each
 * flush writes, in one statement: the raw views
 * (page_views: the source of truth, from which rollups can be rebuilt), the visitor's quarter-hour
 * bitmap for the day (page_view_visitors) and the day rollup (page_view_rollups) of the resource and,
 * for types an owner can have many of, of the owner's aggregate. GET /analytics/views reads rollups.
 *
 * Privacy: no IP address is stored. The visitor id is SHA-256 of a random salt that changes every UTC
 * day (old salts are deleted, so ids cannot be recomputed later), the owner of the page, the IP
 * address and the user agent. The same person is one visitor across one owner's pages for one UTC
 * day, and cannot be followed across days or across owners.
 */

export const VIEW_RESOURCE_TYPES = ['media_kit', 'link_in_bio', 'roster', 'deck', 'campaign'] as const;
export type ViewResourceType = (typeof VIEW_RESOURCE_TYPES)[number];

/** Types an owner can have many of: their views also roll up into the owner's aggregate scope. */
export const OWNER_AGGREGATED_TYPES: readonly ViewResourceType[] = ['media_kit', 'deck', 'campaign'];

export const SLOT_MS = 15 * 60_000;
export const SLOTS_PER_DAY = 96;
/** Visitor bitmaps are kept this many days: hour buckets only reach back to yesterday in any zone. */
export const VISITOR_ROW_RETENTION_DAYS = 7;

export interface PageViewTarget {
  type: ViewResourceType;
  id: string;
  /** Who owns the resource (the roster page's owner is the agency itself). */
  owner: { type: SubjectType; id: string };
}

/** Anything with `get(name)`: Headers, Next's ReadonlyHeaders. */
export interface HeaderReader {
  get(name: string): string | null;
}

export type SkipReason = 'prefetch' | 'bot';

/**
 * Crawlers, link unfurlers, monitors, headless browsers and HTTP libraries: none of them is a person
 * reading the page. Matched case-insensitively anywhere in the user agent; an empty one is skipped too.
 */
const NON_HUMAN_AGENTS =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|facebookcatalog|meta-externalagent|embedly|quora link preview|whatsapp|telegrambot|slack-imgproxy|skypeuripreview|pinterest|vkshare|w3c_validator|redditbot|applebot|bingpreview|google-inspectiontool|googleother|google-read-aloud|feedfetcher|mediapartners|adsbot|lighthouse|pagespeed|headlesschrome|phantomjs|puppeteer|playwright|selenium|prerender|uptime|pingdom|statuscake|site24x7|newrelic|datadog|preview|scrapy|curl\/|wget\/|httpie|python-requests|python-urllib|aiohttp|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|lwp::|httpclient|guzzle|postmanruntime|insomnia|ruby|perl|dart:io|^$/i;

/** Why a request must not count as a view, or null when it should. */
export function skipReason(headers: HeaderReader): SkipReason | null {
  const purpose = `${headers.get('purpose') ?? ''} ${headers.get('sec-purpose') ?? ''} ${headers.get('x-purpose') ?? ''} ${headers.get('x-moz') ?? ''}`;
  if (/prefetch|preview|prerender/i.test(purpose) || headers.get('next-router-prefetch') !== null) return 'prefetch';
  if (NON_HUMAN_AGENTS.test((headers.get('user-agent') ?? '').trim())) return 'bot';
  return null;
}

export function utcDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

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

function hashVisitor(salt: string, target: PageViewTarget, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(`${salt}\n${target.owner.type}:${target.owner.id}\n${address}\n${userAgent}`)
    .digest('base64url')
    .slice(0, 22);
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

interface Scope {
  scope: 'resource' | SubjectType;
  scopeId: string;
}

export function scopesOf(target: PageViewTarget): Scope[] {
  const scopes: Scope[] = [{ scope: 'resource', scopeId: target.id }];
  if (OWNER_AGGREGATED_TYPES.includes(target.type)) scopes.push({ scope: target.owner.type, scopeId: target.owner.id });
  return scopes;
}

/**
 * Counts views, keeping the rollups exact, in one statement: `record_page_views` (a SQL function, see
 * its migration) inserts the raw views, merges each visitor's quarter-hour bitmap and adds the
 * rollup deltas. Calls from all instances take turns on an advisory lock inside it, so concurrent
 * batches never race on a visitor's first and last slot.
 */
export async function insertPageViews(
  db: Db,
  views: readonly { target: PageViewTarget; visitorHash: string; at: number }[],
  sql?: SqlQuery,
): Promise<number> {
  if (views.length === 0) return 0;
  const text = 'SELECT record_page_views($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamp(3)[]) AS counted';
  const params = [
    views.map((v) => v.target.type),
    views.map((v) => v.target.id),
    views.map(({ target }) => (OWNER_AGGREGATED_TYPES.includes(target.type) ? target.owner.type : null)),
    views.map((v) => v.target.owner.id),
    views.map((v) => v.visitorHash),
    views.map((v) => new Date(v.at).toISOString().replace('Z', '')),
  ];
  // The raw driver when given (the buffer's flushes: thousands of parameters, no ORM in between).
  const [row] = sql ? await sql<{ counted: number }>(text, params, { name: 'record_page_views' }) : await db.$queryRawUnsafe<{ counted: number }[]>(text, ...params);
  return Number(row?.counted ?? 0);
}

/** Counts one view of `target` at `at` by the visitor `visitorHash` (see insertPageViews). */
export async function insertPageView(db: Db, target: PageViewTarget, visitorHash: string, at: number): Promise<void> {
  await insertPageViews(db, [{ target, visitorHash, at }]);
}

export interface RecordResult {
  recorded: boolean;
  skipped?: SkipReason;
}

/**
 * One load of a public page, written at once (tests, tools). Prefetches and non-human agents are not
 * counted. The share pages themselves go through PageViewBuffer, which batches and caps per address.
 */
export async function recordPageView(db: Db, target: PageViewTarget, headers: HeaderReader, at: number = Date.now()): Promise<RecordResult> {
  const skipped = skipReason(headers);
  if (skipped) return { recorded: false, skipped };
  await housekeeping(db, Date.now());
  const hash = await visitorId(db, target, clientAddress(headers), headers.get('user-agent') ?? '', at);
  await insertPageView(db, target, hash, at);
  return { recorded: true };
}

/** The owner of every viewable resource, in SQL (rebuilds join raw views to it); owner_type as text, like the rollups' scope. */
const OWNERS_SQL = `
  SELECT 'media_kit'::text AS resource_type, id AS resource_id, owner_type::text AS owner_type, owner_id FROM media_kits
  UNION ALL SELECT 'deck', id, 'agency', agency_id FROM decks
  UNION ALL SELECT 'campaign', id, owner_type::text, owner_id FROM campaigns
  UNION ALL SELECT 'link_in_bio', id, 'creator', creator_id FROM link_in_bio_pages
  UNION ALL SELECT 'roster', id, 'agency', id FROM agencies`;

const AGGREGATED_SQL_LIST = OWNER_AGGREGATED_TYPES.map((type) => `'${type}'`).join(', ');

/**
 * Recomputes rollups and the retained visitor bitmaps from the raw views, set-based: for everything,
 * or for the resources of one owner (operators: after a restore or a bulk load of raw views; the
 * analytics bench seeds this way). Exact: the result equals recording each view one by one.
 */
export async function rebuildPageViewRollups(
  db: Db,
  options: { owner?: { type: SubjectType; id: string }; now?: number } = {},
): Promise<{ rollups: number }> {
  const now = options.now ?? Date.now();
  const owner = options.owner;
  const slot = `(floor(extract(epoch FROM (occurred_at - date_trunc('day', occurred_at))) / 900))::int`;
  // $1/$2 filter on the owner when given (the statements always take them; null = everything).
  const params = [owner?.type ?? null, owner?.id ?? null];
  return db.$transaction(
    async (tx) => {
      // Batches being counted meanwhile wait (record_page_views takes the same lock).
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(4735412001)');
      // Big sorts and hash aggregates: let them use memory rather than spill (this transaction only).
      await tx.$executeRawUnsafe(`SET LOCAL work_mem = '256MB'`);
      await tx.$executeRawUnsafe(`
        CREATE TEMP TABLE owned_views ON COMMIT DROP AS
        SELECT pv.resource_type, pv.resource_id, o.owner_type, o.owner_id, pv.occurred_at, pv.visitor_hash
        FROM page_views pv LEFT JOIN (${OWNERS_SQL}) o ON o.resource_type = pv.resource_type AND o.resource_id = pv.resource_id
        WHERE $1::text IS NULL OR (o.owner_type = $1::text AND o.owner_id = $2::text)`, ...params);
      if (owner) {
        await tx.$executeRawUnsafe(`
          CREATE TEMP TABLE rebuilt_scopes ON COMMIT DROP AS
          SELECT o.resource_type, 'resource'::text AS scope, o.resource_id AS scope_id FROM (${OWNERS_SQL}) o
          WHERE o.owner_type = $1::text AND o.owner_id = $2::text
          UNION ALL SELECT unnest(ARRAY[${AGGREGATED_SQL_LIST}]::text[]), $1::text, $2::text`, ...params);
        for (const table of ['page_view_rollups', 'page_view_visitors']) {
          await tx.$executeRawUnsafe(
            `DELETE FROM ${table} t USING rebuilt_scopes s WHERE t.resource_type = s.resource_type AND t.scope = s.scope AND t.scope_id = s.scope_id`,
          );
        }
      } else {
        await tx.$executeRawUnsafe('DELETE FROM page_view_rollups');
        await tx.$executeRawUnsafe('DELETE FROM page_view_visitors');
      }
      await tx.$executeRawUnsafe(`
        CREATE TEMP TABLE scoped_views ON COMMIT DROP AS
        SELECT resource_type, 'resource'::text AS scope, resource_id AS scope_id, occurred_at::date AS day, ${slot} AS slot, visitor_hash
        FROM owned_views
        UNION ALL
        SELECT resource_type, owner_type, owner_id, occurred_at::date, ${slot}, visitor_hash
        FROM owned_views WHERE owner_id IS NOT NULL AND resource_type IN (${AGGREGATED_SQL_LIST})`);
      await tx.$executeRawUnsafe(`
        CREATE TEMP TABLE scoped_visitors ON COMMIT DROP AS
        SELECT resource_type, scope, scope_id, day, visitor_hash, min(slot) AS first_slot, max(slot) AS last_slot,
               bit_or(set_bit(repeat('0', 96)::bit(96), slot, 1)) AS slots
        FROM scoped_views GROUP BY resource_type, scope, scope_id, day, visitor_hash`);
      // Dense 96-slot arrays straight from the grouped rows: one FILTER aggregate per slot (no joins).
      const perSlot = (column: string) =>
        `ARRAY[${Array.from({ length: SLOTS_PER_DAY }, (_, i) => `count(*) FILTER (WHERE ${column} = ${i})`).join(', ')}]::int[]`;
      const rollups = await tx.$executeRawUnsafe(`
        INSERT INTO page_view_rollups (resource_type, scope, scope_id, day, views, visitors, view_slots, first_slots, last_slots)
        SELECT v.resource_type, v.scope, v.scope_id, v.day, v.views, u.visitors, v.view_slots, u.first_slots, u.last_slots
        FROM (SELECT resource_type, scope, scope_id, day, count(*)::int AS views, ${perSlot('slot')} AS view_slots
              FROM scoped_views GROUP BY resource_type, scope, scope_id, day) v
        JOIN (SELECT resource_type, scope, scope_id, day, count(*)::int AS visitors,
                     ${perSlot('first_slot')} AS first_slots, ${perSlot('last_slot')} AS last_slots
              FROM scoped_visitors GROUP BY resource_type, scope, scope_id, day) u
          USING (resource_type, scope, scope_id, day)`);
      await tx.$executeRawUnsafe(
        `INSERT INTO page_view_visitors (resource_type, scope, scope_id, day, visitor_hash, slots)
         SELECT resource_type, scope, scope_id, day, visitor_hash, slots FROM scoped_visitors WHERE day >= $1::date`,
        utcDay(now - VISITOR_ROW_RETENTION_DAYS * DAY_MS),
      );
      return { rollups };
    },
    { timeout: 3_600_000, maxWait: 60_000 },
  );
}
