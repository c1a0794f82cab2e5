-- CreateTable
CREATE TABLE "idempotency_keys" (
    "id" VARCHAR(24) NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" VARCHAR(24) NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "response_status" INTEGER,
    "response" JSONB,
    "locked_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_keys_subject_type_subject_id_key_key" ON "idempotency_keys"("subject_type", "subject_id", "key");
