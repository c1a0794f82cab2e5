import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkedJobs, startTestApp, type TestApp } from '../support/app';
import { addRosterCreator } from '../roster/fixtures';
import { csvForm, upload, waitForImport } from './support';
import { CREATOR_IMPORT_EVENT, createCreatorImport } from '../../src/server/services/creator-imports';

describe('CSV import processing', () => {
  let t: TestApp;
  let agencyId: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency()).id;
    key = await t.key({ type: 'agency', id: agencyId }, ['roster:read', 'roster:write']);
  });
  afterAll(() => t.close());

  it('imports 500 rows: valid, duplicate, existing and invalid, with counters that add up', async () => {
    const existing = await addRosterCreator(t, key, { display_name: 'Already Here', socials: [{ platform: 'instagram', handle_or_url: 'already.here' }] });
    const lines = ['Display_Name,Email,Country,Languages,Tags,Instagram,TikTok,Twitter'];
    const expected: Record<number, 'created' | 'existing' | 'failed'> = {};
    for (let n = 1; n <= 500; n += 1) {
      if (n % 50 === 0) {
        lines.push(`Invalid ${n},not-an-email,Narnia,,,,,`);
        expected[n] = 'failed';
      } else if (n % 50 === 1 && n > 1) {
        // Same identity as an earlier row of the file: that row made the creator, this one matches it.
        lines.push(`Duplicate ${n},,,,,@bulk.${n - 2},,`);
        expected[n] = 'existing';
      } else if (n === 7) {
        lines.push(`Known Person,,,,,https://www.instagram.com/Already.Here/,@known.tiktok,`);
        expected[n] = 'existing';
      } else {
        lines.push(`Creator ${n},c${n}@example.com,br,pt;en,"music;dance",@bulk.${n},,https://x.com/bulk_${n}`);
        expected[n] = 'created';
      }
    }
    const response = await upload(t, key, csvForm(`${lines.join('\r\n')}\r\n`, 'five-hundred.csv'));
    expect(response.status).toBe(202);
    const importId = (await response.json()).data.id;
    const done = await waitForImport(t, key, importId, 120_000);

    expect(done.status).toBe('completed');
    expect(done.rows).toHaveLength(500);
    const counts = { created: 0, existing: 0, failed: 0 };
    for (const row of done.rows) {
      expect(row.status).toBe(expected[row.row_number]);
      counts[row.status as keyof typeof counts] += 1;
    }
    const attached = done.rows.reduce((sum: number, row: any) => sum + row.social_ids.length, 0);
    expect(done.progress).toEqual({ total: 500, processed: 500, created: counts.created, socials_attached: attached, failed: counts.failed });
    expect(counts.created + counts.existing + counts.failed).toBe(500);

    const created = done.rows.find((r: any) => r.row_number === 2);
    expect(created.social_ids).toHaveLength(2);
    const roster = await t.db.rosterMembership.count({ where: { agencyId } });
    expect(roster).toBe(1 + counts.created);
    // Every successful row has the agency default kit; none is duplicated.
    const kits = await t.db.mediaKit.count({ where: { ownerType: 'agency', ownerId: agencyId } });
    expect(kits).toBe(roster);
    for (const row of done.rows.filter((r: any) => r.status !== 'failed')) expect(row.media_kit_id).toMatch(/^[0-9a-f]{24}$/);

    const knownRow = done.rows.find((r: any) => r.row_number === 7);
    expect(knownRow.creator_id).toBe(existing.creatorId);
    expect(knownRow.social_ids).toHaveLength(1); // the TikTok it added; the Instagram was already there
    const invalid = done.rows.find((r: any) => r.row_number === 50);
    expect(invalid.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^email: /), expect.stringMatching(/^country: /)]));
    expect(invalid.creator_id).toBeNull();
  }, 180_000);

  it('refuses a file with broken quoting, naming the row', async () => {
    const response = await upload(t, key, csvForm('display_name,tags\nGood,a\n"Broken,b\nNext,c\n'));
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toMatch(/quot/i);
  });

  it('reads BOM, CRLF, quoted fields, blank lines, list separators and stores formulas as text', async () => {
    const csv =
      '\uFEFFName,Tags,Languages,YouTube,avatar_url\r\n' +
      '"Smith, Jane","travel, food",EN;es,https://www.youtube.com/@JaneSmith,\r\n' +
      '\r\n' +
      '"=HYPERLINK(""http://evil.example"")",,,,\n' +
      'With Avatar,,,,https://cdn.example.com/a.png\n' +
      'Bad Handle,,,https://www.youtube.com/watch?v=dQw4w9WgXcQ,\n';
    const uploadedAt = Date.now();
    const response = await upload(t, key, csvForm(csv, 'formats.csv', 'application/octet-stream'));
    expect(response.status).toBe(202);
    const done = await waitForImport(t, key, (await response.json()).data.id);
    expect(done.rows.map((r: any) => r.status)).toEqual(['created', 'created', 'failed', 'failed']);
    const jane = await t.db.creator.findUniqueOrThrow({ where: { id: done.rows[0].creator_id }, include: { socials: true } });
    expect(jane).toMatchObject({ displayName: 'Smith, Jane', tags: ['travel', 'food'], languages: ['en', 'es'] });
    expect(jane.socials[0]!.identity).toBe('youtube:handle:janesmith');
    // Rows are bulk-inserted in raw SQL: timestamps must still read back as the instant they were written.
    for (const at of [jane.createdAt, jane.updatedAt, jane.socials[0]!.createdAt, jane.socials[0]!.updatedAt]) {
      expect(Math.abs(at.getTime() - uploadedAt)).toBeLessThan(60_000);
    }
    const view = await (await t.request(`/public/v1/creators/${jane.id}`, { key })).json();
    expect(view.data).toMatchObject({ display_name: 'Smith, Jane', tags: ['travel', 'food'], languages: ['en', 'es'] });
    const formula = await t.db.creator.findUniqueOrThrow({ where: { id: done.rows[1].creator_id } });
    expect(formula.displayName).toBe('=HYPERLINK("http://evil.example")');
    expect(done.rows[2].errors).toEqual(['avatar_url: remote avatar URLs are not accepted; leave the column empty.']);
    expect(done.rows[3].errors[0]).toMatch(/^youtube: is a video URL/);
  });

  it('ends failed, keeping finished chunks, when processing throws (in-process runner: no retry)', async () => {
    const lines = ['display_name,instagram', ...Array.from({ length: 120 }, (_, i) => `Broken ${i},@broken.run.${i}`)];
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const parked = parkedJobs();
    const created = await createCreatorImport({ db: t.db, jobs: parked }, agencyId, { name: 'broken.csv', type: 'text/csv', size: bytes.byteLength, bytes });
    // A row of the second chunk that the code cannot read (corrupt storage): an internal error, not a row error.
    await t.db.$executeRaw`UPDATE creator_import_rows SET input = 'null'::jsonb WHERE import_id = ${created.id} AND row_number = 60`;
    await t.db.job.updateMany({ where: { queue: parked.queue }, data: { queue: t.app.services.jobs.queue } });
    await t.app.services.jobs.idle();
    const job = await t.db.job.findFirstOrThrow({ where: { kind: CREATOR_IMPORT_EVENT, payload: { equals: { importId: created.id } } } });
    expect(job).toMatchObject({ state: 'failed', attempts: 1, leaseOwner: null });
    expect(job.lastError).toBeTruthy();
    const done = await waitForImport(t, key, created.id);
    expect(done).toMatchObject({ status: 'failed', progress: { total: 120, processed: 120, created: 50, failed: 70 } });
    expect(done.completed_at).not.toBeNull();
    expect(done.rows[49].status).toBe('created');
    expect(done.rows[50]).toMatchObject({ status: 'failed', errors: ['Processing stopped on an internal error; upload the file again.'] });
  });
});
