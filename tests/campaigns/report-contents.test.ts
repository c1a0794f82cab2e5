/**
 * Participants, posts and the public report switch (managed in the UI through
 * services/campaign-report.ts): ownership like the API's, the API reads back the resulting summary,
 * the public report loader serves it only while published, and PATCH keeps refusing these fields.
 */
import { operatorActor } from '../../src/server/domain/actor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCreatorToRoster } from '../../src/server/services/creators';
import {
  addCampaignContent,
  addCampaignParticipant,
  campaignContentInputSchema,
  getCampaignReportContents,
  removeCampaignParticipant,
  setCampaignPublicReport,
  updateCampaignContentMetrics,
} from '../../src/server/services/campaign-report';
import { createCampaign } from '../../src/server/services/campaigns';
import { getPublicCampaignReport } from '../../src/server/services/public-pages';
import { ApiError } from '../../src/server/domain/errors';
import { readProblem, startTestApp, type TestApp } from '../support/app';

describe('campaign report contents', () => {
  let t: TestApp;
  let agency: { type: 'agency'; id: string };
  let other: { type: 'agency'; id: string };
  let agencyKey: string;
  let rosterCreatorId: string;

  beforeAll(async () => {
    t = await startTestApp();
    agency = { type: 'agency', id: (await t.agency()).id };
    other = { type: 'agency', id: (await t.agency()).id };
    agencyKey = await t.key(agency, ['campaigns:read', 'campaigns:write']);
    const added = await addCreatorToRoster(t.app.services, { agencyId: agency.id, input: { display_name: 'Nia Nakamura' }, source: 'ui' });
    rosterCreatorId = added.creator.id;
  });
  afterAll(() => t.close());

  const post = (creatorId: string, url: string, views: number) =>
    campaignContentInputSchema.parse({ creator_id: creatorId, platform: 'instagram', url, views, impressions: views * 2, engagements: Math.round(views / 10) });

  it('adds a roster participant and posts; the API summary and the public report show the numbers with EMV from the CPMs', async () => {
    const campaign = await createCampaign(t.app.services, agency, { name: 'Launch week', cpm: { instagram: 20 } });
    expect(await addCampaignParticipant(t.db, agency, campaign.id, rosterCreatorId)).toEqual({ added: true });
    expect(await addCampaignParticipant(t.db, agency, campaign.id, rosterCreatorId)).toEqual({ added: false });
    await addCampaignContent(t.db, agency, campaign.id, post(rosterCreatorId, 'https://www.instagram.com/p/abc/', 10_000));
    await addCampaignContent(t.db, agency, campaign.id, post(rosterCreatorId, 'https://www.instagram.com/p/def/', 5_000));

    const response = await t.request(`/public/v1/campaigns/${campaign.id}`, { key: agencyKey });
    const { data } = await response.json();
    expect(data.summary).toEqual({ creators: 1, content: 2, views: 15_000, impressions: 30_000, engagements: 1_500, engagement_rate: 0.05, emv: 300 });

    // Not public until published; then served by slug; unpublished again → gone.
    expect(await getPublicCampaignReport(t.db, data.public_report.slug)).toBeNull();
    await setCampaignPublicReport(t.db, operatorActor(), agency, campaign.id, true);
    const report = await getPublicCampaignReport(t.db, data.public_report.slug);
    expect(report?.summary.emv).toBe(300);
    expect(report?.creators.map((c) => c.displayName)).toEqual(['Nia Nakamura']);
    expect(report?.content.map((c) => c.views)).toEqual([10_000, 5_000]);
    await setCampaignPublicReport(t.db, operatorActor(), agency, campaign.id, false);
    expect(await getPublicCampaignReport(t.db, data.public_report.slug)).toBeNull();
  });

  it('refuses a post by a non-participant, the same URL twice, and negative metrics', async () => {
    const campaign = await createCampaign(t.app.services, agency, { name: 'Rules' });
    await expect(addCampaignContent(t.db, agency, campaign.id, post(rosterCreatorId, 'https://example.com/p/1', 1))).rejects.toMatchObject({ slug: 'validation-error' });
    await addCampaignParticipant(t.db, agency, campaign.id, rosterCreatorId);
    await addCampaignContent(t.db, agency, campaign.id, post(rosterCreatorId, 'https://example.com/p/1', 1));
    const duplicate = await addCampaignContent(t.db, agency, campaign.id, post(rosterCreatorId, 'https://example.com/p/1', 2)).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(ApiError);
    expect((duplicate as ApiError).options.errors?.[0]?.path).toBe('url');
    const negative = campaignContentInputSchema.safeParse({ creator_id: rosterCreatorId, platform: 'tiktok', url: 'https://example.com/p/2', views: -1, impressions: 0, engagements: 0 });
    expect(negative.success).toBe(false);
    const badUrl = campaignContentInputSchema.safeParse({ creator_id: rosterCreatorId, platform: 'tiktok', url: 'javascript:alert(1)', views: 0, impressions: 0, engagements: 0 });
    expect(badUrl.success).toBe(false);
  });

  it('updates metrics, and removing a participant removes its posts', async () => {
    const campaign = await createCampaign(t.app.services, agency, { name: 'Edits' });
    await addCampaignParticipant(t.db, agency, campaign.id, rosterCreatorId);
    const row = await addCampaignContent(t.db, agency, campaign.id, post(rosterCreatorId, 'https://example.com/p/9', 100));
    await updateCampaignContentMetrics(t.db, agency, campaign.id, row.id, { views: 700, impressions: 900, engagements: 90 });
    expect((await getCampaignReportContents(t.db, agency, campaign.id)).content[0]).toMatchObject({ views: 700, impressions: 900, engagements: 90 });
    await removeCampaignParticipant(t.db, agency, campaign.id, rosterCreatorId);
    expect(await getCampaignReportContents(t.db, agency, campaign.id)).toEqual({ participants: [], content: [] });
  });

  it('treats another agency’s campaign and a creator off the roster as not found', async () => {
    const campaign = await createCampaign(t.app.services, agency, { name: 'Mine' });
    await expect(addCampaignParticipant(t.db, other, campaign.id, rosterCreatorId)).rejects.toMatchObject({ slug: 'not-found' });
    await expect(setCampaignPublicReport(t.db, operatorActor(), other, campaign.id, true)).rejects.toMatchObject({ slug: 'not-found' });
    const foreign = await addCreatorToRoster(t.app.services, { agencyId: other.id, input: { display_name: 'Elsewhere' }, source: 'ui' });
    await expect(addCampaignParticipant(t.db, agency, campaign.id, foreign.creator.id)).rejects.toMatchObject({ slug: 'not-found' });
    expect((await t.db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).publicReportEnabled).toBe(false);
  });

  it('the API still refuses participants, content and public_report on PATCH, naming the field', async () => {
    const campaign = await createCampaign(t.app.services, agency, { name: 'API' });
    const response = await t.request(`/public/v1/campaigns/${campaign.id}`, { method: 'PATCH', key: agencyKey, json: { public_report: { enabled: true } } });
    expect(response.status).toBe(400);
    expect((await readProblem(response)).errors?.[0]).toMatchObject({ path: 'body.public_report', code: 'unsupported_field' });
  });
});
