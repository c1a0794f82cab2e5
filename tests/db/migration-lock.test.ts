import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../../src/server/db/database';

// The key Prisma's schema engine locks while it migrates (`pg_advisory_lock(72707369)`).
const PRISMA_MIGRATION_LOCK = 72707369;

/**
 * PostgreSQL only (CI sets DATABASE_URL): the embedded PGlite is one session, so no other process can
 * be waiting on its lock.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('migrating on PostgreSQL', () => {
  it('leaves no advisory lock behind, so other processes can migrate while this one serves', async () => {
    const databaseUrl = process.env.DATABASE_URL!;
    const first = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
    const observer = new pg.Client({ connectionString: databaseUrl });
    await observer.connect();
    try {
      // Keep the first service's pool busy, as a serving process does.
      await Promise.all(Array.from({ length: 5 }, () => first.sql('SELECT pg_sleep(0.05)', [])));
      const held = await observer.query(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [PRISMA_MIGRATION_LOCK],
      );
      expect(held.rows).toEqual([]);
      // A second process starting now migrates without waiting for the first to go idle.
      const second = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
      await second.close();
    } finally {
      await observer.end();
      await first.close();
    }
  });
});
