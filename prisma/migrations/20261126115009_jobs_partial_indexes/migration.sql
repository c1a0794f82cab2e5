-- Claims and hand-offs look up a lane's queued jobs per group (account, fair key): issue 34, delivery
-- at speed. The indexes they used held every job, ended ones too; when the table's statistics lagged
-- behind a burst (thousands of jobs queued since the last ANALYZE, among many ended ones), the planner
-- took them as equally cheap and read an endpoint's whole backlog through one of them, then sorted it,
-- in each hand-off and claim. Now the queued jobs have an index of their own, and the index of a
-- group's last turn holds only claimed rows (max(claimed_at) ignores the others), so neither can stand
-- in for the other. Lookups of running jobs use (queue, state, run_at), as before.

-- DropIndex
DROP INDEX "jobs_queue_lane_account_type_account_id_fair_key_claimed_at_idx";

-- DropIndex
DROP INDEX "jobs_queue_lane_state_account_type_account_id_fair_key_run__idx";

-- CreateIndex
CREATE INDEX "jobs_queued_idx" ON "jobs"("queue", "lane", "account_type", "account_id", "fair_key", "run_at", "id") WHERE (state = 'queued');

-- CreateIndex
CREATE INDEX "jobs_claimed_idx" ON "jobs"("queue", "lane", "account_type", "account_id", "fair_key", "claimed_at") WHERE (claimed_at IS NOT NULL);
