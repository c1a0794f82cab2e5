-- CreateTable
CREATE TABLE "request_logs" (
    "id" VARCHAR(24) NOT NULL,
    "request_id" VARCHAR(128) NOT NULL,
    "subject_type" "SubjectType" NOT NULL,
    "subject_id" VARCHAR(24) NOT NULL,
    "mode" VARCHAR(8) NOT NULL DEFAULT 'live',
    "key_id" VARCHAR(24) NOT NULL,
    "door" VARCHAR(8) NOT NULL,
    "method" VARCHAR(8) NOT NULL,
    "path" TEXT NOT NULL,
    "operation" TEXT,
    "status" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "problem_type" TEXT,
    "idempotent_replayed" BOOLEAN NOT NULL DEFAULT false,
    "client_address" TEXT,
    "user_agent" TEXT,
    "request_body" TEXT,
    "response_body" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "request_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "request_logs_subject_type_subject_id_id_idx" ON "request_logs"("subject_type", "subject_id", "id");

-- CreateIndex
CREATE INDEX "request_logs_subject_type_subject_id_request_id_idx" ON "request_logs"("subject_type", "subject_id", "request_id");

-- CreateIndex
CREATE INDEX "request_logs_created_at_idx" ON "request_logs"("created_at");
