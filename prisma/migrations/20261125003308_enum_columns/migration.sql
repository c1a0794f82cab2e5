-- Closed sets of values become PostgreSQL enums (schema.prisma lists which columns stay text, and
-- why). Each column is converted in place (USING col::"Enum"), keeping its data and its indexes; a
-- value outside the set fails the migration instead of being dropped. The key-cache triggers read
-- subject_type and entitlement in their WHEN clauses, which PostgreSQL does not let a column change
-- type under, so they are dropped first and recreated unchanged at the end.

DROP TRIGGER api_keys_cache_update ON api_keys;
DROP TRIGGER agencies_cache_update ON agencies;
DROP TRIGGER creators_cache_update ON creators;

CREATE TYPE "SubjectType" AS ENUM ('agency', 'creator');
CREATE TYPE "Entitlement" AS ENUM ('active', 'suspended');
CREATE TYPE "Theme" AS ENUM ('light', 'dark');
CREATE TYPE "ButtonStyle" AS ENUM ('rounded', 'pill', 'square', 'outline');
CREATE TYPE "LinkInBioBlockType" AS ENUM ('link', 'title', 'text', 'image');
CREATE TYPE "SocialStatus" AS ENUM ('unverified', 'connected', 'disconnected');
CREATE TYPE "CampaignStatus" AS ENUM ('active', 'completed', 'archived');
CREATE TYPE "RefreshState" AS ENUM ('active', 'paused');
CREATE TYPE "ImportStatus" AS ENUM ('queued', 'processing', 'completed', 'failed');
CREATE TYPE "ImportRowStatus" AS ENUM ('pending', 'created', 'existing', 'failed');
CREATE TYPE "WebhookEndpointStatus" AS ENUM ('enabled', 'disabled');
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');
CREATE TYPE "JobState" AS ENUM ('queued', 'running', 'succeeded', 'failed', 'dispatched');
CREATE TYPE "Visibility" AS ENUM ('link', 'private');
CREATE TYPE "DeckCta" AS ENUM ('partnerWithMe', 'contactUs', 'requestRates', 'bookACall', 'none');
CREATE TYPE "RefreshCadence" AS ENUM ('hourly', 'daily', 'weekly');
CREATE TYPE "ReportAccessMode" AS ENUM ('link');

ALTER TABLE "agencies" ALTER COLUMN "entitlement" DROP DEFAULT;
ALTER TABLE "agencies" ALTER COLUMN "entitlement" TYPE "Entitlement" USING "entitlement"::"Entitlement";
ALTER TABLE "agencies" ALTER COLUMN "entitlement" SET DEFAULT 'active';
ALTER TABLE "api_keys" ALTER COLUMN "subject_type" TYPE "SubjectType" USING "subject_type"::"SubjectType";
ALTER TABLE "campaigns" ALTER COLUMN "owner_type" TYPE "SubjectType" USING "owner_type"::"SubjectType";
ALTER TABLE "campaigns" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "campaigns" ALTER COLUMN "status" TYPE "CampaignStatus" USING "status"::"CampaignStatus";
ALTER TABLE "campaigns" ALTER COLUMN "status" SET DEFAULT 'active';
ALTER TABLE "campaigns" ALTER COLUMN "refresh_cadence" DROP DEFAULT;
ALTER TABLE "campaigns" ALTER COLUMN "refresh_cadence" TYPE "RefreshCadence" USING "refresh_cadence"::"RefreshCadence";
ALTER TABLE "campaigns" ALTER COLUMN "refresh_cadence" SET DEFAULT 'daily';
ALTER TABLE "campaigns" ALTER COLUMN "refresh_state" DROP DEFAULT;
ALTER TABLE "campaigns" ALTER COLUMN "refresh_state" TYPE "RefreshState" USING "refresh_state"::"RefreshState";
ALTER TABLE "campaigns" ALTER COLUMN "refresh_state" SET DEFAULT 'active';
ALTER TABLE "campaigns" ALTER COLUMN "public_report_access_mode" DROP DEFAULT;
ALTER TABLE "campaigns" ALTER COLUMN "public_report_access_mode" TYPE "ReportAccessMode" USING "public_report_access_mode"::"ReportAccessMode";
ALTER TABLE "campaigns" ALTER COLUMN "public_report_access_mode" SET DEFAULT 'link';
ALTER TABLE "creator_import_rows" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "creator_import_rows" ALTER COLUMN "status" TYPE "ImportRowStatus" USING "status"::"ImportRowStatus";
ALTER TABLE "creator_import_rows" ALTER COLUMN "status" SET DEFAULT 'pending';
ALTER TABLE "creator_imports" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "creator_imports" ALTER COLUMN "status" TYPE "ImportStatus" USING "status"::"ImportStatus";
ALTER TABLE "creator_imports" ALTER COLUMN "status" SET DEFAULT 'queued';
ALTER TABLE "creators" ALTER COLUMN "entitlement" DROP DEFAULT;
ALTER TABLE "creators" ALTER COLUMN "entitlement" TYPE "Entitlement" USING "entitlement"::"Entitlement";
ALTER TABLE "creators" ALTER COLUMN "entitlement" SET DEFAULT 'active';
ALTER TABLE "decks" ALTER COLUMN "theme" DROP DEFAULT;
ALTER TABLE "decks" ALTER COLUMN "theme" TYPE "Theme" USING "theme"::"Theme";
ALTER TABLE "decks" ALTER COLUMN "theme" SET DEFAULT 'light';
ALTER TABLE "decks" ALTER COLUMN "cta" DROP DEFAULT;
ALTER TABLE "decks" ALTER COLUMN "cta" TYPE "DeckCta" USING "cta"::"DeckCta";
ALTER TABLE "decks" ALTER COLUMN "cta" SET DEFAULT 'partnerWithMe';
ALTER TABLE "decks" ALTER COLUMN "visibility" DROP DEFAULT;
ALTER TABLE "decks" ALTER COLUMN "visibility" TYPE "Visibility" USING "visibility"::"Visibility";
ALTER TABLE "decks" ALTER COLUMN "visibility" SET DEFAULT 'link';
ALTER TABLE "idempotency_keys" ALTER COLUMN "subject_type" TYPE "SubjectType" USING "subject_type"::"SubjectType";
ALTER TABLE "jobs" ALTER COLUMN "account_type" TYPE "SubjectType" USING "account_type"::"SubjectType";
ALTER TABLE "jobs" ALTER COLUMN "state" DROP DEFAULT;
ALTER TABLE "jobs" ALTER COLUMN "state" TYPE "JobState" USING "state"::"JobState";
ALTER TABLE "jobs" ALTER COLUMN "state" SET DEFAULT 'queued';
ALTER TABLE "link_in_bio_blocks" ALTER COLUMN "type" TYPE "LinkInBioBlockType" USING "type"::"LinkInBioBlockType";
ALTER TABLE "link_in_bio_imports" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "link_in_bio_imports" ALTER COLUMN "status" TYPE "ImportStatus" USING "status"::"ImportStatus";
ALTER TABLE "link_in_bio_imports" ALTER COLUMN "status" SET DEFAULT 'queued';
ALTER TABLE "link_in_bio_pages" ALTER COLUMN "theme" DROP DEFAULT;
ALTER TABLE "link_in_bio_pages" ALTER COLUMN "theme" TYPE "Theme" USING "theme"::"Theme";
ALTER TABLE "link_in_bio_pages" ALTER COLUMN "theme" SET DEFAULT 'light';
ALTER TABLE "link_in_bio_pages" ALTER COLUMN "button_style" DROP DEFAULT;
ALTER TABLE "link_in_bio_pages" ALTER COLUMN "button_style" TYPE "ButtonStyle" USING "button_style"::"ButtonStyle";
ALTER TABLE "link_in_bio_pages" ALTER COLUMN "button_style" SET DEFAULT 'rounded';
ALTER TABLE "media_kits" ALTER COLUMN "owner_type" TYPE "SubjectType" USING "owner_type"::"SubjectType";
ALTER TABLE "media_kits" ALTER COLUMN "visibility" DROP DEFAULT;
ALTER TABLE "media_kits" ALTER COLUMN "visibility" TYPE "Visibility" USING "visibility"::"Visibility";
ALTER TABLE "media_kits" ALTER COLUMN "visibility" SET DEFAULT 'link';
ALTER TABLE "media_kits" ALTER COLUMN "theme" DROP DEFAULT;
ALTER TABLE "media_kits" ALTER COLUMN "theme" TYPE "Theme" USING "theme"::"Theme";
ALTER TABLE "media_kits" ALTER COLUMN "theme" SET DEFAULT 'light';
ALTER TABLE "social_accounts" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "social_accounts" ALTER COLUMN "status" TYPE "SocialStatus" USING "status"::"SocialStatus";
ALTER TABLE "social_accounts" ALTER COLUMN "status" SET DEFAULT 'unverified';
ALTER TABLE "webhook_deliveries" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "webhook_deliveries" ALTER COLUMN "status" TYPE "WebhookDeliveryStatus" USING "status"::"WebhookDeliveryStatus";
ALTER TABLE "webhook_deliveries" ALTER COLUMN "status" SET DEFAULT 'pending';
ALTER TABLE "webhook_endpoints" ALTER COLUMN "owner_type" TYPE "SubjectType" USING "owner_type"::"SubjectType";
ALTER TABLE "webhook_endpoints" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "webhook_endpoints" ALTER COLUMN "status" TYPE "WebhookEndpointStatus" USING "status"::"WebhookEndpointStatus";
ALTER TABLE "webhook_endpoints" ALTER COLUMN "status" SET DEFAULT 'enabled';
ALTER TABLE "webhook_events" ALTER COLUMN "owner_type" TYPE "SubjectType" USING "owner_type"::"SubjectType";

-- Not on last_used_at: the batched last-used writes must stay silent.
CREATE TRIGGER api_keys_cache_update AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
     OR OLD.scopes IS DISTINCT FROM NEW.scopes OR OLD.hash IS DISTINCT FROM NEW.hash
     OR OLD.subject_type IS DISTINCT FROM NEW.subject_type OR OLD.subject_id IS DISTINCT FROM NEW.subject_id
     OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION api_key_cache_notify();
CREATE TRIGGER agencies_cache_update AFTER UPDATE ON agencies FOR EACH ROW
  WHEN (OLD.plan_code IS DISTINCT FROM NEW.plan_code OR OLD.entitlement IS DISTINCT FROM NEW.entitlement)
  EXECUTE FUNCTION api_key_cache_notify();
CREATE TRIGGER creators_cache_update AFTER UPDATE ON creators FOR EACH ROW
  WHEN (OLD.plan_code IS DISTINCT FROM NEW.plan_code OR OLD.entitlement IS DISTINCT FROM NEW.entitlement)
  EXECUTE FUNCTION api_key_cache_notify();
