import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

const run = promisify(execFile);

/**
 * What an integrator does with the served document: generate types with openapi-typescript, write
 * a client with openapi-fetch, compile it with `tsc --strict`, and run a real flow. The program
 * below has no casts at all: the file part is a Blob through openapi-typescript's `transform`.
 * Its folder sits under node_modules/.cache so `openapi-fetch` resolves from the project.
 */
const CLIENT_PROGRAM = `import createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function runFlow(baseUrl: string, apiKey: string, csv: string) {
  const client = createClient<paths>({ baseUrl: \`\${baseUrl}/public/v1\`, headers: { Authorization: \`Bearer \${apiKey}\` } });

  const created = await client.POST('/creators', {
    params: { header: { 'Idempotency-Key': 'typed-client-create-1' } },
    body: { display_name: 'Typed Client', socials: [{ platform: 'instagram', handle_or_url: '@typed.client.flow' }] },
  });
  if (!created.data) throw new Error(\`create failed: \${created.error?.detail ?? created.response.status}\`);
  const creatorId: string = created.data.data.creator.id;

  const upload = await client.POST('/creator-imports', {
    body: { file: new Blob([csv], { type: 'text/csv' }) },
    bodySerializer(body) {
      const form = new FormData();
      form.append('file', body.file, 'roster.csv');
      return form;
    },
  });
  if (!upload.data) throw new Error(\`upload failed: \${upload.error?.detail ?? upload.response.status}\`);
  const importId: string = upload.data.data.id;
  const location: string | null = upload.response.headers.get('Location');

  let status: 'queued' | 'processing' | 'completed' | 'failed' = upload.data.data.status;
  let created_rows = 0;
  for (let attempt = 0; attempt < 100 && (status === 'queued' || status === 'processing'); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const polled = await client.GET('/creator-imports/{import_id}', { params: { path: { import_id: importId } } });
    if (!polled.data) throw new Error(\`poll failed: \${polled.error?.detail ?? polled.response.status}\`);
    status = polled.data.data.status;
    created_rows = polled.data.data.progress.created;
  }

  const ensured = await client.POST('/media-kits', { body: { creator_id: creatorId } });
  if (!ensured.data) throw new Error(\`ensure failed: \${ensured.error?.detail ?? ensured.response.status}\`);
  const kit = ensured.data.data.media_kit;
  const template: 'classic' | 'minimal' | 'bold' | 'editorial' = kit.template;

  const fetched = await client.GET('/media-kits/{media_kit_id}', { params: { path: { media_kit_id: kit.id } } });
  const etag: string | null = fetched.response.headers.get('ETag');
  const patched = await client.PATCH('/media-kits/{media_kit_id}', {
    params: { path: { media_kit_id: kit.id }, header: { 'If-Match': etag ?? '*' } },
    body: { headline: 'Typed all the way' },
  });
  if (!patched.data) throw new Error(\`patch failed: \${patched.error?.detail ?? patched.response.status}\`);

  // The workbench: the event behind the creation, and the creation's own entry in the request log.
  const events = await client.GET('/events', { params: { query: { type: 'creator.created' } } });
  if (!events.data) throw new Error(\`events failed: \${events.error?.detail ?? events.response.status}\`);
  const creationEvent = events.data.data.find((event) => JSON.stringify(event.data).includes(creatorId));
  const event = creationEvent ? await client.GET('/events/{event_id}', { params: { path: { event_id: creationEvent.id } } }) : null;
  const eventType: string | null = event?.data?.data.type ?? null;
  let loggedStatus: number | null = null;
  for (let attempt = 0; attempt < 50 && loggedStatus === null; attempt += 1) {
    const logged = await client.GET('/request-logs/{request_id}', { params: { path: { request_id: created.data.request_id } } });
    if (logged.data) loggedStatus = logged.data.data.status;
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return { creatorId, importId, location, status, created_rows, kitId: kit.id, template, headline: patched.data.data.headline, eventType, loggedStatus };
}
`;

describe('a typed client generated from /openapi.json', () => {
  let t: TestApp;
  let key: string;
  const dir = path.resolve('node_modules/.cache/typed-client-test', `${process.pid}`);

  beforeAll(async () => {
    t = await startTestApp();
    key = await t.key({ type: 'agency', id: (await t.agency()).id });
    await mkdir(dir, { recursive: true });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  it('compiles under tsc --strict with no casts, and drives create → upload → poll → ensure → patch → events → request log', async () => {
    const document = await (await t.request('/openapi.json')).json();
    // openapi-typescript's documented recipe for uploads: a `format: binary` part is a Blob.
    const schema = await openapiTS(document, {
      transform: (node) => (node.format === 'binary' ? ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob')) : undefined),
    });
    await writeFile(path.join(dir, 'schema.ts'), astToString(schema));
    await writeFile(path.join(dir, 'client.ts'), CLIENT_PROGRAM);
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], types: [], skipLibCheck: true },
        files: ['client.ts'],
      }),
    );
    expect(CLIENT_PROGRAM.split('\n').filter((line) => /\bas\b|<[A-Za-z]+>\(|!\./.test(line)), 'no casts or non-null assertions').toEqual([
      "  const client = createClient<paths>({ baseUrl: `${baseUrl}/public/v1`, headers: { Authorization: `Bearer ${apiKey}` } });",
    ]);

    const compiled = await run(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json')]).catch((error: { stdout: string; stderr: string }) => error);
    expect('code' in compiled ? `${compiled.stdout}${compiled.stderr}` : '').toBe('');

    const { runFlow } = (await import(path.join(dir, 'client.ts'))) as {
      runFlow: (baseUrl: string, key: string, csv: string) => Promise<Record<string, unknown>>;
    };
    const result = await runFlow(t.baseUrl, key, `display_name,instagram\nCsv Person,@csv.person.${process.pid}\n`);
    expect(result).toMatchObject({
      creatorId: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'completed',
      created_rows: 1,
      kitId: expect.stringMatching(/^[0-9a-f]{24}$/),
      headline: 'Typed all the way',
      eventType: 'creator.created',
      loggedStatus: 201,
    });
    expect(result.location).toMatch(new RegExp(`/public/v1/creator-imports/${String(result.importId)}$`));
  }, 300_000);
});
