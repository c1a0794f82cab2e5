import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_RETENTION_MS } from '../../src/server/services/creator-import-previews';
import { readProblem, startTestApp, type TestApp } from '../support/app';

const PROBLEMS = 'https://creator-api.dev/problems/';
const CAP = 5_000;

/** Import previews cannot fill the disk: a cap per agency on stored rows, and a sweep of expired ones. */
describe('import preview storage', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ config: { previewStorageBytes: CAP } });
  });
  afterAll(() => t?.close());

  const rows = (tag: string) => Array.from({ length: 12 }, (_, i) => ({ display_name: `Creator ${tag} ${i}`, country: 'gb', tags: ['storage'] }));
  const preview = (key: string, tag: string) => t.request('/public/v1/creator-imports/previews', { method: 'POST', key, json: { rows: rows(tag) } });
  const newAgency = async () => {
    const id = (await t.agency()).id;
    return { id, key: await t.key({ type: 'agency', id }) };
  };

  it('refuses a preview past the cap with 429 preview-storage-full naming the cap; other agencies and expired previews do not count', async () => {
    const agency = await newAgency();
    const accepted: string[] = [];
    let refused: Response | null = null;
    for (let n = 0; n < 20 && !refused; n += 1) {
      const response = await preview(agency.key, `a${n}`);
      if (response.status === 201) accepted.push((await response.json()).data.id);
      else refused = response;
    }
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused?.status).toBe(429);
    const problem = await readProblem(refused!);
    expect(problem.type).toBe(`${PROBLEMS}preview-storage-full`);
    expect(problem.detail).toContain(`(${CAP} bytes)`);
    const retryAfter = Number(refused!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    // What is stored is what was counted: under the cap, and no room for one more.
    const stored = await t.db.creatorImportPreview.findMany({ where: { agencyId: agency.id } });
    expect(stored).toHaveLength(accepted.length);
    const held = stored.reduce((sum, p) => sum + p.rowsBytes, 0);
    expect(held).toBeLessThanOrEqual(CAP);
    expect(held + stored[0]!.rowsBytes).toBeGreaterThan(CAP);

    // Another agency has its own allowance.
    const other = await newAgency();
    expect((await preview(other.key, 'other')).status).toBe(201);

    // Once the first preview expires, its space is free again.
    await t.db.creatorImportPreview.update({ where: { id: accepted[0] }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await preview(agency.key, 'after-expiry')).status).toBe(201);
  });

  it('the sweep drops an expired preview’s rows (410 on commit still) and deletes it after its day of retention', async () => {
    const agency = await newAgency();
    const live = (await (await preview(agency.key, 'live')).json()).data.id as string;
    const expired = (await (await preview(agency.key, 'expired')).json()).data.id as string;
    // Two previews fill this test's cap: the third fits once the second has expired.
    await t.db.creatorImportPreview.update({ where: { id: expired }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const old = (await (await preview(agency.key, 'old')).json()).data.id as string;
    await t.db.creatorImportPreview.update({ where: { id: old }, data: { expiresAt: new Date(Date.now() - PREVIEW_RETENTION_MS - 1000) } });

    const counts = await t.app.housekeeping.sweep();
    expect(counts.previewsEmptied).toBeGreaterThanOrEqual(1);
    expect(counts.previewsDeleted).toBeGreaterThanOrEqual(1);

    const get = (id: string) => t.request(`/public/v1/creator-imports/previews/${id}`, { key: agency.key });
    const liveView = (await (await get(live)).json()).data;
    expect(liveView.status).toBe('ready');
    expect(liveView.rows).toHaveLength(12);

    const expiredView = (await (await get(expired)).json()).data;
    expect(expiredView.status).toBe('expired');
    expect(expiredView.rows).toEqual([]);
    expect(expiredView.summary.total).toBe(12);
    expect((await t.db.creatorImportPreview.findUniqueOrThrow({ where: { id: expired } })).rowsBytes).toBe(0);
    const commit = await t.request(`/public/v1/creator-imports/previews/${expired}/commit`, { method: 'POST', key: agency.key });
    expect(commit.status).toBe(410);

    expect((await get(old)).status).toBe(404);
    expect(await t.db.creatorImportPreview.findUnique({ where: { id: old } })).toBeNull();
  });
});
