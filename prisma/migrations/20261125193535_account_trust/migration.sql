-- CreateTable
CREATE TABLE "pending_sign_ups" (
    "user_id" VARCHAR(24) NOT NULL,
    "account_type" "SubjectType" NOT NULL,
    "agency_name" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_sign_ups_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "sign_in_attempts" (
    "id" VARCHAR(24) NOT NULL,
    "user_id" VARCHAR(24) NOT NULL,
    "succeeded" BOOLEAN NOT NULL,
    "address" VARCHAR(64) NOT NULL,
    "address_key" VARCHAR(64) NOT NULL,
    "user_agent" VARCHAR(256),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pending_sign_ups_created_at_idx" ON "pending_sign_ups"("created_at");

-- CreateIndex
CREATE INDEX "sign_in_attempts_user_id_created_at_idx" ON "sign_in_attempts"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "sign_in_attempts_user_id_address_key_succeeded_idx" ON "sign_in_attempts"("user_id", "address_key", "succeeded");

-- AddForeignKey
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sign_in_attempts" ADD CONSTRAINT "sign_in_attempts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
