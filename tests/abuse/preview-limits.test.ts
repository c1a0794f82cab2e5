import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { bucketQuotas } from '../../src/server/rate-limit/buckets';

/**
 * Import previews are costly (up to 500 rows parsed, validated, classified and stored), so they draw
 * on a bucket of their own: one agency previewing flat out is refused long before it could crowd
 * out anyone else, and its other requests keep their own budget.
 */
describe('import preview limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('previews have their own bucket: past it a 429 for previews only, other operations and other agencies unaffected', async () => {
    const quota = bucketQuotas(t.app.services.config).previews;
    expect(quota.requests).toBeLessThan(t.app.services.config.rateLimitRequests);
    const flooder = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
    const other = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
    const preview = (key: string, n: number) =>
      t.request('/public/v1/creator-imports/previews', { method: 'POST', key, json: { rows: [{ display_name: `Flood ${n}` }] } });

    for (let n = 0; n < quota.requests; n += 1) {
      const response = await preview(flooder, n);
      expect(response.status, `preview ${n}`).toBe(201);
      expect(response.headers.get('ratelimit-limit')).toBe(String(quota.requests));
    }
    const refused = await preview(flooder, quota.requests);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readProblem(refused)).type).toMatch(/rate-limited$/);

    // The flooder's other operations draw on the default bucket; other agencies on their own.
    expect((await t.request('/public/v1/me', { key: flooder })).status).toBe(200);
    expect((await preview(other, 0)).status).toBe(201);
  });

  it('CSV rows are counted while parsing and parsing stops past row 500: what follows is never read, in a preview or an upload', async () => {
    const key = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
    // Row 520 has an unbalanced quote. A parser that read the whole file first would report it (400);
    // one that stops at the cap never reaches it and refuses the file for its size (413).
    const lines = Array.from({ length: 600 }, (_, i) => (i === 519 ? '"Broken, quote' : `Creator ${i}`));
    const csv = `display_name\n${lines.join('\n')}\n`;

    const preview = await t.request('/public/v1/creator-imports/previews', { method: 'POST', key, json: { csv } });
    expect(preview.status).toBe(413);
    expect((await readProblem(preview)).detail).toMatch(/501 or more creator rows.*at most 500/);

    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'big.csv');
    const upload = await t.request('/public/v1/creator-imports', { method: 'POST', key, body: form });
    expect(upload.status).toBe(413);

    // Within the cap the same broken quote is still found.
    const small = `display_name\n${lines.slice(0, 100).join('\n')}\n"Broken, quote\nCreator 101\n`;
    const refused = await t.request('/public/v1/creator-imports/previews', { method: 'POST', key, json: { csv: small } });
    expect(refused.status).toBe(400);
    expect((await readProblem(refused)).errors).toEqual([expect.objectContaining({ code: 'malformed_csv' })]);
  });
});

describe('one roster-matching rule', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('tags differing only in case keep their first spelling, whether the creator came from POST /creators, an import or a preview', async () => {
    const key = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
    const created = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: 'Api Tags', tags: ['Tech', 'tech', 'TECH'] } });
    expect((await created.json()).data.creator.tags).toEqual(['Tech']);

    const form = new FormData();
    form.append('file', new Blob(['display_name,tags\nCsv Tags,Tech;tech;TECH\n'], { type: 'text/csv' }), 'tags.csv');
    const upload = await t.request('/public/v1/creator-imports', { method: 'POST', key, body: form });
    expect(upload.status).toBe(202);
    const importId = (await upload.json()).data.id as string;
    await expect
      .poll(async () => (await (await t.request(`/public/v1/creator-imports/${importId}`, { key })).json()).data.status, { timeout: 60_000 })
      .toBe('completed');
    const done = (await (await t.request(`/public/v1/creator-imports/${importId}`, { key })).json()).data;
    const imported = (await (await t.request(`/public/v1/creators/${done.rows[0].creator_id}`, { key })).json()).data;
    expect(imported.tags).toEqual(['Tech']);
  });

  it('a preview, an import and POST /creators agree on a row whose socials belong to two roster creators', async () => {
    const key = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
    const unique = Date.now().toString(36);
    for (const handle of [`@one.${unique}`, `@two.${unique}`]) {
      const response = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: handle, socials: [{ platform: 'instagram', handle_or_url: handle }] } });
      expect(response.status).toBe(201);
    }
    const both = [
      { platform: 'instagram', handle_or_url: `@one.${unique}` },
      { platform: 'instagram', handle_or_url: `@two.${unique}` },
    ];
    const direct = await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: 'Both', socials: both } });
    expect(direct.status).toBe(409);
    const preview = await t.request('/public/v1/creator-imports/previews', { method: 'POST', key, json: { rows: [{ display_name: 'Both', socials: both }] } });
    const row = (await preview.json()).data.rows[0];
    expect(row.status).toBe('invalid');
    expect(row.errors[0]).toMatch(/^The socials belong to 2 different roster creators/);
  });
});
