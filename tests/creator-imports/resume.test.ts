import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createApp } from '../../src/server/app';
import { addCreatorToRoster } from '../../src/server/services/creators';
import {
  createCreatorImport,
  getCreatorImport,
  plannedIdsFor,
  processCreatorImportChunk,
  startCreatorImport,
} from '../../src/server/services/creator-imports';
import { validateImportRow, type CsvRow } from '../../src/server/services/csv-roster';
import { createAgency } from '../../src/server/services/accounts';

/**
 * A process dies in the middle of an import — after two chunks and halfway through a row of the
 * third, its job still leased to it — and a new process on the same database takes the job over
 * once the lease lapses, resuming after the last recorded step: every row is done exactly once.
 * Runs on a PGlite folder of its own (the two-process version on PostgreSQL is tests/jobs/).
 */
describe('CSV import crash and resume', () => {
  it('finishes with no duplicated creator, social or media kit and counters that add up', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'creator-api-resume-')), 'pglite');
    const config = { ...loadConfig({} as NodeJS.ProcessEnv), databaseUrl: null, redisUrl: null, pgliteDataDir: dataDir, seedDemo: false, logLevel: 'silent' as const };
    const lines = ['display_name,instagram,tiktok'];
    for (let n = 1; n <= 170; n += 1) lines.push(n % 10 === 0 ? `No Socials ${n},,` : `Row ${n},@resume.${n},@tok.${n}`);
    const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);

    // First process: upload, start, two chunks, then half of row 101 (its creator made, the row not marked).
    const first = await createApp(config, { runJobs: false });
    const { agency } = await createAgency(first.services.db, { name: 'Resume Agency', ownerEmail: 'resume@agency.test' });
    const created = await createCreatorImport(first.services, agency.id, { name: 'resume.csv', type: 'text/csv', size: bytes.byteLength, bytes });
    await startCreatorImport(first.services.db, created.id);
    await processCreatorImportChunk(first.services, created.id, 0);
    await processCreatorImportChunk(first.services, created.id, 1);
    const row101 = await first.services.db.creatorImportRow.findFirstOrThrow({ where: { importId: created.id, rowNumber: 101 } });
    const { input } = validateImportRow(row101.input as CsvRow);
    if (!input) throw new Error('row 101 is valid');
    await addCreatorToRoster(first.services, { agencyId: agency.id, input, source: 'import', planned: plannedIdsFor(row101) });
    const midway = await getCreatorImport(first.services.db, agency.id, created.id);
    expect(midway.status).toBe('processing');
    expect(midway.processed).toBe(100);
    // The job as the dead process left it: its lease lapsed, start and two chunks recorded.
    await first.services.db.$executeRaw`
      UPDATE jobs SET state = 'running', lease_owner = 'gone:1:dead', lease_expires_at = now() - interval '1 second', attempts = 1,
             steps = '{"start": {"chunks": 4}, "chunk-1": {"processed": 50}, "chunk-2": {"processed": 50}}'::jsonb
       WHERE payload->>'importId' = ${created.id}`;
    await first.close();

    // Second process: takes the job over on start.
    const second = await createApp(config, { holder: 'resume test' });
    try {
      await second.services.jobs.idle();
      const job = await second.services.db.job.findFirstOrThrow({ where: { payload: { equals: { importId: created.id } } } });
      expect(job).toMatchObject({ state: 'succeeded', attempts: 2, leaseOwner: null, leaseExpiresAt: null });
      expect(Object.keys(job.steps as object)).toEqual(['start', 'chunk-1', 'chunk-2', 'chunk-3', 'chunk-4', 'complete']);
      const done = await getCreatorImport(second.services.db, agency.id, created.id);
      expect(done.status).toBe('completed');
      expect(done.rows.every((r) => r.status === 'created')).toBe(true);
      expect({ processed: done.processed, created: done.created, failed: done.failed, socials: done.socialsAttached }).toEqual({
        processed: 170,
        created: 170,
        failed: 0,
        socials: 153 * 2,
      });
      const db = second.services.db;
      expect(await db.rosterMembership.count({ where: { agencyId: agency.id } })).toBe(170);
      expect(await db.creator.count()).toBe(170);
      expect(await db.socialAccount.count()).toBe(306);
      expect(await db.mediaKit.count({ where: { ownerId: agency.id } })).toBe(170);
      // Running a finished chunk again changes nothing.
      await processCreatorImportChunk(second.services, created.id, 2);
      expect(await db.creator.count()).toBe(170);
      expect((await getCreatorImport(db, agency.id, created.id)).created).toBe(170);
    } finally {
      await second.close();
    }
  }, 120_000);
});
