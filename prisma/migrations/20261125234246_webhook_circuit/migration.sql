-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "circuit_open_until" TIMESTAMP(3),
ADD COLUMN     "consecutive_failures" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "job_holds" (
    "lane" TEXT NOT NULL,
    "fair_key" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_holds_pkey" PRIMARY KEY ("lane","fair_key")
);
