-- One round trip per claim pass of the leased job runner (issue 34, delivery at speed). The claimer
-- used to send BEGIN, SET LOCAL lock_timeout, the advisory lock, the takeover claim, the due claim,
-- COMMIT and then its next-wake query: seven statements for each pass, and a webhook delivery runs a
-- pass per job. This function runs the same steps inside one statement. The statements themselves stay
-- in src/server/jobs/queue.ts (passed in as text, run with EXECUTE ... USING), so there is one copy of
-- the claim SQL. In a VOLATILE PL/pgSQL function every statement takes a fresh snapshot under READ
-- COMMITTED, so the claims after the lock see every claim committed before it, exactly as before.
--
-- $1 queue, $2 lane, $3 owner, $4 lease ms, $5 account limit, $6 group limit (null: none), $7 room,
-- $8 ids of jobs this owner finished (succeeded) since its last pass: settled first, in the same
-- transaction, so their slots are free for this claim. Returns one jsonb per claimed job, then, when
-- fewer than `room` were claimed and wake_sql is given, one {"wake_ms": …} row (null: nothing pending).
CREATE FUNCTION jobs_claim_pass(
  lock_key text, finish_sql text, lapsed_sql text, due_sql text, wake_sql text,
  p_queue text, p_lane text, p_owner text, p_lease_ms integer, p_account_limit integer,
  p_group_limit integer, p_room integer, p_finished text[]
) RETURNS SETOF jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  taken integer := 0;
  n integer;
  wake double precision;
BEGIN
  IF finish_sql IS NOT NULL AND cardinality(p_finished) > 0 THEN
    EXECUTE finish_sql USING p_queue, p_lane, p_owner, p_lease_ms, p_account_limit, p_group_limit, p_room, p_finished;
  END IF;
  IF p_room <= 0 THEN
    RETURN;
  END IF;
  -- A claimer frozen while holding the lock is ended by the idle-transaction timeout; meanwhile the
  -- others give up after 2 s and try again, instead of piling up on the connection pool.
  PERFORM set_config('lock_timeout', '2s', true);
  PERFORM pg_advisory_xact_lock(hashtext(lock_key));
  RETURN QUERY EXECUTE lapsed_sql USING p_queue, p_lane, p_owner, p_lease_ms, p_account_limit, p_group_limit, p_room, p_finished;
  GET DIAGNOSTICS n = ROW_COUNT;
  taken := taken + n;
  IF taken < p_room THEN
    RETURN QUERY EXECUTE due_sql USING p_queue, p_lane, p_owner, p_lease_ms, p_account_limit, p_group_limit, p_room - taken, p_finished;
    GET DIAGNOSTICS n = ROW_COUNT;
    taken := taken + n;
  END IF;
  IF taken < p_room AND wake_sql IS NOT NULL THEN
    EXECUTE wake_sql INTO wake USING p_queue, p_lane, p_owner, p_lease_ms, p_account_limit, p_group_limit, p_room, p_finished;
    RETURN NEXT jsonb_build_object('wake_ms', wake);
  END IF;
END;
$$;
