import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../src/server/lib/object-id';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { csvForm, upload, waitForImport } from './support';

describe('POST /creator-imports: accepting and refusing uploads', () => {
  let t: TestApp;
  let agencyId: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency()).id;
    key = await t.key({ type: 'agency', id: agencyId }, ['roster:read', 'roster:write']);
  });
  afterAll(() => t.close());

  async function expectProblem(response: Response, status: number, slug: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = await readProblem(response);
    expect(problem.type).toBe(`https://creator-api.dev/problems/${slug}`);
    return problem;
  }

  it('202 with the queued import, a Location to poll, and rate-limit headers', async () => {
    const response = await upload(t, key, csvForm('display_name,instagram\nAccepted One,@accepted.one\n', 'roster.csv'));
    expect(response.status).toBe(202);
    const { data } = await response.json();
    expect(data).toMatchObject({
      status: 'queued',
      source_filename: 'roster.csv',
      progress: { total: 1, processed: 0, created: 0, socials_attached: 0, failed: 0 },
      rows: [],
      started_at: null,
      completed_at: null,
    });
    expect(response.headers.get('location')).toMatch(new RegExp(`/public/v1/creator-imports/${data.id}$`));
    expect(response.headers.get('ratelimit-limit')).toBe('30');
    const done = await waitForImport(t, key, data.id);
    expect(done.progress).toEqual({ total: 1, processed: 1, created: 1, socials_attached: 1, failed: 0 });
  });

  it('accepts application/csv, and a .csv file sent as application/octet-stream (curl)', async () => {
    expect((await upload(t, key, csvForm('name\nVia App Csv\n', 'a.csv', 'application/csv'))).status).toBe(202);
    expect((await upload(t, key, csvForm('name\nVia Octet\n', 'b.csv', 'application/octet-stream'))).status).toBe(202);
  });

  it('415 when the body is not multipart, or the file is not CSV', async () => {
    const json = await t.request('/public/v1/creator-imports', { method: 'POST', key, json: { file: 'display_name\nX' } });
    await expectProblem(json, 415, 'unsupported-media-type');
    const png = await upload(t, key, csvForm(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'avatar.png', 'image/png'));
    expect((await expectProblem(png, 415, 'unsupported-media-type')).detail).toContain('image/png');
  });

  it('400 when the file part is missing, empty, lacks a name column, or has unknown columns', async () => {
    const noFile = new FormData();
    noFile.append('other', 'x');
    const missing = await expectProblem(await upload(t, key, noFile), 400, 'validation-error');
    expect(missing.errors!.map((e) => e.path)).toContain('body.file');
    await expectProblem(await upload(t, key, csvForm('   \n')), 400, 'validation-error');
    await expectProblem(await upload(t, key, csvForm('display_name\n\n')), 400, 'validation-error');
    const noName = await expectProblem(await upload(t, key, csvForm('email,instagram\na@b.co,@x\n')), 400, 'validation-error');
    expect(noName.detail).toMatch(/display_name/);
    const unknown = await expectProblem(await upload(t, key, csvForm('name,favourite_colour\nA,blue\n')), 400, 'validation-error');
    expect(unknown.detail).toMatch(/favourite_colour/);
  });

  it('413 over 500 data rows, naming the limit', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => `Creator ${i}`).join('\n');
    const problem = await expectProblem(await upload(t, key, csvForm(`display_name\n${rows}\n`)), 413, 'payload-too-large');
    expect(problem.detail).toMatch(/501.*500/);
  });

  it('413 over 2 MiB with a declared length, before reading the body', async () => {
    const big = `display_name\n${'x'.repeat(1023)}\n`.repeat(2100);
    const problem = await expectProblem(await upload(t, key, csvForm(big)), 413, 'payload-too-large');
    expect(problem.detail).toMatch(/bytes/);
  });

  it('an endless chunked upload is cut off near the cap, never read to the end', async () => {
    const boundary = 'bench-boundary';
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\ndisplay_name\n`);
    const chunk = new TextEncoder().encode(`${'x'.repeat(1023)}\n`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent > 100_000) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    // Either the 413 reaches the client, or the server closes the connection while the client is
    // still writing (which one wins is a race inside the HTTP client); both stop the upload early.
    const outcome = await fetch(`${t.baseUrl}/public/v1/creator-imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: 'half',
    } as RequestInit).catch((error: Error) => error);
    if (outcome instanceof Response) await expectProblem(outcome, 413, 'payload-too-large');
    else expect(String((outcome.cause as { code?: string })?.code)).toMatch(/EPIPE|ECONNRESET|UND_ERR_SOCKET/);
    // 2 MiB cap plus at most 8 MiB drained: the client never got to send 100 MB.
    expect(sent).toBeLessThan(20_000);
  });

  it('409 while the same file is queued or processing for this agency, and accepted again once done', async () => {
    const content = `display_name\nDup ${newObjectId()}\n`;
    const hash = createHash('sha256').update(content).digest('hex');
    // An import of the same bytes that another process has queued.
    const queued = await t.db.creatorImport.create({
      data: { id: newObjectId(), agencyId, sourceFilename: 'x.csv', contentHash: hash, activeKey: `${agencyId}:${hash}`, total: 1 },
    });
    const problem = await expectProblem(await upload(t, key, csvForm(content)), 409, 'conflict');
    expect(problem.detail).toContain(queued.id);
    // Another agency may import the same file.
    const otherKey = await t.key({ type: 'agency', id: (await t.agency()).id }, ['roster:write']);
    expect((await upload(t, otherKey, csvForm(content))).status).toBe(202);
    await t.db.creatorImport.update({ where: { id: queued.id }, data: { status: 'completed', activeKey: null } });
    expect((await upload(t, key, csvForm(content))).status).toBe(202);
  });

  it('GET is for the owning agency only', async () => {
    const { data } = await (await upload(t, key, csvForm('display_name\nPrivate Import\n'))).json();
    const otherKey = await t.key({ type: 'agency', id: (await t.agency()).id }, ['roster:read']);
    expect((await t.request(`/public/v1/creator-imports/${data.id}`, { key: otherKey })).status).toBe(404);
    const creatorKey = await t.key({ type: 'creator', id: (await t.creatorAccount()).id }, ['all']);
    expect((await t.request(`/public/v1/creator-imports/${data.id}`, { key: creatorKey })).status).toBe(403);
    const readOnly = await t.key({ type: 'agency', id: agencyId }, ['roster:read']);
    expect((await upload(t, readOnly, csvForm('display_name\nNope\n'))).status).toBe(403);
  });
});
