-- CreateEnum
CREATE TYPE "AuditActorType" AS ENUM ('user', 'api_key', 'operator');

-- CreateTable
CREATE TABLE "audit_events" (
    "id" VARCHAR(24) NOT NULL,
    "subject_type" "SubjectType" NOT NULL,
    "subject_id" VARCHAR(24) NOT NULL,
    "actor_type" "AuditActorType" NOT NULL,
    "actor_id" VARCHAR(64) NOT NULL,
    "actor_label" TEXT NOT NULL,
    "action" VARCHAR(64) NOT NULL,
    "target_type" VARCHAR(32) NOT NULL,
    "target_id" VARCHAR(64) NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '{}',
    "client_address" VARCHAR(64),
    "user_agent" VARCHAR(512),
    "request_id" VARCHAR(64),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_events_subject_type_subject_id_id_idx" ON "audit_events"("subject_type", "subject_id", "id" DESC);

-- CreateIndex
CREATE INDEX "audit_events_created_at_idx" ON "audit_events"("created_at");
