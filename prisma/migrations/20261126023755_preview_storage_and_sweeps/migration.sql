-- AlterTable
ALTER TABLE "creator_import_previews" ADD COLUMN     "rows_bytes" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "creator_import_previews_expires_at_idx" ON "creator_import_previews"("expires_at");

-- CreateIndex
CREATE INDEX "sign_in_attempts_created_at_idx" ON "sign_in_attempts"("created_at");

-- Previews stored before the column: their size as stored (they expire within 30 minutes anyway).
UPDATE "creator_import_previews" SET "rows_bytes" = octet_length("rows"::text) WHERE "expires_at" > now();
