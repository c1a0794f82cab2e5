-- AlterTable
ALTER TABLE "agencies" ADD COLUMN     "roster_published" BOOLEAN NOT NULL DEFAULT false;

-- Agencies that existed before publishing became a choice keep the page they had; new ones start unpublished.
UPDATE "agencies" SET "roster_published" = true;
