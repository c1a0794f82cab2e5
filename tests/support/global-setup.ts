import { openMigratedDatabase } from '../../src/server/db/database';

/**
 * With DATABASE_URL (CI), migrate the shared test database once before the workers start, so no two
 * test files race to apply migrations. On the embedded default each file gets its own in-memory PGlite.
 */
export default async function setup() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return;
  const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
  await database.close();
}
