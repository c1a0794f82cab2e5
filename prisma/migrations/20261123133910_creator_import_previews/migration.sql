-- CreateTable
CREATE TABLE "creator_import_previews" (
    "id" VARCHAR(24) NOT NULL,
    "agency_id" VARCHAR(24) NOT NULL,
    "source" TEXT NOT NULL,
    "source_filename" TEXT,
    "total" INTEGER NOT NULL,
    "rows" JSONB NOT NULL,
    "summary" JSONB NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "import_id" VARCHAR(24),
    "committed_at" TIMESTAMP(3),

    CONSTRAINT "creator_import_previews_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "creator_import_previews_import_id_key" ON "creator_import_previews"("import_id");

-- CreateIndex
CREATE INDEX "creator_import_previews_agency_id_expires_at_idx" ON "creator_import_previews"("agency_id", "expires_at");

-- AddForeignKey
ALTER TABLE "creator_import_previews" ADD CONSTRAINT "creator_import_previews_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
