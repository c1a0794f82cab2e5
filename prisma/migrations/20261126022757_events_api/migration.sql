-- CreateEnum
CREATE TYPE "WebhookAttemptError" AS ENUM ('timeout', 'network', 'http_status', 'refused_address');

-- CreateTable
CREATE TABLE "webhook_delivery_attempts" (
    "id" VARCHAR(24) NOT NULL,
    "delivery_id" VARCHAR(24) NOT NULL,
    "attempted_at" TIMESTAMP(3) NOT NULL,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "response_status" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "response_body" TEXT,
    "error_class" "WebhookAttemptError",
    "error" TEXT,

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_delivery_attempts_delivery_id_id_idx" ON "webhook_delivery_attempts"("delivery_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- CreateIndex
CREATE INDEX "webhook_events_created_at_idx" ON "webhook_events"("created_at");

-- AddForeignKey
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
