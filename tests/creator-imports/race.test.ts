import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../src/server/lib/object-id';
import { createCreatorImport, getCreatorImport, processCreatorImportChunk, startCreatorImport } from '../../src/server/services/creator-imports';
import { parkedJobs, startTestApp, type TestApp } from '../support/app';

/**
 * A chunk looks up the roster's identities, then inserts in bulk. Another writer can take an
 * identity in between; the unique index then refuses the bulk insert, and the chunk must settle
 * row by row (the race's row matches the other writer's creator) instead of failing the import.
 * PostgreSQL only: it needs a second connection holding an uncommitted insert (PGlite is one session).
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('CSV import racing another writer', () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await startTestApp();
    other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it('falls back to row by row when an identity is taken between lookup and insert', async () => {
    const agencyId = (await t.agency()).id;
    const tag = newObjectId();
    const bytes = new TextEncoder().encode(`display_name,instagram\nRacer One,@race.${tag}\nRacer Two,@calm.${tag}\n,@three.${tag}\n`);
    const created = await createCreatorImport({ db: t.db, jobs: parkedJobs() }, agencyId, { name: 'race.csv', type: 'text/csv', size: bytes.byteLength, bytes });
    await startCreatorImport(t.db, created.id);

    // The other writer adds a roster creator with Racer One's identity, and has not committed yet.
    const rival = newObjectId();
    await other.query('BEGIN');
    await other.query(`INSERT INTO creators (id, username, display_name, languages, tags, updated_at) VALUES ($1, 'rival', 'Rival', '{}', '{}', now())`, [rival]);
    await other.query(`INSERT INTO roster_memberships (id, agency_id, creator_id, source) VALUES ($1, $2, $3, 'api')`, [newObjectId(), agencyId, rival]);
    await other.query(
      `INSERT INTO social_accounts (id, creator_id, roster_agency_id, platform, identity, username, profile_url, updated_at)
       VALUES ($1, $2, $3, 'instagram', $4, $5, $6, now())`,
      [newObjectId(), rival, agencyId, `instagram:race.${tag}`, `race.${tag}`, `https://www.instagram.com/race.${tag}/`],
    );

    // The chunk's lookup cannot see it; its insert waits on the unique index until the writer commits.
    const chunk = processCreatorImportChunk(t.app.services, created.id, 0);
    let blocked = false;
    for (let i = 0; i < 200 && !blocked; i += 1) {
      // Inside a transaction pg_stat_activity is a snapshot taken once: clear it to see the chunk arrive.
      await other.query('SELECT pg_stat_clear_snapshot()');
      const waiting = await other.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database() AND query LIKE 'INSERT INTO "social_accounts"%'`);
      blocked = (waiting.rowCount ?? 0) > 0;
      if (!blocked) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(blocked, 'the chunk should be waiting on the uncommitted identity').toBe(true);
    await other.query('COMMIT');
    await chunk;

    const done = await getCreatorImport(t.db, agencyId, created.id);
    expect(done.rows.map((r) => [r.status, r.creatorId === rival])).toEqual([
      ['existing', true],
      ['created', false],
      ['failed', false],
    ]);
    // Row by row judges a row exactly as the batch path does (one validateImportRow).
    expect(done.rows[2]?.errors).toEqual(['display_name: required.']);
    expect(done).toMatchObject({ processed: 3, created: 1, failed: 1 });
    expect(await t.db.socialAccount.count({ where: { rosterAgencyId: agencyId, identity: `instagram:race.${tag}` } })).toBe(1);
    expect(await t.db.mediaKit.count({ where: { ownerId: agencyId, creatorId: rival } })).toBe(1);
  });
});
