import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';

/**
 * Where a client generated from /openapi.json and the server used to disagree (issue 33): each case
 * reads what the document says and sends what it allows over real HTTP.
 */
type Json = Record<string, any>;

describe('the document says what the server accepts', () => {
  let t: TestApp;
  let doc: Json;
  let agencyKey: string;
  let creatorKey: string;
  const unique = Math.random().toString(36).slice(2, 8);
  const bodySchema = (method: string, path: string): Json => doc.paths[path][method].requestBody.content['application/json'].schema;

  beforeAll(async () => {
    t = await startTestApp();
    const agency = await t.agency();
    const creator = await t.creatorAccount();
    agencyKey = await t.key({ type: 'agency', id: agency.id }, ['all']);
    creatorKey = await t.key({ type: 'creator', id: creator.id }, ['all']);
    doc = await (await t.request('/openapi.json')).json();
  });
  afterAll(() => t?.close());

  it('declares additionalProperties: false on every request body, the block endpoint included, as the server refuses unknown keys', async () => {
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        for (const media of Object.values<Json>(op.requestBody?.content ?? {})) expect(media.schema.additionalProperties, `${method} ${path}`).toBe(false);
      }
    }
    const refused = await t.request('/public/v1/link-in-bio/blocks', { method: 'POST', key: creatorKey, json: { client_id: 'a', type: 'title', title: 'Hi', extra: 1 } });
    expect(refused.status).toBe(400);
    expect((await readProblem(refused)).errors).toEqual([expect.objectContaining({ path: 'body.extra', code: 'unrecognized_key' })]);
  });

  it('accepts internationalised top-level domains as public host names, and says so', async () => {
    const kit = await t.request('/public/v1/media-kits/new', { method: 'POST', key: creatorKey, json: { name: 'IDN', picture_url: 'https://cdn.example.xn--p1ai/p.jpg' } });
    expect(kit.status, await kit.clone().text()).toBe(201);
    const page = await t.request('/public/v1/link-in-bio', {
      method: 'POST',
      key: creatorKey,
      json: { slug: `idn-${unique}`, username: `idn_${unique}`, blocks: [{ client_id: 'shop', type: 'link', title: 'Shop', url: 'https://магазин.рф/каталог' }] },
    });
    expect(page.status, await page.clone().text()).toBe(201);
    expect((await page.json()).data.blocks[0].url).toBe('https://магазин.рф/каталог');
    const image = await t.request('/public/v1/link-in-bio/blocks', {
      method: 'POST',
      key: creatorKey,
      json: { client_id: 'img', type: 'image', media_url: 'https://img.example.xn--90ais/a.png' },
    });
    expect(image.status, await image.clone().text()).toBe(201);
    // Still refused: no dotted name, an IP address, a bare xn-- label that is not a TLD.
    for (const url of ['https://localhost/a.png', 'https://127.0.0.1/a.png', 'https://example.xn--/a.png']) {
      const response = await t.request('/public/v1/media-kits/new', { method: 'POST', key: creatorKey, json: { name: 'x', picture_url: url } });
      expect(response.status, url).toBe(400);
    }
    expect(bodySchema('post', '/media-kits/new').properties.picture_url.anyOf?.[0]?.description ?? bodySchema('post', '/media-kits/new').properties.picture_url.description).toMatch(/internationalised/);
  });

  it('lists 400 on operations that answer it whatever their input (GET /me, /media-kit-templates, /link-in-bio)', async () => {
    for (const [path, key] of [
      ['/me', agencyKey],
      ['/media-kit-templates', agencyKey],
      ['/link-in-bio', creatorKey],
    ] as const) {
      const response = await t.request(`/public/v1${path}?__proto__=1`, { key });
      expect(response.status, path).toBe(400);
      expect(Object.keys(doc.paths[path].get.responses), path).toContain('400');
    }
  });

  it('counts the same social account once, on link-in-bio as on POST /creators, as the schemas say', async () => {
    const pair = [
      { platform: 'instagram', handle_or_url: `@same.${unique}` },
      { platform: 'instagram', handle_or_url: `https://www.instagram.com/same.${unique}/` },
    ];
    const page = await t.request('/public/v1/link-in-bio', { method: 'POST', key: creatorKey, json: { slug: `dup-${unique}`, username: `dup_${unique}`, social_links: pair } });
    // The IDN test above created this creator's page: PATCH it instead when POST says it exists.
    const patched = page.status === 409 ? await t.request('/public/v1/link-in-bio', { method: 'PATCH', key: creatorKey, json: { social_links: pair } }) : page;
    expect(patched.status, await patched.clone().text()).toBeLessThan(300);
    expect((await patched.json()).data.social_links).toEqual([expect.objectContaining({ platform: 'instagram', username: `same.${unique}` })]);
    const creator = await t.request('/public/v1/creators', { method: 'POST', key: agencyKey, json: { display_name: 'Same Twice', socials: pair } });
    expect(creator.status).toBe(201);
    expect((await creator.json()).data.creator.socials).toHaveLength(1);
    for (const [method, path] of [
      ['post', '/link-in-bio'],
      ['patch', '/link-in-bio'],
    ]) {
      expect(bodySchema(method!, path!).properties.social_links.description).toMatch(/counts once/);
    }
    expect(bodySchema('post', '/creators').properties.socials.description).toMatch(/counts once/);
  });

  it('answers an empty PATCH with the empty_patch error on every resource, and the document asks for at least one property', async () => {
    const kit = await (await t.request('/public/v1/media-kits/new', { method: 'POST', key: creatorKey, json: { name: 'Patch me' } })).json();
    for (const path of [`/media-kits/${kit.data.id}`, '/link-in-bio']) {
      const response = await t.request(`/public/v1${path}`, { method: 'PATCH', key: creatorKey, json: {} });
      expect(response.status, path).toBe(400);
      expect((await readProblem(response)).errors, path).toEqual([{ path: 'body', message: 'At least one property is required.', code: 'empty_patch' }]);
    }
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      if (item.patch) expect(item.patch.requestBody.content['application/json'].schema.minProperties, path).toBe(1);
    }
  });

  it('types the campaign PATCH fields it does not support as accepting no value', async () => {
    const properties = bodySchema('patch', '/campaigns/{campaign_id}').properties;
    for (const field of ['status', 'participants', 'content', 'public_report', 'refresh', 'summary']) expect(properties[field], field).toMatchObject({ not: {} });
    const campaign = await (await t.request('/public/v1/campaigns', { method: 'POST', key: creatorKey, json: { name: 'Unsupported' } })).json();
    const response = await t.request(`/public/v1/campaigns/${campaign.data.id}`, { method: 'PATCH', key: creatorKey, json: { status: 'archived' } });
    expect(response.status).toBe(400);
    expect((await readProblem(response)).errors).toEqual([expect.objectContaining({ path: 'body.status', code: 'unsupported_field' })]);
  });
});
