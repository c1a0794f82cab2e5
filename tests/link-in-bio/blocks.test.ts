import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';

const PROBLEMS = 'https://creator-api.dev/problems/';

describe('POST /link-in-bio/blocks', () => {
  let t: TestApp;
  let key: string;
  let creatorId: string;

  beforeAll(async () => {
    t = await startTestApp();
    creatorId = (await t.creatorAccount()).id;
    key = await t.key({ type: 'creator', id: creatorId }, ['link_in_bio:read', 'link_in_bio:write']);
    const created = await t.request('/public/v1/link-in-bio', {
      method: 'POST',
      key,
      json: { slug: 'blocks-page', username: 'blocks', blocks: [{ client_id: 'intro', type: 'title', title: 'Hi' }] },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => t.close());

  const save = (json: unknown, k = key) => t.request('/public/v1/link-in-bio/blocks', { method: 'POST', key: k, json });
  const blockCount = () => t.db.linkInBioBlock.count({ where: { page: { creatorId } } });

  async function expectProblem(response: Response, status: number, slug: string, path?: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = await readProblem(response);
    expect(problem.type).toBe(`${PROBLEMS}${slug}`);
    if (path) expect(problem.errors?.map((e) => e.path)).toContain(path);
    return problem;
  }

  it('creates a block by client_id (201) and answers with the page and meta.block_id', async () => {
    const response = await save({ client_id: 'shop', type: 'link', title: 'Shop', url: 'https://shop.example.com/', media_url: 'https://cdn.example.com/thumb.png' });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.meta).toEqual({ block_id: expect.any(String), created: true });
    expect(body.data.username).toBe('blocks');
    const block = body.data.blocks.find((b: any) => b.id === body.meta.block_id);
    expect(block).toMatchObject({ client_id: 'shop', type: 'link', title: 'Shop', url: 'https://shop.example.com/', media_url: 'https://cdn.example.com/thumb.png', visible: true, order: 1 });
  });

  it('a retried create returns the existing block unchanged (200, created false)', async () => {
    const before = await blockCount();
    const response = await save({ client_id: 'shop', type: 'link', title: 'Different', url: 'https://other.example.com/' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.meta.created).toBe(false);
    expect(body.data.blocks.find((b: any) => b.id === body.meta.block_id)).toMatchObject({ client_id: 'shop', title: 'Shop' });
    expect(await blockCount()).toBe(before);
  });

  it('10 concurrent retries of one create make one block', async () => {
    const before = await blockCount();
    const body = { client_id: 'concurrent', type: 'link', title: 'Race', url: 'https://race.example.com/' };
    const responses = await Promise.all(Array.from({ length: 10 }, () => save(body)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).meta.block_id)));
    expect(ids.size).toBe(1);
    expect(await blockCount()).toBe(before + 1);
    expect(await t.db.linkInBioBlock.count({ where: { clientId: 'concurrent', page: { creatorId } } })).toBe(1);
  });

  it('concurrent creates with different client_ids get distinct orders after the existing blocks', async () => {
    const responses = await Promise.all(['c1', 'c2', 'c3', 'c4'].map((clientId) => save({ client_id: clientId, type: 'title', title: clientId })));
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const blocks = await t.db.linkInBioBlock.findMany({ where: { clientId: { in: ['c1', 'c2', 'c3', 'c4'] }, page: { creatorId } } });
    expect(new Set(blocks.map((b) => b.position)).size).toBe(4);
  });

  it('edits a block by block_id (200): supplied fields change, others stay', async () => {
    const shop = await t.db.linkInBioBlock.findFirstOrThrow({ where: { clientId: 'shop', page: { creatorId } } });
    const response = await save({ block_id: shop.id, type: 'link', visible: false, media_url: null });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.meta).toEqual({ block_id: shop.id, created: false });
    expect(body.data.blocks.find((b: any) => b.id === shop.id)).toMatchObject({ title: 'Shop', url: 'https://shop.example.com/', media_url: null, visible: false });
  });

  it('creates an image block with an https media URL', async () => {
    const response = await save({ client_id: 'photo', type: 'image', media_url: 'https://cdn.example.com/p.jpg', title: 'Caption' });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.data.blocks.find((b: any) => b.id === body.meta.block_id)).toMatchObject({ type: 'image', media_url: 'https://cdn.example.com/p.jpg', url: null });
  });

  it.each([
    ['an http media URL', { client_id: 'm1', type: 'image', media_url: 'http://cdn.example.com/p.jpg' }, 'body.media_url'],
    ['a javascript: media URL', { client_id: 'm2', type: 'image', media_url: 'javascript:alert(1)' }, 'body.media_url'],
    ['a data: media URL', { client_id: 'm3', type: 'image', media_url: 'data:image/png;base64,AAAA' }, 'body.media_url'],
    ['a javascript: link URL', { client_id: 'm4', type: 'link', title: 'x', url: 'javascript:alert(1)' }, 'body.url'],
    ['an image block without media_url', { client_id: 'm5', type: 'image', title: 'x' }, 'body.media_url'],
    ['a text block with a media_url', { client_id: 'm6', type: 'text', title: 'x', media_url: 'https://cdn.example.com/p.jpg' }, 'body.media_url'],
    ['neither block_id nor client_id', { type: 'title', title: 'x' }, 'body.client_id'],
    ['both block_id and client_id', { block_id: 'aaaaaaaaaaaaaaaaaaaaaaaa', client_id: 'x', type: 'title', title: 'x' }, 'body.block_id'],
    ['no type', { client_id: 'm7', title: 'x' }, 'body.type'],
    ['an unknown type', { client_id: 'm8', type: 'video', title: 'x' }, 'body.type'],
    ['a malformed block_id', { block_id: 'nope', type: 'title' }, 'body.block_id'],
    ['an unknown property', { client_id: 'm9', type: 'title', title: 'x', color: 'red' }, 'body.color'],
  ])('400 for %s', async (_name, body, path) => {
    const before = await blockCount();
    await expectProblem(await save(body), 400, 'validation-error', path);
    expect(await blockCount()).toBe(before);
  });

  it('400 when an edit changes the type or clears a required field', async () => {
    const shop = await t.db.linkInBioBlock.findFirstOrThrow({ where: { clientId: 'shop', page: { creatorId } } });
    await expectProblem(await save({ block_id: shop.id, type: 'title' }), 400, 'validation-error', 'body.type');
    await expectProblem(await save({ block_id: shop.id, type: 'link', title: null }), 400, 'validation-error', 'body.title');
    await expectProblem(await save({ block_id: shop.id, type: 'link', media_url: 'http://x.example.com/a.png' }), 400, 'validation-error', 'body.media_url');
  });

  it('404 for a block of another page (which stays untouched) and for an unknown id', async () => {
    const otherId = (await t.creatorAccount()).id;
    const otherKey = await t.key({ type: 'creator', id: otherId }, ['link_in_bio:write']);
    const created = await (
      await t.request('/public/v1/link-in-bio', { method: 'POST', key: otherKey, json: { slug: 'theirs', username: 'theirs', blocks: [{ client_id: 'x', type: 'title', title: 'Theirs' }] } })
    ).json();
    const theirs = created.data.blocks[0];
    await expectProblem(await save({ block_id: theirs.id, type: 'title', title: 'Mine' }), 404, 'not-found', 'body.block_id');
    await expectProblem(await save({ block_id: 'ffffffffffffffffffffffff', type: 'title', title: 'x' }), 404, 'not-found');
    expect((await t.db.linkInBioBlock.findUniqueOrThrow({ where: { id: theirs.id } })).title).toBe('Theirs');
  });

  it('404 without a page', async () => {
    const loneId = (await t.creatorAccount()).id;
    const loneKey = await t.key({ type: 'creator', id: loneId }, ['link_in_bio:write']);
    await expectProblem(await save({ client_id: 'x', type: 'title', title: 'x' }, loneKey), 404, 'not-found');
  });

  it('409 past 200 blocks, while edits and repeated client_ids still work', async () => {
    const full = (await t.creatorAccount()).id;
    const fullKey = await t.key({ type: 'creator', id: full }, ['link_in_bio:write']);
    const blocks = Array.from({ length: 200 }, (_, i) => ({ client_id: `b${i}`, type: 'title', title: `t${i}` }));
    expect((await t.request('/public/v1/link-in-bio', { method: 'POST', key: fullKey, json: { slug: 'full-blocks', username: 'fullblocks', blocks } })).status).toBe(201);
    const problem = await expectProblem(await save({ client_id: 'one-more', type: 'title', title: 'x' }, fullKey), 409, 'conflict');
    expect(problem.detail).toContain('at most 200 blocks');
    expect((await save({ client_id: 'b7', type: 'title', title: 'x' }, fullKey)).status).toBe(200);
    const b0 = await t.db.linkInBioBlock.findFirstOrThrow({ where: { clientId: 'b0', page: { creatorId: full } } });
    expect((await save({ block_id: b0.id, type: 'title', title: 'renamed' }, fullKey)).status).toBe(200);
  });
});
