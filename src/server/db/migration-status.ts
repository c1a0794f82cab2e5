import type { SqlQuery } from './database';
import { readMigrations } from './schema-engine';

/**
 * The migrations in prisma/migrations that the database has not finished applying, read from
 * Prisma's own `_prisma_migrations` table with one query. When it is empty the service skips the
 * schema engine altogether: compiling its wasm costs ~0.5 s and ~35 MB of memory on every start,
 * for nothing on all but the first start after an upgrade. Anything else (a failed or rolled-back
 * migration, a missing table) counts as pending and goes through the engine, which reports it.
 */
export async function pendingMigrations(sql: SqlQuery): Promise<string[]> {
  const { migrationDirectories } = await readMigrations();
  const names = migrationDirectories.map((m) => m.path);
  const [table] = await sql<{ exists: boolean }>(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists`, []);
  if (!table?.exists) return names;
  const applied = await sql<{ migration_name: string }>(
    'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    [],
  );
  const done = new Set(applied.map((row) => row.migration_name));
  const failed = await sql<{ n: number }>('SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NULL AND rolled_back_at IS NULL', []);
  if ((failed[0]?.n ?? 0) > 0) return names;
  return names.filter((name) => !done.has(name));
}
