import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Every link-in-bio operation aimed at creator A's page, block and import, called with: A's key
 * (owner), A's read-only key, another creator's key (who has a page of their own), a creator key
 * without link-in-bio scopes, and an agency key with every scope. Refusals leave the database as it was.
 */
type Caller = 'owner' | 'readOnly' | 'otherCreator' | 'noScope' | 'agency';
const CALLERS: Caller[] = ['agency', 'noScope', 'otherCreator', 'readOnly', 'owner'];

describe('link-in-bio outsider matrix', () => {
  let t: TestApp;
  const keys = {} as Record<Caller, string>;
  let pageId: string;
  let blockId: string;
  let importId: string;
  /** Creators A and B: snapshots cover only their rows (CI runs files in parallel on one database). */
  let mine: string[];

  beforeAll(async () => {
    t = await startTestApp();
    const a = (await t.creatorAccount()).id;
    const b = (await t.creatorAccount()).id;
    mine = [a, b];
    keys.owner = await t.key({ type: 'creator', id: a }, ['all']);
    keys.readOnly = await t.key({ type: 'creator', id: a }, ['link_in_bio:read']);
    keys.noScope = await t.key({ type: 'creator', id: a }, ['media_kits:read', 'profile:read']);
    keys.otherCreator = await t.key({ type: 'creator', id: b }, ['all']);
    keys.agency = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
    const created = await t.request('/public/v1/link-in-bio', {
      method: 'POST',
      key: keys.owner,
      json: { slug: 'guarded', username: 'guarded', blocks: [{ client_id: 'g', type: 'link', title: 'Guarded', url: 'https://guarded.example.com/' }] },
    });
    const page = (await created.json()).data;
    pageId = page.id;
    blockId = page.blocks[0].id;
    await t.request('/public/v1/link-in-bio', { method: 'POST', key: keys.otherCreator, json: { slug: 'other-one', username: 'other.one' } });
    const started = await t.request('/public/v1/link-in-bio/imports', { method: 'POST', key: keys.owner, json: { source_url: 'https://localhost/guarded' } });
    importId = (await started.json()).data.id;
    await t.app.services.jobs.idle();
  });
  afterAll(() => t.close());

  async function snapshot() {
    await t.app.services.jobs.idle();
    const [pages, blocks, imports] = await Promise.all([
      t.db.linkInBioPage.findMany({ where: { creatorId: { in: mine } }, orderBy: { id: 'asc' } }),
      t.db.linkInBioBlock.findMany({ where: { page: { creatorId: { in: mine } } }, orderBy: { id: 'asc' } }),
      t.db.linkInBioImport.findMany({ where: { creatorId: { in: mine } }, orderBy: { id: 'asc' } }),
    ]);
    return JSON.stringify({ pages, blocks, imports });
  }

  interface Operation {
    name: string;
    request: () => { path: string; init?: RequestInit & { json?: unknown } };
    expected: Record<Caller, number>;
  }

  const operations: Operation[] = [
    {
      name: 'GET /link-in-bio',
      request: () => ({ path: '/public/v1/link-in-bio' }),
      expected: { owner: 200, readOnly: 200, otherCreator: 200, noScope: 403, agency: 403 },
    },
    {
      name: 'POST /link-in-bio (A’s slug)',
      request: () => ({ path: '/public/v1/link-in-bio', init: { method: 'POST', json: { slug: 'guarded', username: 'someone' } } }),
      expected: { owner: 409, readOnly: 403, otherCreator: 409, noScope: 403, agency: 403 },
    },
    {
      name: 'PATCH /link-in-bio (A’s block)',
      request: () => ({ path: '/public/v1/link-in-bio', init: { method: 'PATCH', json: { blocks: [{ id: blockId, title: 'Taken over' }] } } }),
      expected: { owner: 200, readOnly: 403, otherCreator: 404, noScope: 403, agency: 403 },
    },
    {
      name: 'POST /link-in-bio/blocks (A’s block)',
      request: () => ({ path: '/public/v1/link-in-bio/blocks', init: { method: 'POST', json: { block_id: blockId, type: 'link', visible: false } } }),
      expected: { owner: 200, readOnly: 403, otherCreator: 404, noScope: 403, agency: 403 },
    },
    {
      name: 'POST /link-in-bio/imports',
      request: () => ({ path: '/public/v1/link-in-bio/imports', init: { method: 'POST', json: { source_url: 'https://localhost/again' } } }),
      expected: { owner: 202, readOnly: 403, otherCreator: 202, noScope: 403, agency: 403 },
    },
    {
      name: 'GET /link-in-bio/imports/{id} (A’s import)',
      request: () => ({ path: `/public/v1/link-in-bio/imports/${importId}` }),
      expected: { owner: 200, readOnly: 200, otherCreator: 404, noScope: 403, agency: 403 },
    },
  ];

  for (const operation of operations) {
    for (const caller of CALLERS) {
      const expected = operation.expected[caller];
      it(`${operation.name} as ${caller} → ${expected}`, async () => {
        const before = await snapshot();
        const { path, init } = operation.request();
        const response = await t.request(path, { ...init, key: keys[caller] });
        expect(response.status).toBe(expected);
        const body = await response.json();
        if (expected >= 400) {
          expect(response.headers.get('content-type')).toBe('application/problem+json');
          expect(body.type).toBe(
            `https://creator-api.dev/problems/${expected === 403 ? (caller === 'agency' ? 'subject-not-allowed' : 'insufficient-scope') : expected === 404 ? 'not-found' : 'conflict'}`,
          );
          expect(await snapshot()).toBe(before);
        }
        // Another creator only ever sees their own page.
        if (caller === 'otherCreator' && expected < 300 && body.data?.blocks) expect(body.data.id).not.toBe(pageId);
      });
    }
  }
});
