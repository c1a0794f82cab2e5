import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRosterCreator } from '../roster/fixtures';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { waitForImport } from './support';

const PROBLEMS = 'https://creator-api.dev/problems/';

/** Two-phase roster imports: POST /creator-imports/previews, GET …/{id}, POST …/{id}/commit. */
describe('roster import previews', () => {
  let t: TestApp;
  let agencyId: string;
  let key: string;
  let otherKey: string;
  let existingId: string;

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency()).id;
    key = await t.key({ type: 'agency', id: agencyId });
    otherKey = await t.key({ type: 'agency', id: (await t.agency()).id });
    existingId = (await addRosterCreator(t, key, { display_name: 'Grace Hopper', socials: [{ platform: 'youtube', handle_or_url: '@gracehopper' }] })).creatorId;
  });
  afterAll(async () => {
    await t.close();
  });

  const preview = (body: unknown, k = key) => t.request('/public/v1/creator-imports/previews', { method: 'POST', key: k, json: body });
  const commit = (id: string, k = key) => t.request(`/public/v1/creator-imports/previews/${id}/commit`, { method: 'POST', key: k });

  it('classifies JSON rows against the roster and reports the roster impact, writing nothing', async () => {
    const response = await preview({
      rows: [
        { display_name: 'Ada Lovelace', country: 'gb', socials: [{ platform: 'instagram', handle_or_url: '@ada' }] },
        { display_name: 'Grace H.', socials: [{ platform: 'youtube', handle_or_url: 'https://www.youtube.com/@gracehopper' }] },
        { display_name: 'Ada again', socials: [{ platform: 'instagram', handle_or_url: 'https://instagram.com/ada' }] },
        { display_name: 'Alan', country: 'England', socials: [{ platform: 'tiktok', handle_or_url: 'https://www.instagram.com/alan' }] },
        { email: 'nobody@example.com', nickname: 'x' },
      ],
    });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(response.headers.get('location')).toBe(`${t.app.services.config.publicBaseUrl}/public/v1/creator-imports/previews/${data.id}`);
    expect(data).toMatchObject({ status: 'ready', source: 'rows', import_id: null, committed_at: null });
    expect(new Date(data.expires_at).getTime() - new Date(data.created_at).getTime()).toBeCloseTo(30 * 60 * 1000, -4);
    expect(data.summary).toEqual({ total: 5, valid: 3, invalid: 2, new_creators: 1, existing_creators: 2, roster_size_before: 1, roster_size_after: 2 });
    expect(data.rows.map((r: { status: string }) => r.status)).toEqual(['new', 'existing', 'existing', 'invalid', 'invalid']);
    expect(data.rows[1]).toMatchObject({ creator_id: existingId, same_as_row: null });
    expect(data.rows[2]).toMatchObject({ creator_id: null, same_as_row: 1 });
    expect(data.rows[3].errors).toEqual(expect.arrayContaining([expect.stringMatching(/^country: /), expect.stringMatching(/^socials\[0\]: .*instagram/)]));
    expect(data.rows[4].errors).toEqual(expect.arrayContaining(['display_name: Required.', expect.stringMatching(/nickname/)]));
    expect(data.rows[4].display_name).toBeNull();
    expect(await t.db.rosterMembership.count({ where: { agencyId } })).toBe(1);

    const read = await t.request(`/public/v1/creator-imports/previews/${data.id}`, { key });
    expect(read.status).toBe(200);
    expect((await read.json()).data).toEqual(data);
  });

  it('commits once: 202 with a queued import, then 200 with the same import, and the rows land as the preview said', async () => {
    const { data: p } = await (
      await preview({
        rows: [
          { display_name: 'Katherine Johnson', socials: [{ platform: 'x', handle_or_url: '@kjohnson' }] },
          { display_name: 'Grace again', socials: [{ platform: 'youtube', handle_or_url: '@gracehopper' }, { platform: 'instagram', handle_or_url: '@grace.h' }] },
          { display_name: '' },
        ],
      })
    ).json();
    const first = await commit(p.id);
    expect(first.status).toBe(202);
    const { data: started } = await first.json();
    expect(started).toMatchObject({ status: 'queued', progress: { total: 3 } });
    expect(first.headers.get('location')).toMatch(new RegExp(`/public/v1/creator-imports/${started.id}$`));

    const again = await commit(p.id);
    expect(again.status).toBe(200);
    expect((await again.json()).data.id).toBe(started.id);

    const finished = await waitForImport(t, key, started.id);
    expect(finished.status).toBe('completed');
    expect(finished.rows.map((r: { status: string }) => r.status)).toEqual(['created', 'existing', 'failed']);
    expect(finished.rows[1].creator_id).toBe(existingId);
    // The import fails the row with exactly the errors the preview announced.
    expect(finished.rows[2].errors).toEqual(p.rows[2].errors);
    expect(p.rows[2].errors).toEqual([expect.stringMatching(/^display_name: /)]);
    expect(finished.progress).toMatchObject({ total: 3, processed: 3, created: 1, failed: 1, socials_attached: 2 });

    const read = await (await t.request(`/public/v1/creator-imports/previews/${p.id}`, { key })).json();
    expect(read.data).toMatchObject({ status: 'committed', import_id: started.id });
    expect(read.data.committed_at).not.toBeNull();
  });

  it('settles concurrent commits on one import', async () => {
    const { data: p } = await (await preview({ rows: [{ display_name: 'Race One' }, { display_name: 'Race Two' }] })).json();
    const responses = await Promise.all(Array.from({ length: 8 }, () => commit(p.id)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 202]);
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).data.id)));
    expect(ids.size).toBe(1);
    expect(await t.db.creatorImport.count({ where: { contentHash: `preview:${p.id}` } })).toBe(1);
    await waitForImport(t, key, [...ids][0] as string);
  });

  it('previews CSV text with the upload’s format and checks, naming the csv field', async () => {
    const csv = 'display_name,country,instagram,tags\r\nMary Jackson,US,@maryj,space;math\r\nNo Country,ZZ,,\r\n';
    const response = await preview({ csv, filename: 'spring.csv' });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data).toMatchObject({ source: 'csv', source_filename: 'spring.csv', summary: { total: 2, valid: 1, invalid: 1, new_creators: 1 } });
    expect(data.rows[1].errors).toEqual([expect.stringMatching(/^country: /)]);

    const badHeader = await preview({ csv: 'display_name,shoe_size\nAda,9\n' });
    expect(badHeader.status).toBe(400);
    expect((await readProblem(badHeader)).errors).toEqual([expect.objectContaining({ path: 'body.csv', code: 'unknown_column' })]);

    const tooMany = await preview({ csv: `display_name\n${Array.from({ length: 501 }, (_, i) => `C${i}`).join('\n')}\n` });
    expect(tooMany.status).toBe(413);
  });

  it('refuses neither or both sources, too many JSON rows and stray fields, naming them', async () => {
    const neither = await preview({});
    expect(neither.status).toBe(400);
    expect((await readProblem(neither)).errors?.[0]).toMatchObject({ path: 'body.rows', code: 'required' });
    const both = await preview({ rows: [{ display_name: 'A' }], csv: 'display_name\nB\n' });
    expect((await readProblem(both)).errors?.[0]).toMatchObject({ path: 'body.rows', code: 'conflicting_fields' });
    const many = await preview({ rows: Array.from({ length: 501 }, (_, i) => ({ display_name: `C${i}` })) });
    expect(many.status).toBe(400);
    expect((await readProblem(many)).errors?.[0]).toMatchObject({ path: 'body.rows', code: 'too_big' });
    const filename = await preview({ rows: [{ display_name: 'A' }], filename: 'x.csv' });
    expect((await readProblem(filename)).errors?.[0]).toMatchObject({ path: 'body.filename' });
  });

  it('answers 410 for an expired preview, 409 when every row is invalid, 404 to other agencies', async () => {
    const { data: p } = await (await preview({ rows: [{ display_name: 'Late' }] })).json();
    await t.db.creatorImportPreview.update({ where: { id: p.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await commit(p.id);
    expect(late.status).toBe(410);
    expect((await readProblem(late)).type).toBe(`${PROBLEMS}preview-expired`);
    expect((await (await t.request(`/public/v1/creator-imports/previews/${p.id}`, { key })).json()).data.status).toBe('expired');

    const { data: invalid } = await (await preview({ rows: [{ display_name: '' }] })).json();
    const nothing = await commit(invalid.id);
    expect(nothing.status).toBe(409);
    expect((await t.db.creatorImportPreview.findUniqueOrThrow({ where: { id: invalid.id } })).importId).toBeNull();

    const { data: mine } = await (await preview({ rows: [{ display_name: 'Mine' }] })).json();
    expect((await commit(mine.id, otherKey)).status).toBe(404);
    expect((await t.request(`/public/v1/creator-imports/previews/${mine.id}`, { key: otherKey })).status).toBe(404);
    expect((await preview({ rows: [{ display_name: 'x' }] }, await t.key({ type: 'agency', id: agencyId }, ['roster:read']))).status).toBe(403);
  });
});
