import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { describe, expect, it } from 'vitest';
import { diffMigrationsToSchema } from '../../src/server/db/schema-engine';

describe('schema.prisma and prisma/migrations', () => {
  it('agree (run `npm run db:migration -- <name>` after changing the schema)', async () => {
    const pglite = await PGlite.create('memory://');
    try {
      const drift = await diffMigrationsToSchema(new PrismaPGlite(pglite));
      expect(drift, `schema.prisma has changes no migration covers:\n${drift}`).toBeNull();
    } finally {
      await pglite.close();
    }
    // The schema engine diffs on fresh in-memory databases: seconds normally, much more on a busy machine.
  }, 180_000);
});
