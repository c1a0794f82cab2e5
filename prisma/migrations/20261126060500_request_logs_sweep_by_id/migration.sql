-- The retention sweep finds expired entries by id (an ObjectId starts with its creation second), so
-- created_at needs no index: one index less to maintain on every batched insert of the request log.
DROP INDEX IF EXISTS "request_logs_created_at_idx";
