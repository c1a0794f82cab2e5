import type { Db } from '../db/database';
import { DAY_MS } from '../lib/zoned-time';
import type { Owner } from '../domain/owner';
import { OWNER_AGGREGATED_TYPES, SLOTS_PER_DAY, utcDay, VISITOR_ROW_RETENTION_DAYS } from './page-view-rules';

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
  options: { owner?: Owner; now?: number } = {},
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
