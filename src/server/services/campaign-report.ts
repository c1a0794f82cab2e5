/**
 * What the REST contract leaves out of campaigns and the settings UI manages: participants (roster
 * creators, or the creator who owns the campaign), tracked posts with their metrics, and the public
 * report switch. The API's PATCH keeps refusing these fields (UNSUPPORTED_PATCH_FIELDS); the UI's
 * server actions call these functions, which check ownership the same way the API does.
 */
import type { Actor } from '../domain/actor';
import { recordAudit } from './audit-events';
import { z } from 'zod';
import { ownedBy, type Owner } from '../domain/owner';
import type { Db } from '../db/database';
import { invalidateSharePages } from './share-page-invalidation';
import { ApiError, fieldError, notFound } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import { isUniqueViolation } from '../db/unique-violation';
import { assertCreatorVisible } from './creators';
import { urlProblem } from './link-in-bio-rules';

/** Platforms a tracked post can be on; x and twitter are one network (priced by the twitter CPM). */
export const CONTENT_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'x', 'facebook', 'twitch', 'threads', 'linkedin', 'snapchat'] as const;
export type ContentPlatform = (typeof CONTENT_PLATFORMS)[number];
export const MAX_CAMPAIGN_PARTICIPANTS = 500;
export const MAX_CAMPAIGN_CONTENT = 2000;
const MAX_METRIC = 2_000_000_000;

const metric = (label: string) =>
  z.coerce
    .number({ error: `Enter the ${label} as a whole number.` })
    .int(`Enter the ${label} as a whole number.`)
    .min(0, `The ${label} cannot be negative.`)
    .max(MAX_METRIC, `The ${label} is too large.`);

/** A tracked post as the UI submits it. */
export const campaignContentInputSchema = z.strictObject({
  creator_id: z.string().regex(/^[0-9a-f]{24}$/, 'Choose a creator.'),
  platform: z.enum(CONTENT_PLATFORMS, { error: 'Choose a platform.' }),
  url: z
    .string()
    .trim()
    .min(1, 'Enter the post’s URL.')
    .superRefine((value, ctx) => {
      const problem = urlProblem(value, 'link');
      if (problem) ctx.addIssue({ code: 'custom', message: `The URL ${problem}.` });
    }),
  views: metric('views'),
  impressions: metric('impressions'),
  engagements: metric('engagements'),
  posted_at: z.iso.datetime({ offset: true, error: 'Enter a date and time.' }).nullable().optional(),
});
export type CampaignContentInput = z.infer<typeof campaignContentInputSchema>;

async function ownedCampaignId(db: Db, owner: Owner, campaignId: string): Promise<string> {
  const row = await db.campaign.findFirst({ where: { id: campaignId, ...ownedBy(owner) }, select: { id: true } });
  if (!row) throw notFound('campaign', campaignId);
  return row.id;
}

/** Marks the campaign changed and drops its cached report page (/r/…) on every instance. */
async function touch(db: Db, campaignId: string): Promise<void> {
  await db.campaign.update({ where: { id: campaignId }, data: { updatedAt: new Date() } });
  await invalidateSharePages(db, [`campaign:${campaignId}`]);
}

/** Adds a creator the owner can see (its roster, or itself). Adding one twice is harmless. */
export async function addCampaignParticipant(db: Db, owner: Owner, campaignId: string, creatorId: string): Promise<{ added: boolean }> {
  const id = await ownedCampaignId(db, owner, campaignId);
  await assertCreatorVisible(db, owner, creatorId);
  const count = await db.campaignParticipant.count({ where: { campaignId: id } });
  if (count >= MAX_CAMPAIGN_PARTICIPANTS) throw new ApiError('conflict', `A campaign has at most ${MAX_CAMPAIGN_PARTICIPANTS} participants.`);
  const result = await db.campaignParticipant.createMany({ data: [{ campaignId: id, creatorId }], skipDuplicates: true });
  if (result.count > 0) await touch(db, id);
  return { added: result.count > 0 };
}

/** Removes a participant and, in the same transaction, the posts it authored in this campaign. */
export async function removeCampaignParticipant(db: Db, owner: Owner, campaignId: string, creatorId: string): Promise<void> {
  const id = await ownedCampaignId(db, owner, campaignId);
  await db.$transaction([
    db.campaignContent.deleteMany({ where: { campaignId: id, creatorId } }),
    db.campaignParticipant.deleteMany({ where: { campaignId: id, creatorId } }),
    db.campaign.update({ where: { id }, data: { updatedAt: new Date() } }),
  ]);
  await invalidateSharePages(db, [`campaign:${id}`]);
}

/**
 * Records a post by a participant. The same URL twice in one campaign is a 409 (unique constraint),
 * so a resubmitted form never counts a post twice.
 */
export async function addCampaignContent(db: Db, owner: Owner, campaignId: string, input: CampaignContentInput) {
  const id = await ownedCampaignId(db, owner, campaignId);
  const participant = await db.campaignParticipant.findUnique({ where: { campaignId_creatorId: { campaignId: id, creatorId: input.creator_id } } });
  if (!participant) throw fieldError('creator_id', 'Add this creator as a participant first.', 'not_participant');
  const count = await db.campaignContent.count({ where: { campaignId: id } });
  if (count >= MAX_CAMPAIGN_CONTENT) throw new ApiError('conflict', `A campaign tracks at most ${MAX_CAMPAIGN_CONTENT} posts.`);
  try {
    const row = await db.campaignContent.create({
      data: {
        id: newObjectId(),
        campaignId: id,
        creatorId: input.creator_id,
        platform: input.platform,
        url: input.url,
        views: input.views,
        impressions: input.impressions,
        engagements: input.engagements,
        postedAt: input.posted_at ? new Date(input.posted_at) : null,
      },
    });
    await touch(db, id);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('url', 'This post is already tracked in this campaign.', 'duplicate');
    throw error;
  }
}

/** Updates a tracked post's metrics (the numbers a report shows). */
export async function updateCampaignContentMetrics(
  db: Db,
  owner: Owner,
  campaignId: string,
  contentId: string,
  metrics: Pick<CampaignContentInput, 'views' | 'impressions' | 'engagements'>,
): Promise<void> {
  const id = await ownedCampaignId(db, owner, campaignId);
  const updated = await db.campaignContent.updateMany({ where: { id: contentId, campaignId: id }, data: metrics });
  if (updated.count === 0) throw notFound('post', contentId);
  await touch(db, id);
}

export async function removeCampaignContent(db: Db, owner: Owner, campaignId: string, contentId: string): Promise<void> {
  const id = await ownedCampaignId(db, owner, campaignId);
  const removed = await db.campaignContent.deleteMany({ where: { id: contentId, campaignId: id } });
  if (removed.count === 0) throw notFound('post', contentId);
  await touch(db, id);
}

/** Publishes (or takes down) the report at /r/{slug}; the slug never changes. */
export async function setCampaignPublicReport(db: Db, actor: Actor, owner: Owner, campaignId: string, enabled: boolean): Promise<void> {
  await db.$transaction(async (tx) => {
    // Publishing is audited when it changes something: the state before, under the row lock.
    const [before] = await tx.$queryRaw<{ public_report_enabled: boolean }[]>`
      SELECT public_report_enabled FROM campaigns WHERE id = ${campaignId} AND owner_type = ${owner.type} AND owner_id = ${owner.id} FOR UPDATE`;
    if (!before) throw notFound('campaign', campaignId);
    await tx.campaign.update({ where: { id: campaignId }, data: { publicReportEnabled: enabled, updatedAt: new Date() } });
    if (before.public_report_enabled !== enabled) {
      await recordAudit(tx, actor, {
        subject: owner,
        action: enabled ? 'campaign_report.published' : 'campaign_report.unpublished',
        target: { type: 'campaign', id: campaignId },
        changes: { public_report_enabled: [before.public_report_enabled, enabled] },
      });
    }
    await invalidateSharePages(tx, [`campaign:${campaignId}`]);
  });
}

export interface CampaignReportContents {
  participants: { creatorId: string; displayName: string; avatarUrl: string | null }[];
  content: { id: string; creatorId: string; platform: string; url: string; views: number; impressions: number; engagements: number; postedAt: Date | null }[];
}

/** The participants and posts the campaign editor lists. */
export async function getCampaignReportContents(db: Db, owner: Owner, campaignId: string): Promise<CampaignReportContents> {
  const id = await ownedCampaignId(db, owner, campaignId);
  const [participants, content] = await Promise.all([
    db.campaignParticipant.findMany({ where: { campaignId: id }, orderBy: { createdAt: 'asc' }, select: { creatorId: true } }),
    db.campaignContent.findMany({ where: { campaignId: id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  ]);
  const creators = await db.creator.findMany({ where: { id: { in: participants.map((p) => p.creatorId) } }, select: { id: true, displayName: true, avatarUrl: true } });
  const byId = new Map(creators.map((c) => [c.id, c]));
  return {
    participants: participants.map((p) => ({ creatorId: p.creatorId, displayName: byId.get(p.creatorId)?.displayName ?? 'Creator', avatarUrl: byId.get(p.creatorId)?.avatarUrl ?? null })),
    content: content.map((c) => ({ id: c.id, creatorId: c.creatorId, platform: c.platform, url: c.url, views: c.views, impressions: c.impressions, engagements: c.engagements, postedAt: c.postedAt })),
  };
}
