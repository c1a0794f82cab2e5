-- Every instance caches API-key lookups (key → subject, scopes, entitlement, plan). These triggers
-- tell all of them, through NOTIFY on the channel `api_key_cache`, whenever a row a cached lookup
-- was built from changes, whichever process or statement changed it (service, operator CLI, a
-- manual UPDATE). A NOTIFY inside a transaction is delivered when, and only if, it commits.
-- Payloads: `key:<api key id>`, `subject:agency:<id>`, `subject:creator:<id>`, `all` (a plan changed).
CREATE FUNCTION api_key_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'api_keys' THEN
    PERFORM pg_notify('api_key_cache', 'key:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'agencies' THEN
    PERFORM pg_notify('api_key_cache', 'subject:agency:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'creators' THEN
    PERFORM pg_notify('api_key_cache', 'subject:creator:' || OLD.id);
  ELSE
    PERFORM pg_notify('api_key_cache', 'all');
  END IF;
  RETURN NULL;
END;
$$;

-- Not on last_used_at: the batched last-used writes must stay silent.
CREATE TRIGGER api_keys_cache_update AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
     OR OLD.scopes IS DISTINCT FROM NEW.scopes OR OLD.hash IS DISTINCT FROM NEW.hash
     OR OLD.subject_type IS DISTINCT FROM NEW.subject_type OR OLD.subject_id IS DISTINCT FROM NEW.subject_id
     OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION api_key_cache_notify();
CREATE TRIGGER api_keys_cache_delete AFTER DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION api_key_cache_notify();

-- Not on deck_count or names: only what a key lookup carries.
CREATE TRIGGER agencies_cache_update AFTER UPDATE ON agencies FOR EACH ROW
  WHEN (OLD.plan_code IS DISTINCT FROM NEW.plan_code OR OLD.entitlement IS DISTINCT FROM NEW.entitlement)
  EXECUTE FUNCTION api_key_cache_notify();
CREATE TRIGGER agencies_cache_delete AFTER DELETE ON agencies FOR EACH ROW EXECUTE FUNCTION api_key_cache_notify();

CREATE TRIGGER creators_cache_update AFTER UPDATE ON creators FOR EACH ROW
  WHEN (OLD.plan_code IS DISTINCT FROM NEW.plan_code OR OLD.entitlement IS DISTINCT FROM NEW.entitlement)
  EXECUTE FUNCTION api_key_cache_notify();
CREATE TRIGGER creators_cache_delete AFTER DELETE ON creators FOR EACH ROW EXECUTE FUNCTION api_key_cache_notify();

CREATE TRIGGER plans_cache_change AFTER UPDATE OR DELETE ON plans FOR EACH STATEMENT EXECUTE FUNCTION api_key_cache_notify();
