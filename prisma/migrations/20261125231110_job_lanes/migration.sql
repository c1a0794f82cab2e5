-- DropIndex
DROP INDEX "jobs_queue_account_type_account_id_claimed_at_idx";

-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "fair_key" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "lane" TEXT NOT NULL DEFAULT 'interactive';

-- CreateIndex
CREATE INDEX "jobs_queue_lane_state_account_type_account_id_fair_key_run__idx" ON "jobs"("queue", "lane", "state", "account_type", "account_id", "fair_key", "run_at", "id");

-- CreateIndex
CREATE INDEX "jobs_queue_lane_account_type_account_id_fair_key_claimed_at_idx" ON "jobs"("queue", "lane", "account_type", "account_id", "fair_key", "claimed_at");

-- Jobs already queued move to their lane; a delivery attempt's fairness key is its endpoint.
UPDATE "jobs" j SET "lane" = 'deliveries', "fair_key" = COALESCE(d."endpoint_id", '')
  FROM "webhook_deliveries" d
 WHERE j."kind" = 'webhooks/delivery.attempt' AND d."id" = j."payload"->>'deliveryId';
UPDATE "jobs" SET "lane" = 'deliveries' WHERE "kind" = 'webhooks/delivery.attempt' AND "lane" <> 'deliveries';

-- CreateIndex
CREATE INDEX "jobs_state_finished_at_idx" ON "jobs"("state", "finished_at");
