import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRosterCreator } from '../roster/fixtures';
import { readProblem, startTestApp, type TestApp } from '../support/app';

describe('POST /media-kits/{media_kit_id}/duplicate', () => {
  let t: TestApp;
  let key: string;
  let kitId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const agency = await t.agency();
    key = await t.key({ type: 'agency', id: agency.id });
    kitId = (await addRosterCreator(t, key, { display_name: 'Ada Lovelace' })).mediaKitId;
    const patched = await t.request(`/public/v1/media-kits/${kitId}`, {
      method: 'PATCH',
      key,
      json: { template: 'bold', headline: 'Maths and machines', bio: 'Notes on the Analytical Engine.', accent_color: '#FF5A1F', visibility: 'private', sections: ['about', 'rates'] },
    });
    expect(patched.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const duplicate = (id: string, body?: unknown, k = key) =>
    t.request(`/public/v1/media-kits/${id}/duplicate`, { method: 'POST', key: k, ...(body === undefined ? {} : { json: body }) });

  it('copies content and design into a new non-default kit with its own id and slug', async () => {
    const original = (await (await t.request(`/public/v1/media-kits/${kitId}`, { key })).json()).data;
    const response = await duplicate(kitId);
    expect(response.status).toBe(201);
    const { data: copy } = await response.json();
    expect(response.headers.get('location')).toMatch(new RegExp(`/public/v1/media-kits/${copy.id}$`));
    expect(copy.id).not.toBe(original.id);
    expect(copy.slug).not.toBe(original.slug);
    expect(copy.share_url).toMatch(new RegExp(`/m/${copy.slug}$`));
    expect(copy).toMatchObject({ is_default: false, name: `${original.name} (copy)`, creator_id: original.creator_id, owner_id: original.owner_id });
    const same = ['visibility', 'template', 'headline', 'bio', 'contact_email', 'sections', 'theme', 'accent_color', 'background_color', 'picture_url', 'cover_url'];
    for (const field of same) expect(copy[field], field).toEqual(original[field]);
    // The original is untouched and still the default.
    expect((await (await t.request(`/public/v1/media-kits/${kitId}`, { key })).json()).data).toEqual(original);
  });

  it('takes a name, and refuses a bad one naming the field', async () => {
    const named = await duplicate(kitId, { name: '  Spring rates ' });
    expect(named.status).toBe(201);
    expect((await named.json()).data.name).toBe('Spring rates');
    const bad = await duplicate(kitId, { name: '', slug: 'x' });
    expect(bad.status).toBe(400);
    expect((await readProblem(bad)).errors?.map((e) => e.path).sort()).toEqual(['body.name', 'body.slug']);
  });

  it('is 404 for a kit of another owner and 403 without media_kits:write', async () => {
    const other = await t.key({ type: 'agency', id: (await t.agency()).id });
    expect((await duplicate(kitId, undefined, other)).status).toBe(404);
    const creator = await t.creatorAccount();
    expect((await duplicate(kitId, undefined, await t.key({ type: 'creator', id: creator.id }))).status).toBe(404);
    const readOnly = await t.key({ type: 'agency', id: (await t.db.mediaKit.findUniqueOrThrow({ where: { id: kitId } })).ownerId }, ['media_kits:read']);
    expect((await duplicate(kitId, undefined, readOnly)).status).toBe(403);
  });

  it('duplicates a creator’s own kit', async () => {
    const creator = await t.creatorAccount();
    const creatorKey = await t.key({ type: 'creator', id: creator.id });
    const ensured = await t.request('/public/v1/media-kits', { method: 'POST', key: creatorKey, json: {} });
    expect(ensured.status).toBe(201);
    const { data } = await ensured.json();
    const response = await duplicate(data.media_kit.id, undefined, creatorKey);
    expect(response.status).toBe(201);
    expect((await response.json()).data).toMatchObject({ owner_type: 'creator', owner_id: creator.id, is_default: false });
  });
});
