-- CreateTable
CREATE TABLE "jobs" (
    "id" VARCHAR(24) NOT NULL,
    "queue" TEXT NOT NULL DEFAULT 'default',
    "kind" TEXT NOT NULL,
    "account_type" TEXT NOT NULL,
    "account_id" VARCHAR(24) NOT NULL,
    "payload" JSONB NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 1,
    "run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_owner" TEXT,
    "lease_expires_at" TIMESTAMPTZ(3),
    "claimed_at" TIMESTAMPTZ(3),
    "steps" JSONB NOT NULL DEFAULT '{}',
    "last_error" TEXT,
    "finished_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "jobs_queue_state_run_at_idx" ON "jobs"("queue", "state", "run_at");

-- CreateIndex
CREATE INDEX "jobs_queue_account_type_account_id_claimed_at_idx" ON "jobs"("queue", "account_type", "account_id", "claimed_at");

-- Imports a previous version left queued or processing become jobs (id = the import's id), so the
-- first instance of this version with a free slot finishes them.
INSERT INTO "jobs" ("id", "kind", "account_type", "account_id", "payload")
SELECT "id", 'creator-import/requested', 'agency', "agency_id", jsonb_build_object('importId', "id")
  FROM "creator_imports" WHERE "status" IN ('queued', 'processing');

INSERT INTO "jobs" ("id", "kind", "account_type", "account_id", "payload")
SELECT "id", 'link-in-bio/import.requested', 'creator', "creator_id", jsonb_build_object('importId', "id")
  FROM "link_in_bio_imports" WHERE "status" IN ('queued', 'processing');
