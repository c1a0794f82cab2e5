import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { addRosterCreator } from './fixtures';

/**
 * Every roster, social and media-kit operation against agency A's resources, called with:
 * A's key (owner), a creator key, A's key without the needed scope, and agency B's key.
 * Refusals must leave the database exactly as it was.
 */
type Caller = 'owner' | 'creator' | 'noScope' | 'otherAgency';

describe('roster outsider matrix', () => {
  let t: TestApp;
  const keys = {} as Record<Caller, string>;
  let creatorId: string;
  let kitId: string;
  const subjects = { agencyA: '', otherAgency: '', creator: '' };

  beforeAll(async () => {
    t = await startTestApp();
    const agencyA = await t.agency();
    subjects.agencyA = agencyA.id;
    subjects.otherAgency = (await t.agency()).id;
    subjects.creator = (await t.creatorAccount()).id;
    keys.owner = await t.key({ type: 'agency', id: agencyA.id }, ['all']);
    keys.noScope = await t.key({ type: 'agency', id: agencyA.id }, ['decks:read']);
    keys.otherAgency = await t.key({ type: 'agency', id: subjects.otherAgency }, ['all']);
    keys.creator = await t.key({ type: 'creator', id: subjects.creator }, ['all']);
    ({ creatorId, mediaKitId: kitId } = await addRosterCreator(t, keys.owner, {
      display_name: 'Guarded',
      socials: [{ platform: 'instagram', handle_or_url: 'guarded' }],
    }));
  });
  afterAll(() => t.close());

  /** Everything these callers could change, scoped to them: on PostgreSQL other test files write to the same tables meanwhile. */
  async function snapshot() {
    const agencyIds = [subjects.agencyA, subjects.otherAgency];
    const onRosters = { memberships: { some: { agencyId: { in: agencyIds } } } };
    const [creators, socials, kits, memberships] = await Promise.all([
      t.db.creator.findMany({ where: { OR: [onRosters, { id: subjects.creator }] }, orderBy: { id: 'asc' } }),
      t.db.socialAccount.findMany({ where: { creator: { OR: [onRosters, { id: subjects.creator }] } }, orderBy: { id: 'asc' } }),
      t.db.mediaKit.findMany({ where: { ownerId: { in: [...agencyIds, subjects.creator] } }, orderBy: { id: 'asc' } }),
      t.db.rosterMembership.findMany({ where: { agencyId: { in: agencyIds } }, orderBy: { id: 'asc' } }),
    ]);
    return JSON.stringify({ creators, socials, kits, memberships });
  }

  interface Operation {
    name: string;
    request: () => { path: string; init?: RequestInit & { json?: unknown } };
    expected: Record<Caller, number>;
  }

  const operations: Operation[] = [
    { name: 'POST /creators', request: () => ({ path: '/public/v1/creators', init: { method: 'POST', json: { display_name: 'Guarded', socials: [{ platform: 'instagram', handle_or_url: 'guarded' }] } } }), expected: { owner: 200, creator: 403, noScope: 403, otherAgency: 201 } },
    { name: 'GET /creators', request: () => ({ path: '/public/v1/creators' }), expected: { owner: 200, creator: 403, noScope: 403, otherAgency: 200 } },
    { name: 'GET /creators/{id}', request: () => ({ path: `/public/v1/creators/${creatorId}` }), expected: { owner: 200, creator: 404, noScope: 403, otherAgency: 404 } },
    { name: 'GET /socials', request: () => ({ path: `/public/v1/socials?creator_id=${creatorId}` }), expected: { owner: 200, creator: 404, noScope: 403, otherAgency: 404 } },
    { name: 'POST /media-kits', request: () => ({ path: '/public/v1/media-kits', init: { method: 'POST', json: { creator_id: creatorId } } }), expected: { owner: 200, creator: 404, noScope: 403, otherAgency: 404 } },
    { name: 'GET /media-kits', request: () => ({ path: '/public/v1/media-kits' }), expected: { owner: 200, creator: 200, noScope: 403, otherAgency: 200 } },
    { name: 'GET /media-kits/{id}', request: () => ({ path: `/public/v1/media-kits/${kitId}` }), expected: { owner: 200, creator: 404, noScope: 403, otherAgency: 404 } },
    { name: 'POST /media-kits/new', request: () => ({ path: '/public/v1/media-kits/new', init: { method: 'POST', json: { creator_id: creatorId, name: 'Extra' } } }), expected: { owner: 201, creator: 404, noScope: 403, otherAgency: 404 } },
    { name: 'PATCH /media-kits/{id}', request: () => ({ path: `/public/v1/media-kits/${kitId}`, init: { method: 'PATCH', json: { headline: 'changed' } } }), expected: { owner: 200, creator: 404, noScope: 403, otherAgency: 404 } },
    { name: 'GET /media-kit-templates', request: () => ({ path: '/public/v1/media-kit-templates' }), expected: { owner: 200, creator: 200, noScope: 403, otherAgency: 200 } },
  ];

  for (const operation of operations) {
    for (const caller of ['creator', 'noScope', 'otherAgency', 'owner'] as Caller[]) {
      const expected = operation.expected[caller];
      it(`${operation.name} as ${caller} → ${expected}`, async () => {
        const before = await snapshot();
        const { path, init } = operation.request();
        const response = await t.request(path, { ...init, key: keys[caller] });
        expect(response.status).toBe(expected);
        const body = await response.json();
        if (expected >= 400) {
          expect(response.headers.get('content-type')).toBe('application/problem+json');
          expect(await snapshot()).toBe(before);
        }
        if (expected === 200 && Array.isArray(body.data) && caller !== 'owner') {
          // Lists seen by outsiders never include A's resources.
          const ids = body.data.map((item: { id: string }) => item.id);
          expect(ids).not.toContain(creatorId);
          expect(ids).not.toContain(kitId);
        }
      });
    }
  }
});
