-- Issue 34: a claim or hand-off looking up a lane's queued jobs must find them through jobs_queued_idx
-- alone. With statistics that lag behind a burst (the queued rows not yet analyzed), the planner
-- rated every index that could find state = 'queued' equally cheap: (queue, state, run_at) and
-- (state, finished_at) then read the lane's whole backlog and sorted it. Both become partial indexes
-- of the rows their queries really look for: running jobs by lease, and finished jobs for the sweep.

-- DropIndex
DROP INDEX "jobs_queue_state_run_at_idx";

-- DropIndex
DROP INDEX "jobs_state_finished_at_idx";

-- CreateIndex
CREATE INDEX "jobs_running_idx" ON "jobs"("queue", "lane", "lease_expires_at") WHERE (state = 'running');

-- CreateIndex
CREATE INDEX "jobs_finished_idx" ON "jobs"("state", "finished_at") WHERE (finished_at IS NOT NULL);
