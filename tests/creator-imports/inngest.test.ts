import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobHandlers } from '../../src/server/jobs/handlers';
import { createInngestRunner, inngestServeHandler } from '../../src/server/jobs/inngest';
import { CREATOR_IMPORT_EVENT, createCreatorImport, getCreatorImport } from '../../src/server/services/creator-imports';
import { startTestApp, type TestApp } from '../support/app';

/** The CSV import as an Inngest function: the same service steps, each a memoized step.run. */
describe('CSV import on Inngest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('runs start, one step per 50-row chunk, and complete', async () => {
    const runner = createInngestRunner({ eventKey: 'test-key', signingKey: null, dev: null }, t.app.services.logger);
    registerJobHandlers({ ...t.app.services, jobs: runner });
    const fn = runner.functions().find((f) => f.id().endsWith('creator-import-requested'));
    expect(fn).toBeDefined();

    const agencyId = (await t.agency()).id;
    const lines = ['display_name,instagram', ...Array.from({ length: 120 }, (_, i) => `Inngest ${i},@inngest.${i}`)];
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const created = await createCreatorImport(t.db, agencyId, { name: 'inngest.csv', type: 'text/csv', size: bytes.byteLength, bytes });

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

  it('is served at /api/inngest only when Inngest is configured', async () => {
    // Dev mode answers introspection without a signature (cloud mode needs INNGEST_SIGNING_KEY).
    const runner = createInngestRunner({ eventKey: null, signingKey: null, dev: '1' }, t.app.services.logger);
    registerJobHandlers({ ...t.app.services, jobs: runner });
    const serve = inngestServeHandler(runner)!;
    const introspection = await serve(new Request('http://localhost/api/inngest', { headers: { host: 'localhost' } }));
    expect(introspection.status).toBe(200);
    expect((await introspection.json()).function_count).toBe(runner.functions().length);
    expect(inngestServeHandler(t.app.services.jobs)).toBeNull();
  });
});
