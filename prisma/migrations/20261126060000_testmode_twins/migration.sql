-- Test mode (issue 31): a test key acts on a sandbox twin of its agency or creator. A twin is an
-- ordinary agencies/creators row with livemode = false and live_id = the live subject; every resource is
-- already scoped by subject, so the twin isolates its data both ways. One twin per live subject: the
-- unique live_id settles concurrent "first test key" requests.
ALTER TABLE "agencies" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "agencies" ADD COLUMN "live_id" VARCHAR(24);
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_live_id_fkey" FOREIGN KEY ("live_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE UNIQUE INDEX "agencies_live_id_key" ON "agencies"("live_id");

ALTER TABLE "creators" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "creators" ADD COLUMN "live_id" VARCHAR(24);
ALTER TABLE "creators" ADD CONSTRAINT "creators_live_id_fkey" FOREIGN KEY ("live_id") REFERENCES "creators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE UNIQUE INDEX "creators_live_id_key" ON "creators"("live_id");

-- A twin has its live subject's plan and entitlement, whoever changes them (service, operator CLI, a
-- manual UPDATE): the twin's own update fires the api_key_cache trigger, so its test keys follow at once.
CREATE FUNCTION testmode_mirror_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'agencies' THEN
    UPDATE agencies SET plan_code = NEW.plan_code, entitlement = NEW.entitlement WHERE live_id = NEW.id;
  ELSE
    UPDATE creators SET plan_code = NEW.plan_code, entitlement = NEW.entitlement WHERE live_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER agencies_testmode_mirror AFTER UPDATE ON agencies FOR EACH ROW
  WHEN (NEW.livemode AND (OLD.plan_code IS DISTINCT FROM NEW.plan_code OR OLD.entitlement IS DISTINCT FROM NEW.entitlement))
  EXECUTE FUNCTION testmode_mirror_plan();
CREATE TRIGGER creators_testmode_mirror AFTER UPDATE ON creators FOR EACH ROW
  WHEN (NEW.livemode AND (OLD.plan_code IS DISTINCT FROM NEW.plan_code OR OLD.entitlement IS DISTINCT FROM NEW.entitlement))
  EXECUTE FUNCTION testmode_mirror_plan();

-- A creator a test agency adds to its roster (API, CSV import, settings UI) is test data too: its share
-- pages say "Test mode" and are never indexed. Set here so every path that adds one is covered.
CREATE FUNCTION testmode_roster_creator() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE creators SET livemode = false
   WHERE id = NEW.creator_id AND livemode
     AND EXISTS (SELECT 1 FROM agencies a WHERE a.id = NEW.agency_id AND NOT a.livemode);
  RETURN NULL;
END;
$$;
CREATE TRIGGER roster_memberships_testmode AFTER INSERT ON roster_memberships FOR EACH ROW
  EXECUTE FUNCTION testmode_roster_creator();
