import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InngestTestEngine } from '@inngest/test';
import { Inngest } from 'inngest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../src/server/lib/object-id';
import type { JobStep } from '../../src/server/domain/jobs';
import { LINK_IN_BIO_IMPORT_EVENT, runLinkInBioImport } from '../../src/server/services/link-in-bio-imports';
import { insertJob } from '../../src/server/jobs/queue';
import { readProblem, startTestApp, type TestApp } from '../support/app';

const PROBLEMS = 'https://creator-api.dev/problems/';

/** A Linktree-style page: the links as Next.js data, as such providers render them. */
function nextDataPage(links: unknown[]): string {
  const data = { props: { pageProps: { account: { username: 'ada' }, links } } };
  return `<!doctype html><html><head><title>ada | Linktree</title></head><body><div id="__next"><h1>@ada</h1></div>
    <script id="__NEXT_DATA__" type="application/json">${JSON.stringify(data)}</script></body></html>`;
}

const LINKTREE_LINKS = [
  { id: 1, type: 'HEADER', title: 'Listen', position: 0 },
  { id: 2, type: 'CLASSIC', title: 'Podcast', url: 'https://podcast.example.com/ada', position: 1 },
  { id: 3, type: 'CLASSIC', title: 'Newsletter', url: 'https://news.example.com/', position: 2 },
  { id: 4, type: 'CLASSIC', title: 'Local', url: 'http://192.168.1.10/admin', position: 3 },
];

const GENERIC_PAGE = `<!doctype html><html><body>
  <nav><a href="https://provider.example.com/login">Log in</a></nav>
  <h2>Shop</h2>
  <a href="https://store.example.com/a">Store A</a>
  <a href="https://store.example.com/b">Store B</a>
  <a href="/pricing">Provider pricing</a>
</body></html>`;

describe('link-in-bio imports', () => {
  let t: TestApp;
  let fixture: http.Server;
  let origin: string;
  let key: string;
  let creatorId: string;

  beforeAll(async () => {
    fixture = http.createServer((req, res) => {
      const send = (status: number, type: string, body: string | Buffer) => res.writeHead(status, { 'content-type': type }).end(body);
      switch ((req.url ?? '').split('?', 1)[0]) {
        case '/ada':
          return send(200, 'text/html; charset=utf-8', nextDataPage(LINKTREE_LINKS));
        case '/generic':
          return send(200, 'text/html', GENERIC_PAGE);
        case '/moved':
          return res.writeHead(301, { location: '/generic' }).end();
        case '/loop':
          return res.writeHead(302, { location: '/loop' }).end();
        case '/json':
          return send(200, 'application/json', '{"links":[]}');
        case '/huge':
          return send(200, 'text/html', Buffer.alloc(3 * 1024 * 1024, 'a'));
        case '/empty':
          return send(200, 'text/html', '<html><body><p>Nothing here</p></body></html>');
        default:
          return send(404, 'text/html', 'not found');
      }
    });
    await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
    // The test-only switch lets the importer reach the loopback fixture (plain http, any port).
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true } });
    creatorId = (await t.creatorAccount()).id;
    key = await t.key({ type: 'creator', id: creatorId }, ['link_in_bio:read', 'link_in_bio:write']);
    const page = await t.request('/public/v1/link-in-bio', {
      method: 'POST',
      key,
      json: { slug: 'importer', username: 'importer', blocks: [{ client_id: 'mine', type: 'link', title: 'Mine', url: 'https://mine.example.com/' }] },
    });
    expect(page.status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => fixture.close(() => resolve()));
  });

  const start = (sourceUrl: string, k = key) => t.request('/public/v1/link-in-bio/imports', { method: 'POST', key: k, json: { source_url: sourceUrl } });
  const status = async (id: string, k = key) => t.request(`/public/v1/link-in-bio/imports/${id}`, { key: k });
  const pageBlocks = async () => (await (await t.request('/public/v1/link-in-bio', { key })).json()).data.blocks as any[];

  async function importAndWait(sourceUrl: string) {
    const response = await start(sourceUrl);
    expect(response.status).toBe(202);
    const { data } = await response.json();
    await t.app.services.jobs.idle();
    return (await (await status(data.id)).json()).data;
  }

  it('answers 202 with a queued import, in the imports rate-limit bucket', async () => {
    const response = await start(`${origin}/ada`);
    expect(response.status).toBe(202);
    expect(response.headers.get('ratelimit-limit')).toBe('30');
    const body = await response.json();
    // Like POST /creator-imports: Location names the status resource to poll.
    expect(response.headers.get('location')).toMatch(new RegExp(`/public/v1/link-in-bio/imports/${body.data.id}$`));
    expect(body.data).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      status: 'queued',
      source_url: `${origin}/ada`,
      progress: { items_found: 0, blocks_created: 0, items_skipped: 0 },
      blocks_created: 0,
      errors: [],
      created_at: expect.any(String),
      started_at: null,
      completed_at: null,
    });
    await t.app.services.jobs.idle();
  });

  it('imports a Linktree-style page: links and titles appended after existing blocks, invalid links left out', async () => {
    const blocks = await pageBlocks();
    expect(blocks.map((b) => [b.type, b.title, b.url, b.order])).toEqual([
      ['link', 'Mine', 'https://mine.example.com/', 0],
      ['title', 'Listen', null, 1],
      ['link', 'Podcast', 'https://podcast.example.com/ada', 2],
      ['link', 'Newsletter', 'https://news.example.com/', 3],
    ]);
    for (const block of blocks.slice(1)) expect(block.client_id).toMatch(/^import:[a-f0-9]{32}$/);
    const [latest] = await t.db.linkInBioImport.findMany({ where: { creatorId }, orderBy: { id: 'desc' }, take: 1 });
    const { data } = await (await status(latest!.id)).json();
    expect(data).toMatchObject({
      status: 'completed',
      progress: { items_found: 3, blocks_created: 3, items_skipped: 0 },
      blocks_created: 3,
      started_at: expect.any(String),
      completed_at: expect.any(String),
    });
    expect(data.errors).toEqual([expect.stringContaining('1 more item(s)')]);
  });

  it('running the same import again never duplicates', async () => {
    const before = await pageBlocks();
    const again = await importAndWait(`${origin}/ada`);
    expect(again).toMatchObject({ status: 'completed', blocks_created: 0, progress: { items_found: 3, blocks_created: 0, items_skipped: 3 } });
    expect(await pageBlocks()).toEqual(before);
  });

  it('follows redirects and reads plain HTML: headings as titles, other sites’ links as links', async () => {
    const before = (await pageBlocks()).length;
    const result = await importAndWait(`${origin}/moved`);
    expect(result).toMatchObject({ status: 'completed', blocks_created: 3, errors: [] });
    const added = (await pageBlocks()).slice(before);
    expect(added.map((b) => [b.type, b.title, b.url])).toEqual([
      ['title', 'Shop', null],
      ['link', 'Store A', 'https://store.example.com/a'],
      ['link', 'Store B', 'https://store.example.com/b'],
    ]);
  });

  it.each([
    ['a missing page', '/nowhere', 'the page answered HTTP 404'],
    ['a redirect loop', '/loop', 'redirected more than 5 times'],
    ['a non-HTML page', '/json', 'the page is application/json, not text/html or application/xhtml+xml'],
    ['a page over 2 MB', '/huge', 'larger than 2097152 bytes'],
  ])('fails on %s without touching the page', async (_name, path, message) => {
    const before = await pageBlocks();
    const result = await importAndWait(`${origin}${path}`);
    expect(result).toMatchObject({ status: 'failed', blocks_created: 0, completed_at: expect.any(String) });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain(message);
    expect(await pageBlocks()).toEqual(before);
  });

  it('completes with a note when the page has nothing to import', async () => {
    const result = await importAndWait(`${origin}/empty`);
    expect(result).toMatchObject({ status: 'completed', blocks_created: 0, errors: ['No links or titles were found on the source page.'] });
  });

  it('stops at the 200-block bound and says how many were not added', async () => {
    const fullId = (await t.creatorAccount()).id;
    const fullKey = await t.key({ type: 'creator', id: fullId }, ['link_in_bio:read', 'link_in_bio:write']);
    const blocks = Array.from({ length: 198 }, (_, i) => ({ client_id: `b${i}`, type: 'title', title: `t${i}` }));
    expect((await t.request('/public/v1/link-in-bio', { method: 'POST', key: fullKey, json: { slug: 'nearly-full', username: 'nearlyfull', blocks } })).status).toBe(201);
    const response = await start(`${origin}/ada`, fullKey);
    const { data } = await response.json();
    await t.app.services.jobs.idle();
    const result = (await (await status(data.id, fullKey)).json()).data;
    expect(result).toMatchObject({ status: 'completed', blocks_created: 2, progress: { items_found: 3, items_skipped: 1 } });
    expect(result.errors).toContain('1 item(s) were not added: a page holds at most 200 blocks.');
    expect(await t.db.linkInBioBlock.count({ where: { page: { creatorId: fullId } } })).toBe(200);
  });

  it('404 to start without a page; 404 for another creator’s import or an unknown id; 400 for a malformed id', async () => {
    const otherId = (await t.creatorAccount()).id;
    const otherKey = await t.key({ type: 'creator', id: otherId }, ['link_in_bio:read', 'link_in_bio:write']);
    const noPage = await start(`${origin}/ada`, otherKey);
    expect(noPage.status).toBe(404);
    expect((await readProblem(noPage)).detail).toContain('POST /link-in-bio');
    expect(await t.db.linkInBioImport.count({ where: { creatorId: otherId } })).toBe(0);
    const [mine] = await t.db.linkInBioImport.findMany({ where: { creatorId }, take: 1 });
    const foreign = await status(mine!.id, otherKey);
    expect(foreign.status).toBe(404);
    expect((await readProblem(foreign)).type).toBe(`${PROBLEMS}not-found`);
    expect((await status(newObjectId())).status).toBe(404);
    expect((await status('not-an-id')).status).toBe(400);
  });

  it('runs as claim → fetch → apply steps (the ids an Inngest function memoizes), and only once', async () => {
    const page = await t.db.linkInBioPage.findUniqueOrThrow({ where: { creatorId } });
    const row = await t.db.linkInBioImport.create({ data: { id: newObjectId(), pageId: page.id, creatorId, sourceUrl: `${origin}/generic` } });
    const steps: string[] = [];
    const recorder: JobStep = { run: (id, work) => (steps.push(id), work()) };
    await runLinkInBioImport(t.app.services, row.id, recorder);
    expect(steps).toEqual(['claim', 'fetch', 'apply']);
    steps.length = 0;
    await runLinkInBioImport(t.app.services, row.id, recorder);
    expect(steps).toEqual(['claim']);
  });

  it('an import whose instance died mid-run is taken over once its lease lapses, without duplicates', async () => {
    const page = await t.db.linkInBioPage.findUniqueOrThrow({ where: { creatorId } });
    const stuck = await t.db.linkInBioImport.create({
      data: { id: newObjectId(), pageId: page.id, creatorId, sourceUrl: `${origin}/moved`, status: 'processing', startedAt: new Date() },
    });
    const jobId = await insertJob(t.db, t.app.services.jobs.queue, { kind: LINK_IN_BIO_IMPORT_EVENT, account: { type: 'creator', id: creatorId }, payload: { importId: stuck.id } });
    // Claimed by an instance that then vanished: its lease lapses in a moment.
    await t.db.$executeRaw`UPDATE jobs SET state = 'running', attempts = 1, lease_owner = 'gone:1:dead', lease_expires_at = now() + interval '300 milliseconds' WHERE id = ${jobId}`;
    const before = (await pageBlocks()).length;
    await t.app.services.jobs.idle();
    expect(await t.db.linkInBioImport.findUniqueOrThrow({ where: { id: stuck.id } })).toMatchObject({ status: 'completed', linksFound: 3, blocksCreated: 0 });
    expect(await t.db.job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ state: 'succeeded', attempts: 2, leaseOwner: null });
    expect((await pageBlocks()).length).toBe(before);
  });

  it('runs unchanged as an Inngest function: real steps, results memoized as JSON', async () => {
    const client = new Inngest({ id: 'creator-api-test' });
    const fn = client.createFunction({ id: 'link-in-bio-import', triggers: [{ event: LINK_IN_BIO_IMPORT_EVENT }] }, async ({ event, step }) => {
      await runLinkInBioImport(t.app.services, String(event.data.importId), { run: (id, work) => step.run(id, work) as Promise<never> });
    });
    const page = await t.db.linkInBioPage.findUniqueOrThrow({ where: { creatorId } });
    const row = await t.db.linkInBioImport.create({ data: { id: newObjectId(), pageId: page.id, creatorId, sourceUrl: `${origin}/ada?via=inngest` } });
    const engine = new InngestTestEngine({ function: fn, events: [{ name: LINK_IN_BIO_IMPORT_EVENT, data: { importId: row.id } }] });
    const { error } = await engine.execute();
    expect(error).toBeUndefined();
    // Same source page (its query is not part of its identity): everything is already on the page.
    expect(await t.db.linkInBioImport.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: 'completed', linksFound: 3, blocksCreated: 0 });
  });
});

describe('link-in-bio imports: SSRF rules with the default fetch policy', () => {
  let t: TestApp;
  let key: string;
  let creatorId: string;

  beforeAll(async () => {
    t = await startTestApp();
    creatorId = (await t.creatorAccount()).id;
    key = await t.key({ type: 'creator', id: creatorId }, ['link_in_bio:read', 'link_in_bio:write']);
    await t.request('/public/v1/link-in-bio', { method: 'POST', key, json: { slug: 'strict-page', username: 'strict' } });
  });
  afterAll(() => t.close());

  const start = (sourceUrl: unknown) => t.request('/public/v1/link-in-bio/imports', { method: 'POST', key, json: { source_url: sourceUrl } });

  it.each([
    ['http://linktr.ee/ada', 'must be an https URL'],
    ['javascript:alert(1)', 'must be an https URL'],
    ['ftp://linktr.ee/ada', 'must be an https URL'],
    ['linktr.ee/ada', 'is not a valid absolute URL'],
    ['https://ada:secret@linktr.ee/ada', 'must not contain a user name or password'],
    ['https://linktr.ee:8443/ada', 'must use the default https port'],
    ['https://127.0.0.1/', 'has a host (127.0.0.1) that is not a public address'],
    ['https://[::1]/', 'has a host (::1) that is not a public address'],
    ['https://10.0.0.5/', 'has a host (10.0.0.5) that is not a public address'],
    ['https://192.168.0.1/', 'has a host (192.168.0.1) that is not a public address'],
    ['https://169.254.169.254/latest/meta-data/', 'has a host (169.254.169.254) that is not a public address'],
    ['https://[fe80::1]/', 'has a host (fe80::1) that is not a public address'],
  ])('400 at once for %s', async (url, message) => {
    const response = await start(url);
    expect(response.status).toBe(400);
    const problem = await readProblem(response);
    expect(problem.type).toBe(`${PROBLEMS}validation-error`);
    expect(problem.errors![0]).toMatchObject({ path: 'body.source_url' });
    expect(problem.detail).toContain(message);
  });

  it('400 for a missing or non-string source_url, or extra properties', async () => {
    expect((await start(undefined)).status).toBe(400);
    expect((await start(42)).status).toBe(400);
    const extra = await t.request('/public/v1/link-in-bio/imports', { method: 'POST', key, json: { source_url: 'https://linktr.ee/ada', depth: 2 } });
    expect((await readProblem(extra)).errors![0]!.path).toBe('body.depth');
    expect(await t.db.linkInBioImport.count({ where: { creatorId } })).toBe(0);
  });

  it('a host name that resolves to a private address fails the import after DNS, before any connection', async () => {
    const response = await start('https://localhost/ada');
    expect(response.status).toBe(202);
    const { data } = await response.json();
    await t.app.services.jobs.idle();
    const result = (await (await t.request(`/public/v1/link-in-bio/imports/${data.id}`, { key })).json()).data;
    expect(result.status).toBe('failed');
    expect(result.errors[0]).toContain('the host localhost is not a public address');
    // No internal-DNS oracle: the resolved address is never echoed back.
    expect(result.errors[0]).not.toMatch(/127\.0\.0\.1|::1/);
    expect(await t.db.linkInBioBlock.count({ where: { page: { creatorId } } })).toBe(0);
  });
});
