import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSummary } from '../../src/server/services/dashboard';
import { insertPageViews } from '../../src/server/services/page-views';
import { indexCampaigns, indexDecks, indexMediaKits } from '../../src/server/services/resource-index';
import { settingsTotals } from '../../src/server/services/settings-totals';
import { startTestApp, type TestApp } from '../support/app';

const HOUR = 3_600_000;

/**
 * The dashboard's figures and the editor's index pages read through services scoped to the
 * session's subject: another agency's things never show, counts are exact, search narrows by name,
 * and paging by the signed cursor is stable and refuses a cursor from another list.
 */
describe('dashboard and index pages', () => {
  let t: TestApp;
  let agencyId: string;
  let otherAgencyId: string;
  let creatorId: string;
  let kitIds: string[];
  let deckId: string;

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency({ name: 'Dash Agency' })).id;
    otherAgencyId = (await t.agency({ name: 'Other Agency' })).id;
    creatorId = (await t.creatorAccount({ name: 'Solo Creator' })).id;
    const key = await t.key({ type: 'agency', id: agencyId }, ['all']);
    const otherKey = await t.key({ type: 'agency', id: otherAgencyId }, ['all']);
    kitIds = [];
    for (const name of ['Maya Reyes', 'Theo Park', 'Lucía Ortega']) {
      const body = await (await t.request('/public/v1/creators', { method: 'POST', key, json: { display_name: name } })).json();
      kitIds.push(body.data.media_kit.id);
    }
    await t.request('/public/v1/creators', { method: 'POST', key: otherKey, json: { display_name: 'Someone Else' } });
    const deck = await (await t.request('/public/v1/decks', { method: 'POST', key, json: { title: 'Summer pitch', creator_ids: [] } })).json();
    deckId = deck.data.id;
    for (const name of ['Spring launch', 'Summer launch', 'Autumn review']) {
      expect((await t.request('/public/v1/campaigns', { method: 'POST', key, json: { name } })).status).toBe(201);
    }
    const now = Date.now();
    const owner = { type: 'agency' as const, id: agencyId };
    await insertPageViews(t.db, [
      { target: { type: 'media_kit', id: kitIds[0]!, owner }, visitorHash: 'v1', at: now - HOUR },
      { target: { type: 'media_kit', id: kitIds[1]!, owner }, visitorHash: 'v2', at: now - HOUR },
      { target: { type: 'deck', id: deckId, owner }, visitorHash: 'v1', at: now - 2 * HOUR },
      { target: { type: 'roster', id: agencyId, owner }, visitorHash: 'v3', at: now - 30 * 24 * HOUR },
    ]);
  });
  afterAll(() => t.close());

  it('counts only the subject’s own things, lists what changed lately and adds up last week’s views', async () => {
    const summary = await dashboardSummary(t.db, { type: 'agency', id: agencyId }, { timezone: 'Europe/Berlin' });
    expect(summary.counts).toEqual({ mediaKits: 3, publicMediaKits: 3, campaigns: 3, activeCampaigns: 3, decks: 1, rosterCreators: 3 });
    expect(summary.linkInBio).toBeNull();
    expect(summary.recent.length).toBe(6);
    expect(summary.recent.map((r) => r.label)).not.toContain('Someone Else');
    // The roster view a month ago is outside the 7 days.
    expect(summary.views.pageViews).toBe(3);
    expect(summary.views.days).toHaveLength(7);
    expect(summary.views.days.reduce((sum, d) => sum + d.pageViews, 0)).toBe(3);
    expect(summary.views.timezone).toBe('Europe/Berlin');
    expect(summary.views.byType.find((v) => v.type === 'deck')?.pageViews).toBe(1);

    const creator = await dashboardSummary(t.db, { type: 'creator', id: creatorId });
    expect(creator.counts).toMatchObject({ mediaKits: 0, campaigns: 0, decks: 0, rosterCreators: 0 });
    expect(creator.views.pageViews).toBe(0);
    expect(await settingsTotals(t.db, { type: 'agency', id: agencyId })).toEqual({ mediaKits: 3, decks: 1, campaigns: 3 });
  });

  it('index pages search by name and page by signed cursor, newest first', async () => {
    const owner = { type: 'agency' as const, id: agencyId };
    const codec = t.app.services.cursors;
    const first = await indexMediaKits(t.db, codec, owner, { limit: 2 });
    expect(first.items.map((k) => k.id)).toEqual([kitIds[2], kitIds[1]]);
    expect(first.items[0]!.creatorName).toBe('Lucía Ortega');
    const second = await indexMediaKits(t.db, codec, owner, { limit: 2, cursor: first.meta.next_cursor! });
    expect(second.items.map((k) => k.id)).toEqual([kitIds[0]]);
    expect(second.meta.next_cursor).toBeNull();

    const found = await indexCampaigns(t.db, codec, owner, { search: '  LAUNCH ' });
    expect(found.search).toBe('LAUNCH');
    expect(found.items.map((c) => c.name)).toEqual(['Summer launch', 'Spring launch']);
    expect(found.items[0]!.summary).toMatchObject({ content: 0, emv: 0 });

    // A cursor of another list (another search) is refused: the first page instead, and it says so.
    const other = await indexCampaigns(t.db, codec, owner, { search: 'review', cursor: first.meta.next_cursor! });
    expect(other.cursorRefused).toBe(true);
    expect(other.items.map((c) => c.name)).toEqual(['Autumn review']);

    const decks = await indexDecks(t.db, codec, agencyId, { search: 'summer' });
    expect(decks.items).toMatchObject([{ id: deckId, title: 'Summer pitch', creatorCount: 0, hasPassword: false }]);
    expect((await indexDecks(t.db, codec, otherAgencyId, {})).items).toEqual([]);
    expect((await indexMediaKits(t.db, codec, { type: 'agency', id: otherAgencyId }, { search: 'maya' })).items).toEqual([]);
  });
});
