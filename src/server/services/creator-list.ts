import type { SqlQuery } from '../db/database';

/** One roster creator of a page: its id (for the cursor) and its API view as JSON text. */
export interface RosterCreatorJson {
  id: string;
  /** `creatorView(creator)` exactly — same keys, same order, same values — built by PostgreSQL. */
  view: string;
}

/**
 * Roster page, newest creators first, keyset on creator id: one prepared statement that returns
 * each creator's API view (`creatorView` in creator-view.ts) as JSON text, built by PostgreSQL.
 * Node then neither hydrates rows (Dates, arrays, the socials' JSON) nor builds, validates and
 * re-serialises 100 nested objects: the list path (integrators' syncs page through it) spent most of
 * its own time there (issue 27, profiled). tests/creators/read.test.ts compares every listed creator
 * with its single read (which goes through `creatorView` and zod), edge cases included; keep it so.
 *
 * How the SQL matches `creatorView`: `row_to_json` of a sub-select writes compact JSON with the
 * columns' names and order (json_build_object and json_agg add spaces and newlines); timestamps are
 * stored as UTC without a zone and formatted as toISOString() does (milliseconds, Z); NULL list
 * columns read as [] (as Prisma reads them); the summary counts socials with followers, as the view
 * does. Two statements, not one with `$3 IS NULL OR …`: a prepared statement's generic plan could not
 * then seek the (agency_id, creator_id) index to the cursor, and page 1,000 would scan the roster.
 */
export function listRosterCreatorsJson(sql: SqlQuery, agencyId: string, afterId: string | undefined, take: number): Promise<RosterCreatorJson[]> {
  return afterId
    ? sql<RosterCreatorJson>(rosterPageJsonSql('AND m.creator_id < $3'), [agencyId, take, afterId], { name: 'roster_creators_json_after' })
    : sql<RosterCreatorJson>(rosterPageJsonSql(''), [agencyId, take], { name: 'roster_creators_json_first' });
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const rosterPageJsonSql = (afterCursor: string) => `
SELECT c.id, (
  SELECT row_to_json(v)::text FROM (
    SELECT c.id, c.username, c.display_name, c.avatar_url, c.bio, c.location, c.country,
           COALESCE(c.languages, '{}') AS languages, COALESCE(c.tags, '{}') AS tags,
           COALESCE(sj.socials, '[]')::json AS socials,
           (SELECT row_to_json(sm) FROM (SELECT sj.total_followers, sj.latest AS metrics_updated_at) sm) AS summary_metrics,
           CASE WHEN sj.total_followers IS NULL THEN 'pending' ELSE 'available' END AS data_status,
           to_char(c.created_at, ${ISO}) AS created_at, to_char(c.updated_at, ${ISO}) AS updated_at
  ) v) AS view
  FROM roster_memberships m
  JOIN creators c ON c.id = m.creator_id
  LEFT JOIN LATERAL (
    SELECT '[' || string_agg(row_to_json(so)::text, ',' ORDER BY so.id) || ']' AS socials,
           sum(so.followers) AS total_followers,
           -- ISO text in one fixed format sorts as the instants do.
           max(so.metrics_updated_at) FILTER (WHERE so.followers IS NOT NULL) AS latest
      FROM (SELECT s.id, s.platform, s.username, s.display_name, s.profile_url, s.status, s.followers, s.average_views,
                   s.average_engagements, s.engagement_rate, to_char(s.metrics_updated_at, ${ISO}) AS metrics_updated_at
              FROM social_accounts s
             WHERE s.creator_id = c.id) so
  ) sj ON true
 WHERE m.agency_id = $1 ${afterCursor}
 ORDER BY m.creator_id DESC
 LIMIT $2`;
