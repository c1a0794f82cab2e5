import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../src/server/domain/actor';
import { runCreatorImport, createCreatorImport } from '../../src/server/services/creator-imports';
import { setRosterPublished } from '../../src/server/services/roster-page';
import { updateMediaKit } from '../../src/server/services/media-kits';
import { deckUnlockToken } from '../../src/server/services/public-pages';
import { tagPayloads } from '../../src/server/services/share-page-invalidation';
import { deckUnlockCookieName, matchSharePath } from '../../src/server/services/share-pages';
import { parkedJobs, startTestApp, type TestApp } from '../support/app';
import { rosterCreator } from '../decks/fixtures';
import { eventually, startSharePages, type SharePages } from './support';

const uid = () => Math.random().toString(36).slice(2, 10);
const csvFile = (csv: string) => {
  const bytes = new TextEncoder().encode(csv);
  return { name: 'creators.csv', type: 'text/csv', size: bytes.length, bytes };
};
const body = <T>(r: Response) => r.json() as Promise<{ data: T }>;

/**
 * One instance: what is cached, what a write drops, decks behind a password. Runs on PGlite and on
 * PostgreSQL (where the invalidations travel over LISTEN/NOTIFY).
 */
describe('share-page cache on one instance', () => {
  let t: TestApp;
  let pages: SharePages;
  let agencyId: string;
  let agencyKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    pages = await startSharePages(t);
    agencyId = (await t.agency({ plan: 'pro' })).id;
    agencyKey = await t.key({ type: 'agency', id: agencyId });
  });
  afterAll(async () => {
    await pages.close();
    await t.close();
  });

  async function kitOf(name: string) {
    const created = await body<{ media_kit: { id: string; slug: string }; creator: { id: string } }>(
      await t.request('/public/v1/creators', { method: 'POST', key: agencyKey, json: { display_name: name } }),
    );
    await t.request(`/public/v1/media-kits/${created.data.media_kit.id}`, { method: 'PATCH', key: agencyKey, json: { visibility: 'link' } });
    return { kitId: created.data.media_kit.id, creatorId: created.data.creator.id, path: `/m/${created.data.media_kit.slug}` };
  }

  it('renders a page once and serves it from the cache; an API edit drops exactly that page', async () => {
    const one = await kitOf(`Cached One ${uid()}`);
    const two = await kitOf(`Cached Two ${uid()}`);
    await pages.settled();
    for (const kit of [one, two]) {
      expect((await pages.get(kit.path)).cache).toBe('miss');
      expect((await pages.get(kit.path)).cache).toBe('hit');
    }
    const rendersBefore = pages.renders.length;
    for (let i = 0; i < 20; i += 1) expect((await pages.get(one.path)).status).toBe(200);
    expect(pages.renders.length).toBe(rendersBefore);

    const headline = `Headline ${uid()}`;
    expect((await t.request(`/public/v1/media-kits/${one.kitId}`, { method: 'PATCH', key: agencyKey, json: { headline } })).status).toBe(200);
    const after = await eventually(() => pages.get(one.path), (r) => r.body.includes(headline));
    expect(after.body).toContain(headline);
    // The other kit was not touched: still served from the cache, no render.
    const rendersNow = pages.renders.length;
    expect((await pages.get(two.path)).cache).toBe('hit');
    expect(pages.renders.length).toBe(rendersNow);
  });

  it('a settings-UI edit (the service its server action calls) drops the page too', async () => {
    const kit = await kitOf(`UI Edit ${uid()}`);
    await pages.settled();
    await pages.get(kit.path);
    expect((await pages.get(kit.path)).cache).toBe('hit');
    const bio = `Bio from the editor ${uid()}`;
    await updateMediaKit(t.app.services, operatorActor(), { type: 'agency', id: agencyId }, kit.kitId, { bio });
    expect((await eventually(() => pages.get(kit.path), (r) => r.body.includes(bio))).body).toContain(bio);
  });

  it('caches a 404 and shows the page as soon as it is published at that path', async () => {
    const kit = await kitOf(`Private ${uid()}`);
    await t.request(`/public/v1/media-kits/${kit.kitId}`, { method: 'PATCH', key: agencyKey, json: { visibility: 'private' } });
    await pages.settled();
    await eventually(() => pages.get(kit.path), (r) => r.status === 404);
    expect((await pages.get(kit.path)).status).toBe(404);
    expect((await pages.get(kit.path)).cache).toBe('hit');
    await t.request(`/public/v1/media-kits/${kit.kitId}`, { method: 'PATCH', key: agencyKey, json: { visibility: 'link' } });
    expect((await eventually(() => pages.get(kit.path), (r) => r.status === 200)).status).toBe(200);
  });

  it('a CSV import drops the roster page; a creator change drops the decks showing them', async () => {
    const agency = await t.db.agency.findUniqueOrThrow({ where: { id: agencyId } });
    const roster = `/roster/${agency.slug}`;
    await setRosterPublished(t.db, operatorActor(), agencyId, true);
    await pages.settled();
    await pages.get(roster);
    expect((await pages.get(roster)).cache).toBe('hit');
    const name = `Imported ${uid()}`;
    const csv = `display_name,instagram\n${name},@imp${uid()}\n`;
    const created = await createCreatorImport({ db: t.db, jobs: parkedJobs() }, agencyId, csvFile(csv));
    await runCreatorImport(t.app.services, created.id);
    expect((await eventually(() => pages.get(roster), (r) => r.body.includes(name))).body).toContain(name);

    const first = `first${uid()}`;
    const member = await body<{ creator: { id: string } }>(
      await t.request('/public/v1/creators', { method: 'POST', key: agencyKey, json: { display_name: `Deck Member ${uid()}`, socials: [{ platform: 'instagram', handle_or_url: first }] } }),
    );
    const deck = await body<{ id: string; slug: string }>(
      await t.request('/public/v1/decks', { method: 'POST', key: agencyKey, json: { title: `Deck ${uid()}`, creator_ids: [member.data.creator.id], visibility: 'link' } }),
    );
    const deckPath = `/d/${deck.data.slug}`;
    await pages.settled();
    await pages.get(deckPath);
    expect((await pages.get(deckPath)).cache).toBe('hit');
    // Adding the same creator with one more social attaches it: every page showing them changes.
    const second = `second${uid()}`;
    const again = await t.request('/public/v1/creators', {
      method: 'POST',
      key: agencyKey,
      json: { display_name: 'Same Person', socials: [{ platform: 'instagram', handle_or_url: first }, { platform: 'tiktok', handle_or_url: second }] },
    });
    expect((await body<{ creator: { id: string } }>(again)).data.creator.id).toBe(member.data.creator.id);
    expect((await eventually(() => pages.get(deckPath), (r) => r.body.includes(second))).body).toContain(second);
  });

  it('a password-protected deck: the form is cached for everyone, the content only reaches a valid unlock cookie', async () => {
    const secretName = `Secret Member ${uid()}`;
    const member = await rosterCreator(t, agencyId, secretName);
    const password = `pw-${uid()}-${uid()}`;
    const deck = await body<{ id: string; slug: string }>(
      await t.request('/public/v1/decks', { method: 'POST', key: agencyKey, json: { title: `Locked ${uid()}`, creator_ids: [member], visibility: 'link', password } }),
    );
    const path = `/d/${deck.data.slug}`;
    const stored = await t.db.deck.findUniqueOrThrow({ where: { id: deck.data.id } });
    const cookie = `${deckUnlockCookieName(stored.id)}=${deckUnlockToken(pages.secret, { id: stored.id, passwordHash: stored.passwordHash! })}`;

    // Unlocked first, so the content is in the cache before anyone without the cookie asks.
    await pages.settled();
    const unlocked = await pages.get(path, { cookie });
    expect(unlocked.body).toContain(secretName);
    expect((await pages.get(path, { cookie })).cache).toBe('hit');
    for (const headers of [{} as Record<string, string>, { cookie: `${deckUnlockCookieName(stored.id)}=forged` }, { cookie: 'deck_unlock_other=x' }]) {
      const locked = await pages.get(path, headers);
      expect(locked.status).toBe(200);
      expect(locked.body).not.toContain(secretName);
      expect(locked.body).toContain('locked');
    }
    expect((await pages.get(path)).cache).toBe('hit'); // the form itself is shared

    // A new password locks the old cookie out at once.
    await t.request(`/public/v1/decks/${deck.data.id}`, { method: 'PATCH', key: agencyKey, json: { password: `${password}-2` } });
    const relocked = await eventually(() => pages.get(path, { cookie }), (r) => !r.body.includes(secretName));
    expect(relocked.body).not.toContain(secretName);
  });
});

/**
 * Two instances sharing one PostgreSQL database: a write through one is visible on the other's next
 * loads, through LISTEN/NOTIFY. (On the embedded database there is only ever one instance.)
 */
describe.skipIf(!process.env.DATABASE_URL)('share-page cache across two instances (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let pagesA: SharePages;
  let pagesB: SharePages;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp();
    pagesA = await startSharePages(a);
    pagesB = await startSharePages(b);
  });
  afterAll(async () => {
    await Promise.all([pagesA.close(), pagesB.close()]);
    await Promise.all([a.close(), b.close()]);
  });

  it('an API write on one instance drops the page on both', async () => {
    const creator = await a.creatorAccount();
    const key = await a.key({ type: 'creator', id: creator.id });
    const slug = `both-${uid()}`;
    const created = await a.request('/public/v1/link-in-bio', {
      method: 'POST',
      key,
      json: { slug, username: `u${uid()}`, bio: 'first bio', blocks: [{ client_id: 'one', type: 'link', title: 'First link', url: 'https://example.com/1' }] },
    });
    expect(created.status).toBe(201);
    for (const pages of [pagesA, pagesB]) {
      await pages.settled();
      expect((await pages.get(`/l/${slug}`)).body).toContain('first bio');
      expect((await pages.get(`/l/${slug}`)).cache).toBe('hit');
    }
    const patched = await a.request('/public/v1/link-in-bio', { method: 'PATCH', key, json: { bio: 'second bio' } });
    expect(patched.status).toBe(200);
    for (const pages of [pagesA, pagesB]) {
      expect((await eventually(() => pages.get(`/l/${slug}`), (r) => r.body.includes('second bio'))).body).toContain('second bio');
    }
    // A block saved through instance B's API, seen on A.
    const saved = await b.request('/public/v1/link-in-bio/blocks', { method: 'POST', key, json: { client_id: 'two', type: 'link', title: 'Block from B', url: 'https://example.com/2' } });
    expect(saved.status).toBe(201);
    expect((await eventually(() => pagesA.get(`/l/${slug}`), (r) => r.body.includes('Block from B'))).body).toContain('Block from B');
  });

  it('an import run by one instance drops the roster page on the other', async () => {
    const agency = await a.agency();
    const { slug } = await a.db.agency.findUniqueOrThrow({ where: { id: agency.id } });
    await setRosterPublished(a.db, operatorActor(), agency.id, true);
    await pagesB.settled();
    await pagesB.get(`/roster/${slug}`);
    expect((await pagesB.get(`/roster/${slug}`)).cache).toBe('hit');
    const name = `Imported Across ${uid()}`;
    const csv = `display_name,tiktok\n${name},@x${uid()}\n`;
    const created = await createCreatorImport({ db: a.db, jobs: parkedJobs() }, agency.id, csvFile(csv));
    await runCreatorImport(a.app.services, created.id);
    expect((await eventually(() => pagesB.get(`/roster/${slug}`), (r) => r.body.includes(name))).body).toContain(name);
  });
});

describe('an instance that missed a message converges within its TTL', () => {
  // Three seconds, not one: the unannounced write and the next read must both land inside the TTL even on a
  // loaded CI machine (with one second, a slow write let the copy expire first and the test read 'after').
  const ttlSeconds = 3;
  let t: TestApp;
  let pages: SharePages;
  beforeAll(async () => {
    t = await startTestApp({ config: { sharePages: { viewsPerAddressPerHour: 60, cacheTtlSeconds: ttlSeconds, cacheMaxBytes: 8 << 20 } } });
    pages = await startSharePages(t);
  });
  afterAll(async () => {
    await pages.close();
    await t.close();
  });

  it('serves the old copy at most about a TTL after an unannounced change, then the new one', async () => {
    const creator = await t.creatorAccount();
    const key = await t.key({ type: 'creator', id: creator.id });
    const slug = `ttl-${uid()}`;
    await t.request('/public/v1/link-in-bio', { method: 'POST', key, json: { slug, username: `u${uid()}`, bio: 'before' } });
    // The creation's invalidation must have arrived first: one landing during the first render keeps it from the cache.
    await pages.settled();
    expect((await pages.get(`/l/${slug}`)).body).toContain('before');
    // Written behind the services' back: no invalidation is sent (as if the message were lost).
    await t.db.linkInBioPage.updateMany({ where: { slug }, data: { bio: 'after' } });
    expect((await pages.get(`/l/${slug}`)).body).toContain('before');
    const started = Date.now();
    const converged = await eventually(() => pages.get(`/l/${slug}`), (r) => r.body.includes('after'), ttlSeconds * 1_000 + 5_000);
    expect(converged.body).toContain('after');
    expect(Date.now() - started).toBeLessThan(ttlSeconds * 1_000 + 2_000);
    // Past the TTL with nothing changed, the page is re-checked (one read) but not re-rendered.
    const renders = pages.renders.length;
    await new Promise((resolve) => setTimeout(resolve, ttlSeconds * 1_000 + 200));
    for (let i = 0; i < 5; i += 1) expect((await pages.get(`/l/${slug}`)).body).toContain('after');
    expect(pages.renders.length).toBe(renders);
  });
});

describe('a render that overlaps an invalidation of what it shows', () => {
  let t: TestApp;
  let pages: SharePages;
  let gate: Promise<void> | null = null;
  beforeAll(async () => {
    t = await startTestApp();
    pages = await startSharePages(t, { beforeRender: () => gate ?? Promise.resolve() });
  });
  afterAll(async () => {
    await pages.close();
    await t.close();
  });

  it('is served to its own request but not kept', async () => {
    const creator = await t.creatorAccount();
    const key = await t.key({ type: 'creator', id: creator.id });
    const slug = `race-${uid()}`;
    const created = (await (await t.request('/public/v1/link-in-bio', { method: 'POST', key, json: { slug, username: `u${uid()}` } })).json()) as { data: { id: string } };
    await pages.settled();
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    const slow = pages.get(`/l/${slug}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    pages.server.invalidate([`link_in_bio:${created.data.id}`]); // a write lands while the page renders
    release();
    gate = null;
    expect((await slow).status).toBe(200);
    expect((await pages.get(`/l/${slug}`)).cache).toBe('miss');
    expect((await pages.get(`/l/${slug}`)).cache).toBe('hit');
  });
});

describe('share paths and invalidation payloads', () => {
  it('matches the five share pages and nothing below or beside them', () => {
    expect(matchSharePath('/l/cleo')).toEqual({ kind: 'link_in_bio', slug: 'cleo' });
    expect(matchSharePath('/roster/acme-talent')).toEqual({ kind: 'roster', slug: 'acme-talent' });
    expect(matchSharePath('/m/caf%C3%A9')).toEqual({ kind: 'media_kit', slug: 'café' });
    for (const path of ['/l/', '/l/cleo/', '/l/cleo/x', '/lx/cleo', '/docs', '/d/%E0%A4%A', `/d/${'x'.repeat(129)}`]) expect(matchSharePath(path), path).toBeNull();
  });

  it('splits many tags into notifications under PostgreSQL’s payload limit, dropping duplicates', () => {
    const tags = Array.from({ length: 1_000 }, (_, i) => `creator:${String(i).padStart(24, '0')}`);
    const payloads = tagPayloads([...tags, ...tags]);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(payloads.flatMap((p) => JSON.parse(p) as string[])).toEqual(tags);
  });
});
