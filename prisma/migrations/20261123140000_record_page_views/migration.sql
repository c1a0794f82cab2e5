-- Counts a batch of page views in one call (the view buffer flushes about once a second): the raw
-- views, each visitor's quarter-hour bitmap for the day and the day rollups, exactly as counting the
-- views one at a time would. Array element i of every argument describes view i; owner_scopes[i] is
-- the owner's subject type when the view also rolls up into the owner's aggregate, else NULL.
CREATE FUNCTION record_page_views(
  resource_types TEXT[],
  resource_ids TEXT[],
  owner_scopes TEXT[],
  owner_ids TEXT[],
  visitor_hashes TEXT[],
  occurred_ats TIMESTAMP(3)[]
) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
  counted INTEGER;
BEGIN
  -- Flushes (of every instance) take turns, so the statement below reads the visitor bitmaps as the
  -- previous flush left them: a visitor's first and last slot can only move once per flush.
  PERFORM pg_advisory_xact_lock(4735412001);

  INSERT INTO page_views (resource_type, resource_id, visitor_hash, occurred_at)
  SELECT * FROM unnest(resource_types, resource_ids, visitor_hashes, occurred_ats);
  GET DIAGNOSTICS counted = ROW_COUNT;

  WITH views AS (
    SELECT v.resource_type, v.resource_id, v.owner_scope, v.owner_id, v.visitor_hash, v.occurred_at::date AS day,
           (floor(extract(epoch FROM (v.occurred_at - date_trunc('day', v.occurred_at))) / 900))::int AS slot
    FROM unnest(resource_types, resource_ids, owner_scopes, owner_ids, visitor_hashes, occurred_ats)
      AS v(resource_type, resource_id, owner_scope, owner_id, visitor_hash, occurred_at)
  ),
  scoped AS (
    SELECT resource_type, 'resource'::text AS scope, resource_id AS scope_id, day, slot, visitor_hash FROM views
    UNION ALL
    SELECT resource_type, owner_scope, owner_id, day, slot, visitor_hash FROM views WHERE owner_scope IS NOT NULL
  ),
  batch AS (
    SELECT resource_type, scope, scope_id, day, visitor_hash, bit_or(set_bit(repeat('0', 96)::bit(96), slot, 1)) AS added
    FROM scoped GROUP BY resource_type, scope, scope_id, day, visitor_hash
  ),
  merged AS (
    SELECT b.resource_type, b.scope, b.scope_id, b.day, b.visitor_hash, v.slots AS before,
           COALESCE(v.slots, repeat('0', 96)::bit(96)) | b.added AS after
    FROM batch b
    LEFT JOIN page_view_visitors v USING (resource_type, scope, scope_id, day, visitor_hash)
  ),
  saved AS (
    INSERT INTO page_view_visitors (resource_type, scope, scope_id, day, visitor_hash, slots)
    SELECT resource_type, scope, scope_id, day, visitor_hash, after FROM merged
    ON CONFLICT (resource_type, scope, scope_id, day, visitor_hash) DO UPDATE SET slots = EXCLUDED.slots
  ),
  ends AS (
    SELECT resource_type, scope, scope_id, day, before IS NULL AS new_visitor,
           position('1' IN before::text) - 1 AS first_before, 96 - position('1' IN reverse(before::text)) AS last_before,
           position('1' IN after::text) - 1 AS first_after, 96 - position('1' IN reverse(after::text)) AS last_after
    FROM merged
  ),
  -- (scope, slot, kind, delta): v = a view in that slot, n = a new visitor of the day, f/l = a
  -- visitor's first/last slot (moved: -1 where it was, +1 where it is now).
  deltas AS (
    SELECT resource_type, scope, scope_id, day, slot, 'v' AS kind, 1 AS delta FROM scoped
    UNION ALL SELECT resource_type, scope, scope_id, day, 0, 'n', 1 FROM ends WHERE new_visitor
    UNION ALL SELECT resource_type, scope, scope_id, day, first_after, 'f', 1 FROM ends WHERE new_visitor OR first_after <> first_before
    UNION ALL SELECT resource_type, scope, scope_id, day, first_before, 'f', -1 FROM ends WHERE NOT new_visitor AND first_after <> first_before
    UNION ALL SELECT resource_type, scope, scope_id, day, last_after, 'l', 1 FROM ends WHERE new_visitor OR last_after <> last_before
    UNION ALL SELECT resource_type, scope, scope_id, day, last_before, 'l', -1 FROM ends WHERE NOT new_visitor AND last_after <> last_before
  ),
  per_slot AS (
    SELECT resource_type, scope, scope_id, day, kind, slot, sum(delta)::int AS n FROM deltas
    GROUP BY resource_type, scope, scope_id, day, kind, slot
  ),
  totals AS (
    SELECT resource_type, scope, scope_id, day,
           count(*) FILTER (WHERE kind = 'v')::int AS views, count(*) FILTER (WHERE kind = 'n')::int AS visitors
    FROM deltas GROUP BY resource_type, scope, scope_id, day
  ),
  dense AS (
    SELECT t.resource_type, t.scope, t.scope_id, t.day, t.views, t.visitors,
           array_agg(COALESCE(v.n, 0) ORDER BY s.i) AS view_slots,
           array_agg(COALESCE(f.n, 0) ORDER BY s.i) AS first_slots,
           array_agg(COALESCE(l.n, 0) ORDER BY s.i) AS last_slots
    FROM totals t
    CROSS JOIN generate_series(0, 95) AS s(i)
    LEFT JOIN per_slot v ON (v.resource_type, v.scope, v.scope_id, v.day, v.kind, v.slot) = (t.resource_type, t.scope, t.scope_id, t.day, 'v', s.i)
    LEFT JOIN per_slot f ON (f.resource_type, f.scope, f.scope_id, f.day, f.kind, f.slot) = (t.resource_type, t.scope, t.scope_id, t.day, 'f', s.i)
    LEFT JOIN per_slot l ON (l.resource_type, l.scope, l.scope_id, l.day, l.kind, l.slot) = (t.resource_type, t.scope, t.scope_id, t.day, 'l', s.i)
    GROUP BY t.resource_type, t.scope, t.scope_id, t.day, t.views, t.visitors
  )
  INSERT INTO page_view_rollups (resource_type, scope, scope_id, day, views, visitors, view_slots, first_slots, last_slots)
  SELECT resource_type, scope, scope_id, day, views, visitors, view_slots, first_slots, last_slots FROM dense
  ON CONFLICT (resource_type, scope, scope_id, day) DO UPDATE SET
    views = page_view_rollups.views + EXCLUDED.views,
    visitors = page_view_rollups.visitors + EXCLUDED.visitors,
    view_slots = (SELECT array_agg(a + b ORDER BY i) FROM unnest(page_view_rollups.view_slots, EXCLUDED.view_slots) WITH ORDINALITY AS u(a, b, i)),
    first_slots = (SELECT array_agg(a + b ORDER BY i) FROM unnest(page_view_rollups.first_slots, EXCLUDED.first_slots) WITH ORDINALITY AS u(a, b, i)),
    last_slots = (SELECT array_agg(a + b ORDER BY i) FROM unnest(page_view_rollups.last_slots, EXCLUDED.last_slots) WITH ORDINALITY AS u(a, b, i));

  RETURN counted;
END
$$;
