import { describe, expect, it } from 'vitest';
import { LastUsedRecorder } from '../../src/server/services/api-keys';
import { startTestApp } from '../support/app';

describe('last_used_at flushes', () => {
  it('a background flush that fails is reported, never an unhandled rejection, and its batch is kept', async () => {
    const t = await startTestApp();
    const agency = await t.agency();
    await t.key({ type: 'agency', id: agency.id });
    const db = t.db;
    // The database goes away (as in a PostgreSQL blip) while a flush is pending.
    await t.close();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const reported: unknown[] = [];
      const recorder = new LastUsedRecorder(db, 10, (error) => reported.push(error));
      recorder.note({ keyId: 'k'.repeat(24), lastUsedAt: null });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(reported).toHaveLength(1);
      expect(unhandled).toEqual([]);
      // Kept for the next attempt.
      await expect(recorder.flush()).rejects.toBeTruthy();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
