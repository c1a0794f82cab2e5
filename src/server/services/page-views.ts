import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import type { SubjectType } from '../auth/scopes';
import { clientAddress } from '../lib/client-address';
import { DAY_MS } from '../lib/zoned-time';

/**
 * Page views of the public share pages. Each counted render writes, in one transaction: the raw view
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

export async function visitorId(db: Db, target: PageViewTarget, address: string, userAgent: string, at: number): Promise<string> {
  const salt = await daySalt(db, utcDay(at));
  return createHash('sha256')
    .update(`${salt}\n${target.owner.type}:${target.owner.id}\n${address}\n${userAgent}`)
    .digest('base64url')
    .slice(0, 22);
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

async function housekeeping(db: Db, now: number): Promise<void> {
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

function bitmap(slot: number): string {
  return '0'.repeat(slot) + '1' + '0'.repeat(SLOTS_PER_DAY - slot - 1);
}

function orBitmaps(a: string, b: string): string {
  let out = '';
  for (let i = 0; i < SLOTS_PER_DAY; i += 1) out += a[i] === '1' || b[i] === '1' ? '1' : '0';
  return out;
}

function oneAt(slot: number): number[] {
  const values = new Array<number>(SLOTS_PER_DAY).fill(0);
  values[slot] = 1;
  return values;
}

/** Element-wise sum of two equally long int arrays, in SQL (used to add deltas inside an upsert). */
const addArrays = (column: string) =>
  `(SELECT array_agg(a + b ORDER BY i) FROM unnest(page_view_rollups.${column}, EXCLUDED.${column}) WITH ORDINALITY AS u(a, b, i))`;

const UPSERT_ROLLUP = `
  INSERT INTO page_view_rollups (resource_type, scope, scope_id, day, views, visitors, view_slots, first_slots, last_slots)
  VALUES ($1, $2, $3, $4::date, 1, $5, $6::int[], $7::int[], $8::int[])
  ON CONFLICT (resource_type, scope, scope_id, day) DO UPDATE SET
    views = page_view_rollups.views + 1,
    visitors = page_view_rollups.visitors + EXCLUDED.visitors,
    view_slots = ${addArrays('view_slots')},
    first_slots = ${addArrays('first_slots')},
    last_slots = ${addArrays('last_slots')}`;

/**
 * Counts one view of `target` at `at` by the visitor `visitorHash`, keeping the rollups exact. Row
 * locks are always taken in the same order (visitor rows, then rollups, resource before owner), so
 * concurrent views never deadlock; the visitor row's unique key settles the same visitor's races.
 */
export async function insertPageView(db: Db, target: PageViewTarget, visitorHash: string, at: number): Promise<void> {
  const day = utcDay(at);
  const slot = Math.floor((at - Date.parse(`${day}T00:00:00Z`)) / SLOT_MS);
  const scopes = scopesOf(target);
  await db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(
      'INSERT INTO page_views (resource_type, resource_id, visitor_hash, occurred_at) VALUES ($1, $2, $3, $4::timestamp)',
      target.type,
      target.id,
      visitorHash,
      new Date(at).toISOString().replace('Z', ''),
    );
    const changes: { scope: Scope; visitors: number; first: number[]; last: number[] }[] = [];
    for (const scope of scopes) {
      const key = [target.type, scope.scope, scope.scopeId, day, visitorHash] as const;
      const inserted = await tx.$queryRawUnsafe<unknown[]>(
        `INSERT INTO page_view_visitors (resource_type, scope, scope_id, day, visitor_hash, slots)
         VALUES ($1, $2, $3, $4::date, $5, $6::bit(96)) ON CONFLICT DO NOTHING RETURNING 1`,
        ...key,
        bitmap(slot),
      );
      if (inserted.length > 0) {
        changes.push({ scope, visitors: 1, first: oneAt(slot), last: oneAt(slot) });
        continue;
      }
      const [row] = await tx.$queryRawUnsafe<{ slots: string }[]>(
        `SELECT slots::text AS slots FROM page_view_visitors
         WHERE resource_type = $1 AND scope = $2 AND scope_id = $3 AND day = $4::date AND visitor_hash = $5 FOR UPDATE`,
        ...key,
      );
      const before = row?.slots ?? bitmap(slot);
      const after = orBitmaps(before, bitmap(slot));
      const first = new Array<number>(SLOTS_PER_DAY).fill(0);
      const last = new Array<number>(SLOTS_PER_DAY).fill(0);
      if (after !== before) {
        // The visitor's first or last slot of the day may move: move them in the rollup's tallies too.
        const [firstBefore, firstAfter] = [before.indexOf('1'), after.indexOf('1')];
        const [lastBefore, lastAfter] = [before.lastIndexOf('1'), after.lastIndexOf('1')];
        await tx.$executeRawUnsafe(
          `UPDATE page_view_visitors SET slots = $6::bit(96)
           WHERE resource_type = $1 AND scope = $2 AND scope_id = $3 AND day = $4::date AND visitor_hash = $5`,
          ...key,
          after,
        );
        if (firstBefore !== firstAfter) {
          first[firstBefore] = -1;
          first[firstAfter] = 1;
        }
        if (lastBefore !== lastAfter) {
          last[lastBefore] = -1;
          last[lastAfter] = 1;
        }
      }
      changes.push({ scope, visitors: 0, first, last });
    }
    for (const change of changes) {
      await tx.$executeRawUnsafe(
        UPSERT_ROLLUP,
        target.type,
        change.scope.scope,
        change.scope.scopeId,
        day,
        change.visitors,
        oneAt(slot),
        change.first,
        change.last,
      );
    }
  });
}

export interface RecordResult {
  recorded: boolean;
  skipped?: SkipReason;
}

/**
 * One render of a public page. Prefetches and non-human agents are not counted. Pages call this off
 * the response's critical path (Next's `after()`); tests call it directly, optionally with `at`.
 */
export async function recordPageView(db: Db, target: PageViewTarget, headers: HeaderReader, at: number = Date.now()): Promise<RecordResult> {
  const skipped = skipReason(headers);
  if (skipped) return { recorded: false, skipped };
  await housekeeping(db, Date.now());
  const hash = await visitorId(db, target, clientAddress(headers), headers.get('user-agent') ?? '', at);
  await insertPageView(db, target, hash, at);
  return { recorded: true };
}

/** The owner of every viewable resource, in SQL (rebuilds join raw views to it). */
const OWNERS_SQL = `
  SELECT 'media_kit'::text AS resource_type, id AS resource_id, owner_type, owner_id FROM media_kits
  UNION ALL SELECT 'deck', id, 'agency', agency_id FROM decks
  UNION ALL SELECT 'campaign', id, owner_type, owner_id FROM campaigns
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
