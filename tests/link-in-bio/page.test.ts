import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';

const PROBLEMS = 'https://creator-api.dev/problems/';
const OBJECT_ID = /^[a-f0-9]{24}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('link-in-bio page: GET, POST, PATCH /link-in-bio', () => {
  let t: TestApp;
  let creatorId: string;
  let key: string;
  /** Every creator this file makes: snapshots cover only their rows (CI runs files in parallel on one database). */
  const mine: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ config: { publicBaseUrl: 'https://bio.test' } });
    creatorId = (await t.creatorAccount({ name: 'Ada Page' })).id;
    mine.push(creatorId);
    key = await t.key({ type: 'creator', id: creatorId }, ['link_in_bio:read', 'link_in_bio:write']);
  });
  afterAll(() => t.close());

  const post = (json: unknown, k = key) => t.request('/public/v1/link-in-bio', { method: 'POST', key: k, json });
  const patch = (json: unknown, k = key) => t.request('/public/v1/link-in-bio', { method: 'PATCH', key: k, json });
  const get = (k = key) => t.request('/public/v1/link-in-bio', { key: k });

  async function freshCreator() {
    const id = (await t.creatorAccount()).id;
    mine.push(id);
    return { id, key: await t.key({ type: 'creator', id }, ['link_in_bio:read', 'link_in_bio:write']) };
  }

  async function dbState() {
    const [pages, blocks] = await Promise.all([
      t.db.linkInBioPage.findMany({ where: { creatorId: { in: mine } }, orderBy: { id: 'asc' } }),
      t.db.linkInBioBlock.findMany({ where: { page: { creatorId: { in: mine } } }, orderBy: { id: 'asc' } }),
    ]);
    return JSON.stringify({ pages, blocks });
  }

  async function expectProblem(response: Response, status: number, slug: string, path?: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = await readProblem(response);
    expect(problem.type).toBe(`${PROBLEMS}${slug}`);
    if (path) expect(problem.errors?.map((e) => e.path)).toContain(path);
    return problem;
  }

  describe('before the page exists', () => {
    it('GET is 404, PATCH is 404', async () => {
      const problem = await expectProblem(await get(), 404, 'not-found');
      expect(problem.detail).toContain('POST /link-in-bio');
      await expectProblem(await patch({ bio: 'x' }), 404, 'not-found');
    });
  });

  describe('POST /link-in-bio', () => {
    let page: any;

    it('creates the page with normalized socials and ordered blocks (201), never data null', async () => {
      const response = await post({
        slug: 'Ada-Lovelace',
        username: 'Ada.Codes',
        bio: '  First programmer.  ',
        social_links: [
          { platform: 'instagram', handle_or_url: '@AdaCodes' },
          { platform: 'twitter', handle_or_url: 'https://twitter.com/ada' },
        ],
        blocks: [
          { client_id: 'b-shop', type: 'link', title: 'Shop', url: 'https://shop.example.com/ada', order: 20 },
          { client_id: 'b-head', type: 'title', title: 'Hello', order: 0 },
          { client_id: 'b-note', type: 'text', title: 'A longer paragraph. '.repeat(20).trim(), visible: false },
          { client_id: 'b-blog', type: 'link', title: 'Blog', url: 'http://blog.example.com/' },
        ],
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-request-id')).toBeTruthy();
      const body = await response.json();
      page = body.data;
      expect(body.request_id).toBe(response.headers.get('x-request-id'));
      expect(page).toMatchObject({
        creator_id: creatorId,
        slug: 'ada-lovelace',
        username: 'ada.codes',
        bio: 'First programmer.',
        social_links: [
          { platform: 'instagram', username: 'adacodes', url: 'https://www.instagram.com/adacodes/' },
          { platform: 'x', username: 'ada', url: 'https://x.com/ada' },
        ],
        share_url: 'https://bio.test/l/ada-lovelace',
        editor_url: `https://bio.test/editor/link-in-bio/${page.id}`,
      });
      expect(page.id).toMatch(OBJECT_ID);
      expect(page.created_at).toMatch(ISO);
      expect(page.updated_at).toMatch(ISO);
      // Blocks without order follow every other block (max explicit order 20), in list order.
      expect(page.blocks.map((b: any) => [b.client_id, b.order])).toEqual([
        ['b-head', 0],
        ['b-shop', 20],
        ['b-note', 21],
        ['b-blog', 22],
      ]);
      expect(page.blocks[1]).toEqual({
        id: expect.stringMatching(OBJECT_ID),
        client_id: 'b-shop',
        type: 'link',
        title: 'Shop',
        url: 'https://shop.example.com/ada',
        media_url: null,
        visible: true,
        order: 20,
        clicks: 0,
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      expect(page.blocks[2]).toMatchObject({ type: 'text', visible: false, url: null });
    });

    it('GET returns the same page, blocks in order', async () => {
      const response = await get();
      expect(response.status).toBe(200);
      expect((await response.json()).data).toEqual(page);
    });

    it('a second POST is 409 and changes nothing', async () => {
      const before = await dbState();
      const problem = await expectProblem(await post({ slug: 'another-slug', username: 'another' }), 409, 'conflict');
      expect(problem.detail).toContain('PATCH /link-in-bio');
      expect(await dbState()).toBe(before);
    });

    it('a slug or username taken by another page is 409 naming the field, case-insensitively', async () => {
      const other = await freshCreator();
      const before = await dbState();
      await expectProblem(await post({ slug: 'ADA-LOVELACE', username: 'free.name' }, other.key), 409, 'conflict', 'body.slug');
      await expectProblem(await post({ slug: 'free-slug', username: 'ADA.codes' }, other.key), 409, 'conflict', 'body.username');
      expect(await dbState()).toBe(before);
      expect((await post({ slug: 'free-slug', username: 'free.name' }, other.key)).status).toBe(201);
    });

    it('two concurrent creates for one creator: one 201, one 409', async () => {
      const racer = await freshCreator();
      const responses = await Promise.all([
        post({ slug: 'racer-one', username: 'racer1' }, racer.key),
        post({ slug: 'racer-two', username: 'racer2' }, racer.key),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await t.db.linkInBioPage.count({ where: { creatorId: racer.id } })).toBe(1);
    });

    it.each([
      ['a block type other than link, title, text', { blocks: [{ client_id: 'a', type: 'image', title: 'x' }] }, 'body.blocks[0].type'],
      ['a block without client_id', { blocks: [{ type: 'title', title: 'x' }] }, 'body.blocks[0].client_id'],
      ['a malformed client_id', { blocks: [{ client_id: 'has spaces', type: 'title', title: 'x' }] }, 'body.blocks[0].client_id'],
      ['a client_id twice', { blocks: [{ client_id: 'a', type: 'title', title: 'x' }, { client_id: 'a', type: 'title', title: 'y' }] }, 'body.blocks[1].client_id'],
      ['a javascript: URL', { blocks: [{ client_id: 'a', type: 'link', title: 'x', url: 'javascript:alert(1)' }] }, 'body.blocks[0].url'],
      ['a data: URL', { blocks: [{ client_id: 'a', type: 'link', title: 'x', url: 'data:text/html,<b>hi</b>' }] }, 'body.blocks[0].url'],
      ['a relative URL', { blocks: [{ client_id: 'a', type: 'link', title: 'x', url: '/shop' }] }, 'body.blocks[0].url'],
      ['a URL without a public host', { blocks: [{ client_id: 'a', type: 'link', title: 'x', url: 'http://localhost/x' }] }, 'body.blocks[0].url'],
      ['a link without url', { blocks: [{ client_id: 'a', type: 'link', title: 'x' }] }, 'body.blocks[0].url'],
      ['a link without title', { blocks: [{ client_id: 'a', type: 'link', url: 'https://e.example.com/' }] }, 'body.blocks[0].title'],
      ['a title block with a url', { blocks: [{ client_id: 'a', type: 'title', title: 'x', url: 'https://e.example.com/' }] }, 'body.blocks[0].url'],
      ['a title over 100 characters', { blocks: [{ client_id: 'a', type: 'title', title: 'x'.repeat(101) }] }, 'body.blocks[0].title'],
      ['a text over 1000 characters', { blocks: [{ client_id: 'a', type: 'text', title: 'x'.repeat(1001) }] }, 'body.blocks[0].title'],
      ['a negative order', { blocks: [{ client_id: 'a', type: 'title', title: 'x', order: -1 }] }, 'body.blocks[0].order'],
      ['media_url on page create', { blocks: [{ client_id: 'a', type: 'link', title: 'x', url: 'https://e.example.com/', media_url: 'https://e.example.com/i.png' }] }, 'body.blocks[0].media_url'],
      ['more than 200 blocks', { blocks: Array.from({ length: 201 }, (_, i) => ({ client_id: `b${i}`, type: 'title', title: 't' })) }, 'body.blocks'],
      ['a bad slug', { slug: '-x' }, 'body.slug'],
      ['a bad username', { username: '@ada' }, 'body.username'],
      ['a bio over 300 characters', { bio: 'x'.repeat(301) }, 'body.bio'],
      ['an unknown property', { font: 'serif' }, 'body.font'],
      ['a theme that does not exist', { theme: 'neon' }, 'body.theme'],
      ['a button style that does not exist', { button_style: 'wavy' }, 'body.button_style'],
      ['an accent colour that is not #RRGGBB', { accent_color: 'red' }, 'body.accent_color'],
      ['a picture that is not https', { picture_url: 'http://example.com/me.jpg' }, 'body.picture_url'],
      ['a social link that is not a profile', { social_links: [{ platform: 'instagram', handle_or_url: 'https://www.instagram.com/p/abc/' }] }, 'body.social_links[0].handle_or_url'],
      ['more than 10 social links', { social_links: Array.from({ length: 11 }, (_, i) => ({ platform: 'instagram', handle_or_url: `user${i}` })) }, 'body.social_links'],
    ])('400 for %s', async (_name, extra, path) => {
      const creator = await freshCreator();
      await expectProblem(await post({ slug: 'valid-slug-x', username: 'valid_x', ...extra }, creator.key), 400, 'validation-error', path);
      expect(await t.db.linkInBioPage.count({ where: { creatorId: creator.id } })).toBe(0);
    });

    it('400 lists every bad field at once, and a missing slug and username', async () => {
      const creator = await freshCreator();
      const problem = await expectProblem(await post({ blocks: [{ client_id: 'a', type: 'link' }] }, creator.key), 400, 'validation-error');
      expect(problem.errors!.map((e) => e.path).sort()).toEqual(['body.blocks[0].title', 'body.blocks[0].url', 'body.slug', 'body.username']);
    });
  });

  describe('design fields', () => {
    it('defaults to a light theme with rounded buttons; POST and PATCH set theme, button style, colours and picture; null clears', async () => {
      const creator = await freshCreator();
      const created = await post({ slug: `design-${creator.id.slice(-6)}`, username: `design_${creator.id.slice(-6)}` }, creator.key);
      expect(created.status).toBe(201);
      expect((await created.json()).data).toMatchObject({ theme: 'light', button_style: 'rounded', accent_color: null, background_color: null, picture_url: null });
      const design = { theme: 'dark', button_style: 'pill', accent_color: '#F97316', background_color: '#111827', picture_url: 'https://images.example.com/me.jpg' };
      const patched = await patch(design, creator.key);
      expect(patched.status).toBe(200);
      expect((await patched.json()).data).toMatchObject(design);
      const cleared = await patch({ accent_color: null, picture_url: null }, creator.key);
      expect((await cleared.json()).data).toMatchObject({ theme: 'dark', button_style: 'pill', accent_color: null, background_color: '#111827', picture_url: null });
    });
  });

  describe('PATCH /link-in-bio', () => {
    let blocks: Record<string, any>;

    beforeAll(async () => {
      const { data } = await (await get()).json();
      blocks = Object.fromEntries(data.blocks.map((b: any) => [b.client_id, b]));
    });

    it('400 for an empty body', async () => {
      await expectProblem(await patch({}), 400, 'validation-error');
    });

    it('changes supplied page fields only; blocks and other fields stay', async () => {
      const before = (await (await get()).json()).data;
      const response = await patch({ bio: 'Updated bio' });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data).toMatchObject({ bio: 'Updated bio', slug: before.slug, username: before.username, social_links: before.social_links });
      expect(data.blocks).toEqual(before.blocks);
      expect(new Date(data.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(before.updated_at).getTime());
      const cleared = await patch({ bio: null });
      expect((await cleared.json()).data.bio).toBeNull();
    });

    it('social_links replaces the list', async () => {
      const { data } = await (await patch({ social_links: [{ platform: 'youtube', handle_or_url: 'https://www.youtube.com/@AdaTalks' }] })).json();
      expect(data.social_links).toEqual([{ platform: 'youtube', username: 'adatalks', url: 'https://www.youtube.com/@adatalks' }]);
    });

    it('edits a block by id: omitted fields and omitted blocks stay unchanged', async () => {
      const shop = blocks['b-shop'];
      const response = await patch({ blocks: [{ id: shop.id, title: 'Shop (new)' }] });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      const edited = data.blocks.find((b: any) => b.id === shop.id);
      expect(edited).toMatchObject({ title: 'Shop (new)', url: shop.url, visible: true, order: 20, type: 'link', client_id: 'b-shop' });
      for (const other of data.blocks.filter((b: any) => b.id !== shop.id)) expect(other).toEqual(blocks[other.client_id]);
    });

    it('reorders, hides and adds blocks in one call; a retry adds nothing', async () => {
      const body = {
        blocks: [
          { id: blocks['b-blog'].id, order: 1 },
          { id: blocks['b-head'].id, visible: false, type: 'title' },
          { client_id: 'b-new', type: 'link', title: 'New', url: 'https://new.example.com/' },
        ],
      };
      const first = await patch(body);
      expect(first.status).toBe(200);
      const { data } = await first.json();
      expect(data.blocks.map((b: any) => [b.client_id, b.order, b.visible])).toEqual([
        ['b-head', 0, false],
        ['b-blog', 1, true],
        ['b-shop', 20, true],
        ['b-note', 21, false],
        ['b-new', 22, true],
      ]);
      const retry = await patch(body);
      expect(retry.status).toBe(200);
      const again = (await retry.json()).data;
      expect(again.blocks).toHaveLength(5);
      expect(again.blocks.find((b: any) => b.client_id === 'b-new').id).toBe(data.blocks.find((b: any) => b.client_id === 'b-new').id);
    });

    it('a client_id the page already has leaves that block as it is', async () => {
      const { data } = await (await patch({ blocks: [{ client_id: 'b-shop', type: 'link', title: 'Other', url: 'https://other.example.com/' }] })).json();
      expect(data.blocks.find((b: any) => b.client_id === 'b-shop').title).toBe('Shop (new)');
      expect(data.blocks.filter((b: any) => b.client_id === 'b-shop')).toHaveLength(1);
    });

    it('an id from another page is 404 and nothing changes, not even the other fields', async () => {
      const other = await freshCreator();
      const created = (await (await post({ slug: 'other-page', username: 'other.page', blocks: [{ client_id: 'x', type: 'title', title: 'Theirs' }] }, other.key)).json()).data;
      const before = await dbState();
      const problem = await expectProblem(await patch({ bio: 'should not stick', blocks: [{ id: created.blocks[0].id, title: 'Mine now' }] }), 404, 'not-found', 'body.blocks[0].id');
      expect(problem.detail).toContain(created.blocks[0].id);
      await expectProblem(await patch({ blocks: [{ id: 'ffffffffffffffffffffffff', title: 'x' }] }), 404, 'not-found');
      expect(await dbState()).toBe(before);
    });

    it('400s: type change, clearing a required field, id and client_id together, a new image block, repeated ids', async () => {
      const before = await dbState();
      const shop = blocks['b-shop'].id;
      await expectProblem(await patch({ blocks: [{ id: shop, type: 'title' }] }), 400, 'validation-error', 'body.blocks[0].type');
      await expectProblem(await patch({ blocks: [{ id: shop, url: null }] }), 400, 'validation-error', 'body.blocks[0].url');
      await expectProblem(await patch({ blocks: [{ id: blocks['b-head'].id, url: 'https://e.example.com/' }] }), 400, 'validation-error', 'body.blocks[0].url');
      await expectProblem(await patch({ blocks: [{ id: shop, client_id: 'b-shop', title: 'x' }] }), 400, 'validation-error');
      await expectProblem(await patch({ blocks: [{ title: 'x' }] }), 400, 'validation-error', 'body.blocks[0].client_id');
      await expectProblem(await patch({ blocks: [{ client_id: 'img', type: 'image' }] }), 400, 'validation-error', 'body.blocks[0].type');
      await expectProblem(await patch({ blocks: [{ client_id: 'nt', title: 'x' }] }), 400, 'validation-error', 'body.blocks[0].type');
      await expectProblem(await patch({ blocks: [{ id: shop, title: 'a' }, { id: shop, title: 'b' }] }), 400, 'validation-error', 'body.blocks[1].id');
      await expectProblem(await patch({ blocks: [{ id: shop, delete: true }] }), 400, 'validation-error', 'body.blocks[0].delete');
      expect(await dbState()).toBe(before);
    });

    it('409 for a slug or username of another page; the own slug is fine', async () => {
      await expectProblem(await patch({ slug: 'other-page' }), 409, 'conflict', 'body.slug');
      await expectProblem(await patch({ username: 'other.page' }), 409, 'conflict', 'body.username');
      expect((await patch({ slug: 'ada-lovelace' })).status).toBe(200);
      const renamed = await patch({ slug: 'ada-l', username: 'ada_l' });
      expect((await renamed.json()).data).toMatchObject({ slug: 'ada-l', username: 'ada_l', share_url: 'https://bio.test/l/ada-l' });
    });

    it('409 when new blocks would pass 200; blocks cannot be deleted, so hidden ones count', async () => {
      const creator = await freshCreator();
      const blocks199 = Array.from({ length: 199 }, (_, i) => ({ client_id: `b${i}`, type: 'title', title: `t${i}`, visible: false }));
      expect((await post({ slug: 'full-page', username: 'full', blocks: blocks199 }, creator.key)).status).toBe(201);
      const problem = await expectProblem(
        await patch({ blocks: [{ client_id: 'n1', type: 'title', title: 'a' }, { client_id: 'n2', type: 'title', title: 'b' }] }, creator.key),
        409,
        'conflict',
      );
      expect(problem.detail).toContain('at most 200 blocks');
      expect(await t.db.linkInBioBlock.count({ where: { page: { creatorId: creator.id } } })).toBe(199);
      expect((await patch({ blocks: [{ client_id: 'n1', type: 'title', title: 'a' }] }, creator.key)).status).toBe(200);
      // Editing existing blocks of a full page still works.
      expect((await patch({ blocks: [{ client_id: 'n1', type: 'title', title: 'a' }, { client_id: 'b0', type: 'title', title: 'x' }] }, creator.key)).status).toBe(200);
    });
  });
});
