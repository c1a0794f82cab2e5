-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "settings" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "plans" (
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "pitch_deck_allowance" INTEGER NOT NULL,
    "sponsorship_matches" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "users" (
    "id" VARCHAR(24) NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "password_hash" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agencies" (
    "id" VARCHAR(24) NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "owner_user_id" VARCHAR(24) NOT NULL,
    "plan_code" TEXT NOT NULL DEFAULT 'free',
    "entitlement" TEXT NOT NULL DEFAULT 'active',
    "deck_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "agencies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "creators" (
    "id" VARCHAR(24) NOT NULL,
    "username" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "email" TEXT,
    "avatar_url" TEXT,
    "bio" TEXT,
    "location" TEXT,
    "country" CHAR(2),
    "languages" TEXT[],
    "tags" TEXT[],
    "user_id" VARCHAR(24),
    "plan_code" TEXT NOT NULL DEFAULT 'free',
    "entitlement" TEXT NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "creators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "roster_memberships" (
    "id" VARCHAR(24) NOT NULL,
    "agency_id" VARCHAR(24) NOT NULL,
    "creator_id" VARCHAR(24) NOT NULL,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "roster_memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "social_accounts" (
    "id" VARCHAR(24) NOT NULL,
    "creator_id" VARCHAR(24) NOT NULL,
    "roster_agency_id" VARCHAR(24),
    "platform" TEXT NOT NULL,
    "identity" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "display_name" TEXT,
    "profile_url" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'unverified',
    "followers" INTEGER,
    "average_views" INTEGER,
    "average_engagements" INTEGER,
    "engagement_rate" DOUBLE PRECISION,
    "metrics_updated_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "social_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "media_kits" (
    "id" VARCHAR(24) NOT NULL,
    "creator_id" VARCHAR(24) NOT NULL,
    "owner_type" TEXT NOT NULL,
    "owner_id" VARCHAR(24) NOT NULL,
    "default_key" TEXT,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "visibility" TEXT NOT NULL DEFAULT 'link',
    "template_id" TEXT NOT NULL DEFAULT 'classic',
    "headline" TEXT,
    "bio" TEXT,
    "contact_email" TEXT,
    "sections_shown" TEXT[],
    "theme" TEXT NOT NULL DEFAULT 'light',
    "accent_color" TEXT,
    "background_color" TEXT,
    "picture_url" TEXT,
    "cover_url" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "media_kits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "decks" (
    "id" VARCHAR(24) NOT NULL,
    "agency_id" VARCHAR(24) NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "bio" TEXT,
    "contact_email" TEXT,
    "tags" TEXT[],
    "picture_url" TEXT,
    "cover_url" TEXT,
    "theme" TEXT NOT NULL DEFAULT 'light',
    "accent_color" TEXT,
    "background_color" TEXT,
    "cta" TEXT NOT NULL DEFAULT 'partnerWithMe',
    "location" TEXT,
    "visibility" TEXT NOT NULL DEFAULT 'link',
    "password_hash" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "decks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deck_creators" (
    "deck_id" VARCHAR(24) NOT NULL,
    "creator_id" VARCHAR(24) NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "deck_creators_pkey" PRIMARY KEY ("deck_id","creator_id")
);

-- CreateTable
CREATE TABLE "campaigns" (
    "id" VARCHAR(24) NOT NULL,
    "owner_type" TEXT NOT NULL,
    "owner_id" VARCHAR(24) NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "refresh_cadence" TEXT NOT NULL DEFAULT 'daily',
    "refresh_state" TEXT NOT NULL DEFAULT 'active',
    "cpm_instagram" DOUBLE PRECISION,
    "cpm_tiktok" DOUBLE PRECISION,
    "cpm_youtube" DOUBLE PRECISION,
    "cpm_twitter" DOUBLE PRECISION,
    "emv_override" DOUBLE PRECISION,
    "public_report_enabled" BOOLEAN NOT NULL DEFAULT false,
    "public_report_access_mode" TEXT NOT NULL DEFAULT 'link',
    "public_report_slug" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_participants" (
    "campaign_id" VARCHAR(24) NOT NULL,
    "creator_id" VARCHAR(24) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_participants_pkey" PRIMARY KEY ("campaign_id","creator_id")
);

-- CreateTable
CREATE TABLE "campaign_content" (
    "id" VARCHAR(24) NOT NULL,
    "campaign_id" VARCHAR(24) NOT NULL,
    "creator_id" VARCHAR(24) NOT NULL,
    "platform" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "impressions" INTEGER NOT NULL DEFAULT 0,
    "engagements" INTEGER NOT NULL DEFAULT 0,
    "posted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_content_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "link_in_bio_pages" (
    "id" VARCHAR(24) NOT NULL,
    "creator_id" VARCHAR(24) NOT NULL,
    "slug" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "bio" TEXT,
    "social_links" JSONB NOT NULL DEFAULT '[]',
    "theme" TEXT NOT NULL DEFAULT 'light',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "link_in_bio_pages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "link_in_bio_blocks" (
    "id" VARCHAR(24) NOT NULL,
    "page_id" VARCHAR(24) NOT NULL,
    "client_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT,
    "url" TEXT,
    "media_url" TEXT,
    "visible" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "link_in_bio_blocks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "link_in_bio_imports" (
    "id" VARCHAR(24) NOT NULL,
    "page_id" VARCHAR(24) NOT NULL,
    "creator_id" VARCHAR(24) NOT NULL,
    "source_url" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "links_found" INTEGER NOT NULL DEFAULT 0,
    "blocks_created" INTEGER NOT NULL DEFAULT 0,
    "errors" TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "link_in_bio_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "creator_imports" (
    "id" VARCHAR(24) NOT NULL,
    "agency_id" VARCHAR(24) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "source_filename" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "active_key" TEXT,
    "total" INTEGER NOT NULL,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "socials_attached" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "creator_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "creator_import_rows" (
    "id" VARCHAR(24) NOT NULL,
    "import_id" VARCHAR(24) NOT NULL,
    "row_number" INTEGER NOT NULL,
    "input" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "creator_id" VARCHAR(24),
    "media_kit_id" VARCHAR(24),
    "social_ids" TEXT[],
    "errors" TEXT[],

    CONSTRAINT "creator_import_rows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "page_views" (
    "id" BIGSERIAL NOT NULL,
    "resource_type" TEXT NOT NULL,
    "resource_id" VARCHAR(24) NOT NULL,
    "visitor_hash" TEXT NOT NULL,
    "occurred_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "page_views_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sponsorship_opportunities" (
    "id" VARCHAR(24) NOT NULL,
    "brand" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "platforms" TEXT[],
    "tags" TEXT[],
    "min_followers" INTEGER,
    "max_followers" INTEGER,
    "countries" TEXT[],
    "languages" TEXT[],
    "budget_cents" INTEGER,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sponsorship_opportunities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" VARCHAR(24) NOT NULL,
    "name" TEXT NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" VARCHAR(24) NOT NULL,
    "user_id" VARCHAR(24) NOT NULL,
    "hash" TEXT NOT NULL,
    "start" TEXT NOT NULL,
    "scopes" TEXT[],
    "expires_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "last_used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "agencies_slug_key" ON "agencies"("slug");

-- CreateIndex
CREATE INDEX "agencies_owner_user_id_idx" ON "agencies"("owner_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "creators_user_id_key" ON "creators"("user_id");

-- CreateIndex
CREATE INDEX "roster_memberships_creator_id_idx" ON "roster_memberships"("creator_id");

-- CreateIndex
CREATE UNIQUE INDEX "roster_memberships_agency_id_creator_id_key" ON "roster_memberships"("agency_id", "creator_id");

-- CreateIndex
CREATE INDEX "social_accounts_creator_id_platform_id_idx" ON "social_accounts"("creator_id", "platform", "id");

-- CreateIndex
CREATE UNIQUE INDEX "social_accounts_creator_id_identity_key" ON "social_accounts"("creator_id", "identity");

-- CreateIndex
CREATE UNIQUE INDEX "social_accounts_roster_agency_id_identity_key" ON "social_accounts"("roster_agency_id", "identity");

-- CreateIndex
CREATE UNIQUE INDEX "media_kits_default_key_key" ON "media_kits"("default_key");

-- CreateIndex
CREATE UNIQUE INDEX "media_kits_slug_key" ON "media_kits"("slug");

-- CreateIndex
CREATE INDEX "media_kits_owner_type_owner_id_id_idx" ON "media_kits"("owner_type", "owner_id", "id");

-- CreateIndex
CREATE INDEX "media_kits_owner_type_owner_id_creator_id_id_idx" ON "media_kits"("owner_type", "owner_id", "creator_id", "id");

-- CreateIndex
CREATE INDEX "media_kits_creator_id_idx" ON "media_kits"("creator_id");

-- CreateIndex
CREATE UNIQUE INDEX "decks_slug_key" ON "decks"("slug");

-- CreateIndex
CREATE INDEX "decks_agency_id_id_idx" ON "decks"("agency_id", "id");

-- CreateIndex
CREATE INDEX "deck_creators_creator_id_idx" ON "deck_creators"("creator_id");

-- CreateIndex
CREATE UNIQUE INDEX "campaigns_public_report_slug_key" ON "campaigns"("public_report_slug");

-- CreateIndex
CREATE INDEX "campaigns_owner_type_owner_id_id_idx" ON "campaigns"("owner_type", "owner_id", "id");

-- CreateIndex
CREATE INDEX "campaigns_owner_type_owner_id_status_id_idx" ON "campaigns"("owner_type", "owner_id", "status", "id");

-- CreateIndex
CREATE INDEX "campaign_content_campaign_id_platform_idx" ON "campaign_content"("campaign_id", "platform");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_content_campaign_id_url_key" ON "campaign_content"("campaign_id", "url");

-- CreateIndex
CREATE UNIQUE INDEX "link_in_bio_pages_creator_id_key" ON "link_in_bio_pages"("creator_id");

-- CreateIndex
CREATE UNIQUE INDEX "link_in_bio_pages_slug_key" ON "link_in_bio_pages"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "link_in_bio_pages_username_key" ON "link_in_bio_pages"("username");

-- CreateIndex
CREATE INDEX "link_in_bio_blocks_page_id_position_idx" ON "link_in_bio_blocks"("page_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "link_in_bio_blocks_page_id_client_id_key" ON "link_in_bio_blocks"("page_id", "client_id");

-- CreateIndex
CREATE INDEX "link_in_bio_imports_creator_id_id_idx" ON "link_in_bio_imports"("creator_id", "id");

-- CreateIndex
CREATE INDEX "link_in_bio_imports_status_idx" ON "link_in_bio_imports"("status");

-- CreateIndex
CREATE UNIQUE INDEX "creator_imports_active_key_key" ON "creator_imports"("active_key");

-- CreateIndex
CREATE INDEX "creator_imports_agency_id_id_idx" ON "creator_imports"("agency_id", "id");

-- CreateIndex
CREATE INDEX "creator_imports_status_idx" ON "creator_imports"("status");

-- CreateIndex
CREATE UNIQUE INDEX "creator_import_rows_import_id_row_number_key" ON "creator_import_rows"("import_id", "row_number");

-- CreateIndex
CREATE INDEX "page_views_resource_type_resource_id_occurred_at_idx" ON "page_views"("resource_type", "resource_id", "occurred_at");

-- CreateIndex
CREATE INDEX "sponsorship_opportunities_active_idx" ON "sponsorship_opportunities"("active");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_subject_type_subject_id_id_idx" ON "api_keys"("subject_type", "subject_id", "id");

-- CreateIndex
CREATE INDEX "api_keys_user_id_idx" ON "api_keys"("user_id");

-- AddForeignKey
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_owner_user_id_fkey" FOREIGN KEY ("owner_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_plan_code_fkey" FOREIGN KEY ("plan_code") REFERENCES "plans"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creators" ADD CONSTRAINT "creators_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creators" ADD CONSTRAINT "creators_plan_code_fkey" FOREIGN KEY ("plan_code") REFERENCES "plans"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "roster_memberships" ADD CONSTRAINT "roster_memberships_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "roster_memberships" ADD CONSTRAINT "roster_memberships_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "creators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "creators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "media_kits" ADD CONSTRAINT "media_kits_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "creators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "decks" ADD CONSTRAINT "decks_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deck_creators" ADD CONSTRAINT "deck_creators_deck_id_fkey" FOREIGN KEY ("deck_id") REFERENCES "decks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deck_creators" ADD CONSTRAINT "deck_creators_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "creators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_participants" ADD CONSTRAINT "campaign_participants_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_content" ADD CONSTRAINT "campaign_content_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "link_in_bio_pages" ADD CONSTRAINT "link_in_bio_pages_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "creators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "link_in_bio_blocks" ADD CONSTRAINT "link_in_bio_blocks_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "link_in_bio_pages"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "link_in_bio_imports" ADD CONSTRAINT "link_in_bio_imports_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "link_in_bio_pages"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creator_imports" ADD CONSTRAINT "creator_imports_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creator_import_rows" ADD CONSTRAINT "creator_import_rows_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "creator_imports"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Seed the plans. Allowances are per agency; set-plan in the operator CLI assigns them.
INSERT INTO "plans" ("code", "name", "pitch_deck_allowance", "sponsorship_matches") VALUES
    ('free', 'Free', 3, false),
    ('pro', 'Pro', 25, true),
    ('scale', 'Scale', 250, true);
