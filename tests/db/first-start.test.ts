import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../../src/server/db/database';
import { loadAppSecret } from '../../src/server/services/settings';

/**
 * PostgreSQL only (CI sets DATABASE_URL): several instances starting at once on a brand-new database
 * must agree on one generated secret. On its own database, since the shared one already has a secret.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('first start on a new PostgreSQL database', () => {
  it('gives every concurrently starting instance the same generated secret', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const name = `${url.pathname.slice(1)}_first_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
    url.pathname = `/${name}`;
    const database = await openMigratedDatabase({ databaseUrl: url.toString(), pgliteDataDir: 'memory://' });
    try {
      const secrets = await Promise.all(Array.from({ length: 10 }, () => loadAppSecret(database.prisma, null)));
      expect(new Set(secrets).size).toBe(1);
      expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await database.close();
      // Closed pools let go of their sockets a moment later; terminating them (WITH FORCE) would
      // surface as an uncaught error in this process, so wait for them to leave.
      for (let i = 0; i < 100; i += 1) {
        const open = await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
        if (open.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      await admin.end();
    }
  });
});
