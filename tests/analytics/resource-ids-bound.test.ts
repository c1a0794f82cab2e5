import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTED_RESOURCE_IDS } from '../../src/server/services/analytics';
import { startTestApp, type TestApp } from '../support/app';

/** GET /analytics/views lists a bounded number of resource ids, while resource_count stays exact. */
describe('analytics resource_ids is bounded', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp();
    key = await t.key({ type: 'creator', id: (await t.creatorAccount()).id }, ['all']);
  });
  afterAll(() => t.close());

  it(`lists the first ${MAX_LISTED_RESOURCE_IDS} kits oldest first, and counts all of them`, async () => {
    const created: string[] = [];
    for (let i = 0; i < MAX_LISTED_RESOURCE_IDS + 3; i += 1) {
      const response = await t.request('/public/v1/media-kits/new', { method: 'POST', key, json: { name: `Kit ${i}` } });
      expect(response.status).toBe(201);
      created.push(((await response.json()) as { data: { id: string } }).data.id);
    }
    const response = await t.request('/public/v1/analytics/views?resource_type=media_kit&timeframe=last7d', { key });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { resource_count: number; resource_ids: string[]; resource_scope: string } };
    expect(data.resource_count).toBe(MAX_LISTED_RESOURCE_IDS + 3);
    expect(data.resource_scope).toBe('aggregate');
    expect(data.resource_ids).toEqual([...created].sort().slice(0, MAX_LISTED_RESOURCE_IDS));
  });
});
