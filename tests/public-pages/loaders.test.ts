import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../src/server/lib/object-id';
import {
  checkDeckPassword,
  deckUnlockToken,
  getPublicCampaignReport,
  getPublicDeck,
  getPublicLinkInBio,
  getPublicMediaKit,
  getPublicRoster,
  isDeckUnlocked,
} from '../../src/server/services/public-pages';
import { startTestApp, type TestApp } from '../support/app';

/** What the share pages render (the pages themselves are opened in a browser by e2e/share-pages.spec.ts). */
describe('share page loaders', () => {
  let t: TestApp;
  let agencyId: string;
  let agencySlug: string;
  let key: string;
  let creatorId: string;
  let creatorKey: string;

  async function json(path: string, k: string, method = 'GET', body?: unknown) {
    const response = await t.request(`/public/v1${path}`, { method, key: k, json: body });
    if (response.status >= 300) throw new Error(`${method} ${path} → ${response.status}: ${await response.text()}`);
    return (await response.json()).data;
  }

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency({ name: `Loader Agency ${newObjectId()}` })).id;
    agencySlug = (await t.db.agency.findUniqueOrThrow({ where: { id: agencyId } })).slug;
    key = await t.key({ type: 'agency', id: agencyId }, ['all']);
    creatorId = (await t.creatorAccount({ name: 'Lia Links' })).id;
    creatorKey = await t.key({ type: 'creator', id: creatorId }, ['all']);
  });
  afterAll(() => t.close());

  it('media kits: shared by link only; the view target names the kit’s owner', async () => {
    const added = await json('/creators', key, 'POST', { display_name: 'Kai', tags: ['surf'], socials: [{ platform: 'instagram', handle_or_url: '@kai.surfs' }] });
    const social = await t.db.socialAccount.findFirstOrThrow({ where: { creatorId: added.creator.id } });
    await t.db.socialAccount.update({ where: { id: social.id }, data: { followers: 12_000 } });
    const kit = await json(`/media-kits/${added.media_kit.id}`, key, 'PATCH', { headline: 'Surf and sea', accent_color: '#0F766E' });
    const loaded = await getPublicMediaKit(t.db, kit.slug);
    expect(loaded).toMatchObject({
      target: { type: 'media_kit', id: kit.id, owner: { type: 'agency', id: agencyId } },
      headline: 'Surf and sea',
      design: { theme: 'light', accentColor: '#0F766E', backgroundColor: '#FFFFFF' },
      creator: { displayName: 'Kai', tags: ['surf'], totalFollowers: 12_000, socials: [{ platform: 'instagram', username: 'kai.surfs', followers: 12_000 }] },
    });
    await json(`/media-kits/${kit.id}`, key, 'PATCH', { visibility: 'private' });
    expect(await getPublicMediaKit(t.db, kit.slug)).toBeNull();
    expect(await getPublicMediaKit(t.db, 'no-such-kit')).toBeNull();
  });

  it('decks: private ones are hidden; a password unlocks with a token bound to the current password', async () => {
    const open = await json('/decks', key, 'POST', { title: 'Open deck' });
    expect(await getPublicDeck(t.db, open.slug)).toMatchObject({ title: 'Open deck', passwordHash: null, target: { type: 'deck', id: open.id } });
    const hidden = await json('/decks', key, 'POST', { title: 'Hidden deck', visibility: 'private' });
    expect(await getPublicDeck(t.db, hidden.slug)).toBeNull();

    const locked = await json('/decks', key, 'POST', { title: 'Locked deck', password: 'correct horse 1' });
    const deck = (await getPublicDeck(t.db, locked.slug.toUpperCase()))!;
    expect(deck.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await checkDeckPassword(deck.passwordHash!, 'correct horse 1')).toBe(true);
    expect(await checkDeckPassword(deck.passwordHash!, 'correct horse 2')).toBe(false);
    expect(await checkDeckPassword(deck.passwordHash!, '')).toBe(false);
    const token = deckUnlockToken('secret', { id: deck.id, passwordHash: deck.passwordHash! });
    expect(isDeckUnlocked('secret', { id: deck.id, passwordHash: deck.passwordHash! }, token)).toBe(true);
    expect(isDeckUnlocked('other secret', { id: deck.id, passwordHash: deck.passwordHash! }, token)).toBe(false);
    expect(isDeckUnlocked('secret', { id: deck.id, passwordHash: deck.passwordHash! }, undefined)).toBe(false);
    // A new password locks everyone out again.
    await json(`/decks/${locked.id}`, key, 'PATCH', { password: 'a new password' });
    const changed = (await getPublicDeck(t.db, locked.slug))!;
    expect(isDeckUnlocked('secret', { id: changed.id, passwordHash: changed.passwordHash! }, token)).toBe(false);
  });

  it('roster: the agency’s creators by its slug, once the agency has published it', async () => {
    expect(await getPublicRoster(t.db, agencySlug)).toBeNull();
    await t.db.agency.update({ where: { id: agencyId }, data: { rosterPublished: true } });
    const roster = (await getPublicRoster(t.db, agencySlug.toUpperCase()))!;
    expect(roster).toMatchObject({ target: { type: 'roster', id: agencyId, owner: { type: 'agency', id: agencyId } }, total: roster.creators.length });
    expect(roster.creators.map((c) => c.displayName)).toContain('Kai');
    expect(await getPublicRoster(t.db, 'no-such-agency')).toBeNull();
  });

  it('campaign reports: only while the public report is enabled', async () => {
    const campaign = await json('/campaigns', key, 'POST', { name: 'Summer', cpm: { instagram: 10 } });
    const slug = campaign.public_report.slug;
    expect(await getPublicCampaignReport(t.db, slug)).toBeNull();
    await t.db.campaign.update({ where: { id: campaign.id }, data: { publicReportEnabled: true } });
    const kai = await t.db.creator.findFirstOrThrow({ where: { displayName: 'Kai', memberships: { some: { agencyId } } } });
    await t.db.campaignContent.create({ data: { id: newObjectId(), campaignId: campaign.id, creatorId: kai.id, platform: 'instagram', url: 'https://instagram.com/p/x', views: 1000, impressions: 2000, engagements: 100 } });
    expect(await getPublicCampaignReport(t.db, slug)).toMatchObject({
      target: { type: 'campaign', id: campaign.id, owner: { type: 'agency', id: agencyId } },
      name: 'Summer',
      summary: { creators: 1, content: 1, views: 1000, engagement_rate: 0.05, emv: 10 },
      content: [{ creatorName: 'Kai', views: 1000 }],
      creators: [{ displayName: 'Kai' }],
    });
    expect(await getPublicCampaignReport(t.db, slug.toLowerCase() === slug ? `${slug}x` : slug.toLowerCase())).toBeNull();
  });

  it('link in bio: visible blocks in order, by slug in any case', async () => {
    await json('/link-in-bio', creatorKey, 'POST', {
      slug: 'lia-links',
      username: 'lia',
      blocks: [
        { client_id: 'a', type: 'link', title: 'Second', url: 'https://example.com/2', order: 20 },
        { client_id: 'b', type: 'link', title: 'First', url: 'https://example.com/1', order: 10 },
        { client_id: 'c', type: 'text', title: 'Hidden', visible: false, order: 5 },
      ],
    });
    const page = (await getPublicLinkInBio(t.db, 'Lia-Links'))!;
    expect(page.target).toMatchObject({ type: 'link_in_bio', owner: { type: 'creator', id: creatorId } });
    expect(page.blocks.map((b) => b.title)).toEqual(['First', 'Second']);
    expect(page.creator.displayName).toBe('Lia Links');
  });
});
