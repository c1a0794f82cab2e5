import type { Db } from '../db/database';
import type { Logger } from '../lib/logger';
import { sweepImportPreviews } from '../services/creator-import-previews';
import { sweepSignInAttempts } from '../services/sign-in-attempts';
import { sweepAllExpiredEvents } from '../services/events';
import { sweepAuditEvents } from '../services/audit-events';

const SWEEP_EVERY_MS = 10 * 60_000;
/** Rows per statement: the tables stay small without one long delete. */
const SWEEP_BATCH = 5_000;

export interface SweepCounts {
  /** Expired import previews whose rows were dropped. */
  previewsEmptied: number;
  /** Import previews past their day of retention, deleted. */
  previewsDeleted: number;
  /** Sign-in attempts past their 90 days, deleted. */
  signInAttempts: number;
  /** Webhook events past their 30 days (with no delivery still pending), deleted. */
  events: number;
  /** Audit events past AUDIT_RETENTION_DAYS, deleted. */
  auditEvents: number;
}

export interface Housekeeping {
  /** One sweep now (the schedule's work; tests and the operator call it directly). */
  sweep(): Promise<SweepCounts>;
  stop(): void;
}

/**
 * Sweeps of what expires in the product's own tables, every 10 minutes on every instance (the
 * deletes are idempotent, so instances never need to agree on who sweeps), whichever job runner
 * runs jobs: expired import previews' rows (they would otherwise fill the disk) and the previews
 * themselves, sign-in attempts past their quiet period, webhook events past their 30 days and audit events past
 * AUDIT_RETENTION_DAYS. The job
 * runner sweeps its ended jobs; request logs are trimmed by their buffer (services/request-logs).
 */
export function startHousekeeping(options: { db: Db; logger: Logger; auditRetentionDays: number }): Housekeeping {
  const { db, logger, auditRetentionDays } = options;
  async function drain(step: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await step();
      total += count;
      if (count < SWEEP_BATCH) return total;
    }
  }
  async function sweep(): Promise<SweepCounts> {
    const counts: SweepCounts = { previewsEmptied: 0, previewsDeleted: 0, signInAttempts: 0, events: 0, auditEvents: 0 };
    await drain(async () => {
      const { emptied, deleted } = await sweepImportPreviews(db, { limit: SWEEP_BATCH });
      counts.previewsEmptied += emptied;
      counts.previewsDeleted += deleted;
      return Math.max(emptied, deleted);
    });
    counts.signInAttempts = await drain(() => sweepSignInAttempts(db, { limit: SWEEP_BATCH }));
    counts.events = await sweepAllExpiredEvents(db);
    counts.auditEvents = await drain(() => sweepAuditEvents(db, auditRetentionDays, SWEEP_BATCH));
    return counts;
  }
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => logger.warn('housekeeping sweep failed; trying again at the next one', { error: String(error) }));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
