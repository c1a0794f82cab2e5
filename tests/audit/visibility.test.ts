import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPrincipal } from '../../src/server/services/accounts';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Who can see a deck or a media kit is shared state: changing a deck's visibility or password, or a
 * media kit's visibility, or publishing a campaign report, is audited (whether a password is set,
 * never the password or its hash).
 */
describe('audited visibility changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  async function audit(key: string, action: string) {
    const response = await t.request(`/public/v1/audit-events?action=${action}`, { key });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { target: { id: string }; changes: Record<string, unknown[]>; actor: { type: string } }[] }).data;
  }

  it('records a deck going private, getting a password and losing it; an edit of other fields records nothing', async () => {
    const agency = await t.agency({ plan: 'scale' });
    const key = await t.key({ type: 'agency', id: agency.id });
    const created = await t.request('/public/v1/decks', { method: 'POST', key, json: { title: 'Audited deck' } });
    expect(created.status).toBe(201);
    const deck = (await created.json()).data as { id: string };
    const patch = (json: unknown) => t.request(`/public/v1/decks/${deck.id}`, { method: 'PATCH', key, json });
    expect((await patch({ title: 'Renamed deck' })).status).toBe(200);
    expect((await patch({ visibility: 'private' })).status).toBe(200);
    expect((await patch({ password: 'correct horse battery' })).status).toBe(200);
    expect((await patch({ password: null })).status).toBe(200);

    const visibility = await audit(key, 'deck.visibility_changed');
    expect(visibility).toMatchObject([{ target: { id: deck.id }, changes: { visibility: ['link', 'private'] }, actor: { type: 'api_key' } }]);
    const passwords = await audit(key, 'deck.password_changed');
    expect(passwords.map((event) => event.changes)).toEqual([{ protected: [true, false] }, { protected: [false, true] }]);
    const rows = JSON.stringify(await t.db.auditEvent.findMany({ where: { subjectId: agency.id } }));
    expect(rows).not.toContain('correct horse battery');
    const hash = (await t.db.deck.findUniqueOrThrow({ where: { id: deck.id } })).passwordHash;
    expect(hash).toBeNull();
  });

  it('records publishing and taking down a campaign report in settings, once per change', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id });
    const created = await t.request('/public/v1/campaigns', { method: 'POST', key, json: { name: 'Audited launch' } });
    expect(created.status).toBe(201);
    const campaign = (await created.json()).data as { id: string };
    const owner = (await sessionPrincipal(t.db, { userId: agency.ownerUserId, sessionId: 'session-visibility-test' }))!;
    for (const enabled of [true, true, false]) {
      const result = await t.app.gateway.call('campaignReports.setPublicReport', { campaign_id: campaign.id, enabled }, owner, { door: 'ui', requestId: `req_publish_${enabled}` });
      expect(result.ok).toBe(true);
    }
    const published = await audit(key, 'campaign_report.published');
    expect(published).toMatchObject([{ target: { id: campaign.id }, changes: { public_report_enabled: [false, true] }, actor: { type: 'user' } }]);
    expect(await audit(key, 'campaign_report.unpublished')).toMatchObject([{ changes: { public_report_enabled: [true, false] } }]);
  });

  it('records a media kit changing visibility', async () => {
    const creator = await t.creatorAccount();
    const key = await t.key({ type: 'creator', id: creator.id });
    const ensured = await t.request('/public/v1/media-kits', { method: 'POST', key, json: {} });
    expect(ensured.status).toBe(201);
    const kit = ((await ensured.json()).data as { media_kit: { id: string; visibility: string } }).media_kit;
    const patched = await t.request(`/public/v1/media-kits/${kit.id}`, { method: 'PATCH', key, json: { visibility: 'private' } });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await audit(key, 'media_kit.visibility_changed')).toMatchObject([{ target: { id: kit.id }, changes: { visibility: [kit.visibility, 'private'] } }]);
  });
});
