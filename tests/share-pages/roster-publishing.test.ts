import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { rosterCreator } from '../decks/fixtures';
import { eventually, startSharePages, type SharePages } from './support';

/**
 * A roster page lists every creator's name, picture and socials: a new agency's is not public until
 * the agency publishes it (the roster editor's switch, the internal rosterPage.setPublished operation
 * through the gateway), and taking it down removes it at once, cache included.
 */
describe('public roster pages are opt-in', () => {
  let t: TestApp;
  let pages: SharePages;

  beforeAll(async () => {
    t = await startTestApp();
    pages = await startSharePages(t);
  });
  afterAll(async () => {
    await pages.close();
    await t.close();
  });

  async function setPublished(key: string, published: boolean) {
    const principal = await t.app.gateway.authenticate(`Bearer ${key}`);
    return t.app.gateway.call('rosterPage.setPublished', { published }, principal, { door: 'ui', requestId: `req_roster_${String(published)}` });
  }

  it('answers 404 for a new agency’s roster until it is published, and again once it is taken down', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    await rosterCreator(t, agency.id, 'Opt In Person');
    const { slug } = await t.db.agency.findUniqueOrThrow({ where: { id: agency.id } });
    const path = `/roster/${slug}`;
    expect((await pages.get(path)).status).toBe(404);
    // The 404 is cached; publishing drops it on the next load.
    expect((await pages.get(path)).cache).toBe('hit');

    expect(await setPublished(key, true)).toMatchObject({ ok: true, status: 200 });
    const published = await eventually(() => pages.get(path), (r) => r.status === 200);
    expect(published.body).toContain('Opt In Person');

    expect(await setPublished(key, false)).toMatchObject({ ok: true });
    expect((await eventually(() => pages.get(path), (r) => r.status === 404)).status).toBe(404);
    // Both changes are in the agency's audit log, with who made them.
    const audit = await t.db.auditEvent.findMany({ where: { subjectId: agency.id, action: { startsWith: 'roster_page.' } }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((row) => [row.action, row.actorType, row.changes])).toEqual([
      ['roster_page.published', 'api_key', { roster_published: [false, true] }],
      ['roster_page.unpublished', 'api_key', { roster_published: [true, false] }],
    ]);
  });

  it('is the agency’s to publish: a creator is refused, as on every door', async () => {
    const creatorSubject = await t.creatorAccount();
    const key = await t.key({ type: 'creator', id: creatorSubject.id });
    const result = await setPublished(key, true);
    expect(result).toMatchObject({ ok: false, status: 403, problem: { slug: 'subject-not-allowed' } });
  });
});
