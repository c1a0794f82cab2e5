/** `npm run db:migrate`: applies prisma/migrations to DATABASE_URL or the embedded database (the service also does this on start). */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { EmbeddedDatabaseBusyError } from '../src/server/db/embedded-lock';

const config = loadConfig();
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir, holder: 'db:migrate' });
  try {
    const applied = await database.migrate();
    console.log(applied.length === 0 ? 'database is up to date' : `applied: ${applied.join(', ')}`);
  } finally {
    await database.close();
  }
  process.exit(0);
} catch (error) {
  if (error instanceof EmbeddedDatabaseBusyError) {
    console.error(error.message);
    process.exit(3);
  }
  throw error;
}
