-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "last_four" TEXT,
ADD COLUMN     "replaced_by_id" VARCHAR(24);
