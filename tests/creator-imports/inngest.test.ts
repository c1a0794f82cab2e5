import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobHandlers } from '../../src/server/jobs/handlers';
import { createInngestRunner, inngestServeHandler } from '../../src/server/jobs/inngest';
import {
  CREATOR_IMPORT_EVENT,
  createCreatorImport,
  getCreatorImport,
  processCreatorImportChunk,
  startCreatorImport,
} from '../../src/server/services/creator-imports';
import { parkedJobs, startTestApp, type TestApp } from '../support/app';

/** The CSV import as an Inngest function: the same service steps, each a memoized step.run. */
describe('CSV import on Inngest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  const inngestOptions = () => ({ ...t.app.services, jobs: { ...t.app.services.config.jobs, queue: parkedJobs().queue } });

  it('runs start, one step per 50-row chunk, and complete', async () => {
    const runner = createInngestRunner({ eventKey: 'test-key', signingKey: null, dev: null }, inngestOptions());
    registerJobHandlers({ ...t.app.services, jobs: runner });
    const fn = runner.functions().find((f) => f.id().endsWith('creator-import-requested'));
    expect(fn).toBeDefined();

    const agencyId = (await t.agency()).id;
    const lines = ['display_name,instagram', ...Array.from({ length: 120 }, (_, i) => `Inngest ${i},@inngest.${i}`)];
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const created = await createCreatorImport({ db: t.db, jobs: parkedJobs() }, agencyId, { name: 'inngest.csv', type: 'text/csv', size: bytes.byteLength, bytes });

    const steps: string[] = [];
    const engine = new InngestTestEngine({ function: fn!, events: [{ name: CREATOR_IMPORT_EVENT, data: { importId: created.id } }] });
    const { result, error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ ok: true });
    for (const call of (ctx.step.run as unknown as { mock: { calls: [string][] } }).mock.calls) steps.push(call[0]);
    expect(steps).toEqual(['start', 'chunk-1', 'chunk-2', 'chunk-3', 'complete']);

    const done = await getCreatorImport(t.db, agencyId, created.id);
    expect(done).toMatchObject({ status: 'completed', processed: 120, created: 120, socialsAttached: 120, failed: 0 });
  });

  it('marks the import failed once Inngest runs out of retries, keeping the rows already done', async () => {
    const runner = createInngestRunner({ eventKey: null, signingKey: null, dev: '1' }, inngestOptions());
    registerJobHandlers({ ...t.app.services, jobs: runner });
    const agencyId = (await t.agency()).id;
    const lines = ['display_name,instagram', ...Array.from({ length: 120 }, (_, i) => `Doomed ${i},@doomed.${i}`)];
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const file = { name: 'doomed.csv', type: 'text/csv', size: bytes.byteLength, bytes };
    const created = await createCreatorImport({ db: t.db, jobs: parkedJobs() }, agencyId, file);
    // The first chunk finished; then every retry of the second failed.
    await startCreatorImport(t.db, created.id);
    await processCreatorImportChunk(t.app.services, created.id, 0);

    // What Inngest sends after the last retry: the failure function, with the original event inside.
    const failed = { name: CREATOR_IMPORT_EVENT, data: { importId: created.id } };
    const failureEvent = { name: 'inngest/function.failed', data: { event: failed, error: { name: 'Error', message: 'database unreachable' } } };
    const importFunction = runner.functions().find((f) => f.id().endsWith('creator-import-requested'))!;
    const functionId = `${importFunction.id('creator-api')}-failure`;
    const response = await inngestServeHandler(runner)!(
      new Request(`http://localhost/api/inngest?fnId=${functionId}&stepId=step`, {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json' },
        body: JSON.stringify({ version: 2, event: failureEvent, events: [failureEvent], steps: {}, ctx: { run_id: '01JFAILURE', attempt: 0, stack: { stack: [], current: 0 } } }),
      }),
    );
    expect(response.status, await response.clone().text()).toBe(200);

    const done = await getCreatorImport(t.db, agencyId, created.id);
    expect(done).toMatchObject({ status: 'failed', total: 120, processed: 120, created: 50, failed: 70, activeKey: null });
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(done.rows[49]!.status).toBe('created');
    expect(done.rows[50]).toMatchObject({ status: 'failed', errors: ['Processing stopped on an internal error; upload the file again.'] });
    // Ended, so the same file may be uploaded again.
    expect((await createCreatorImport({ db: t.db, jobs: parkedJobs() }, agencyId, file)).status).toBe('queued');
  });

  it('is served at /api/inngest only when Inngest is configured', async () => {
    // Dev mode answers introspection without a signature (cloud mode needs INNGEST_SIGNING_KEY).
    const runner = createInngestRunner({ eventKey: null, signingKey: null, dev: '1' }, inngestOptions());
    registerJobHandlers({ ...t.app.services, jobs: runner });
    const serve = inngestServeHandler(runner)!;
    const introspection = await serve(new Request('http://localhost/api/inngest', { headers: { host: 'localhost' } }));
    expect(introspection.status).toBe(200);
    // Every job also has its failure function (Inngest runs it after the last retry).
    expect((await introspection.json()).function_count).toBe(runner.functions().length * 2);
    expect(inngestServeHandler(t.app.services.jobs)).toBeNull();
  });
});
