import { randomBytes } from 'node:crypto';
import { ownedBy, type Owner } from '../domain/owner';
import type { SubjectType } from '../auth/scopes';
import type { Db } from '../db/database';
import { invalidateSharePages } from './share-page-invalidation';
import { ApiError, emptyPatch, fieldError, notFound, preconditionFailed, type FieldError } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import { presentColumns } from '../lib/patch-columns';
import { isUniqueViolation } from '../db/unique-violation';
import { emitEvents, type EventApp, EVENT_BASE_URL } from './webhook-events';
import type { Campaign as CampaignRow, Prisma } from '../../generated/prisma/client';
import { keysetWindow } from '../domain/pagination';

/** Value sets of the campaign's enumerated fields (the contract shows one value of most). */
export const CAMPAIGN_STATUSES = ['active', 'completed', 'archived'] as const;
export const REFRESH_CADENCES = ['hourly', 'daily', 'weekly'] as const;
export const REFRESH_STATES = ['active', 'paused'] as const;
export const REPORT_ACCESS_MODES = ['link'] as const;
export const CPM_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'twitter'] as const;
export const MAX_CPM = 100_000;
export const MAX_EMV = 1_000_000_000_000;

export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export type RefreshCadence = (typeof REFRESH_CADENCES)[number];
export type RefreshState = (typeof REFRESH_STATES)[number];
export type CpmPlatform = (typeof CPM_PLATFORMS)[number];
export type Cpm = Record<CpmPlatform, number>;

/**
 * Properties a PATCH may not carry, with why. They are accepted by the schema only so the answer can
 * say precisely that the change is unsupported instead of "unknown property".
 */
export const UNSUPPORTED_PATCH_FIELDS = {
  status: 'lifecycle changes (complete, archive, reactivate) are not supported through the API',
  participants: 'campaign participants are not managed through the API',
  content: 'campaign content is not managed through the API',
  public_report: 'public-report settings are not managed through the API',
  refresh: 'refresh actions are not supported through the API; set refresh_cadence or refresh_state instead',
  summary: 'the summary is computed from campaign content and cannot be set',
} as const;
export type UnsupportedPatchField = keyof typeof UNSUPPORTED_PATCH_FIELDS;

export interface CampaignFields {
  name?: string;
  description?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
  refresh_cadence?: RefreshCadence;
  refresh_state?: RefreshState;
  cpm?: Partial<Cpm>;
  emv_override?: number | null;
}

export interface CampaignSummary {
  creators: number;
  content: number;
  views: number;
  impressions: number;
  engagements: number;
  engagement_rate: number;
  emv: number;
}

export interface CampaignView {
  id: string;
  owner_type: SubjectType;
  owner_id: string;
  name: string;
  description: string | null;
  status: CampaignStatus;
  starts_at: string | null;
  ends_at: string | null;
  refresh_cadence: RefreshCadence;
  refresh_state: RefreshState;
  cpm: Cpm;
  emv_override: number | null;
  public_report: { enabled: boolean; access_mode: string; slug: string; share_url: string };
  editor_url: string;
  summary: CampaignSummary;
  created_at: string;
  updated_at: string;
}

export type CampaignWithSummary = CampaignRow & { summary: CampaignSummary };

function cpmOf(row: CampaignRow): Cpm {
  return {
    instagram: row.cpmInstagram ?? 0,
    tiktok: row.cpmTiktok ?? 0,
    youtube: row.cpmYoutube ?? 0,
    twitter: row.cpmTwitter ?? 0,
  };
}

export function campaignView(row: CampaignWithSummary, baseUrl: string): CampaignView {
  return {
    id: row.id,
    owner_type: row.ownerType,
    owner_id: row.ownerId,
    name: row.name,
    description: row.description,
    status: row.status,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    refresh_cadence: row.refreshCadence,
    refresh_state: row.refreshState,
    cpm: cpmOf(row),
    emv_override: row.emvOverride,
    public_report: {
      enabled: row.publicReportEnabled,
      access_mode: row.publicReportAccessMode,
      slug: row.publicReportSlug,
      share_url: `${baseUrl}/r/${row.publicReportSlug}`,
    },
    editor_url: `${baseUrl}/editor/campaigns/${row.id}`,
    summary: row.summary,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Which CPM prices a content platform; x and twitter are one network. Others have no CPM. */
function cpmPlatformOf(platform: string): CpmPlatform | null {
  const p = platform.toLowerCase();
  if (p === 'x') return 'twitter';
  return (CPM_PLATFORMS as readonly string[]).includes(p) ? (p as CpmPlatform) : null;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * Summaries computed from content and participants, for a page of campaigns in three queries:
 * - creators: distinct creators among participants and content authors;
 * - content, views, impressions, engagements: count and sums of content items;
 * - engagement_rate = engagements / impressions (0 without impressions), a ratio rounded to 4 decimals;
 * - emv = emv_override when set, else Σ per platform views × cpm / 1000, rounded to 2 decimals.
 */
export async function withSummaries(db: Db | Prisma.TransactionClient, rows: CampaignRow[]): Promise<CampaignWithSummary[]> {
  if (rows.length === 0) return [];
  const where = { campaignId: { in: rows.map((r) => r.id) } };
  const [sums, authors, participants] = await Promise.all([
    db.campaignContent.groupBy({
      by: ['campaignId', 'platform'],
      where,
      _sum: { views: true, impressions: true, engagements: true },
      _count: { _all: true },
    }),
    db.campaignContent.findMany({ where, distinct: ['campaignId', 'creatorId'], select: { campaignId: true, creatorId: true } }),
    db.campaignParticipant.findMany({ where, select: { campaignId: true, creatorId: true } }),
  ]);
  return rows.map((row) => {
    const cpm = cpmOf(row);
    const creators = new Set([...authors, ...participants].filter((p) => p.campaignId === row.id).map((p) => p.creatorId));
    const summary = { creators: creators.size, content: 0, views: 0, impressions: 0, engagements: 0, engagement_rate: 0, emv: 0 };
    let emv = 0;
    for (const group of sums) {
      if (group.campaignId !== row.id) continue;
      const views = group._sum.views ?? 0;
      summary.content += group._count._all;
      summary.views += views;
      summary.impressions += group._sum.impressions ?? 0;
      summary.engagements += group._sum.engagements ?? 0;
      const platform = cpmPlatformOf(group.platform);
      if (platform) emv += (views * cpm[platform]) / 1000;
    }
    summary.engagement_rate = summary.impressions > 0 ? round(summary.engagements / summary.impressions, 4) : 0;
    summary.emv = row.emvOverride ?? round(emv, 2);
    return { ...row, summary };
  });
}

async function withSummary(db: Db | Prisma.TransactionClient, row: CampaignRow): Promise<CampaignWithSummary> {
  return (await withSummaries(db, [row]))[0]!;
}

function dateOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

function fieldData(fields: CampaignFields): Prisma.CampaignUncheckedUpdateManyInput {
  const data = presentColumns<CampaignFields, Prisma.CampaignUncheckedUpdateManyInput>(fields, {
    name: 'name',
    description: 'description',
    refresh_cadence: 'refreshCadence',
    refresh_state: 'refreshState',
    emv_override: 'emvOverride',
  });
  if (fields.starts_at !== undefined) data.startsAt = dateOrNull(fields.starts_at);
  if (fields.ends_at !== undefined) data.endsAt = dateOrNull(fields.ends_at);
  if (fields.cpm?.instagram !== undefined) data.cpmInstagram = fields.cpm.instagram;
  if (fields.cpm?.tiktok !== undefined) data.cpmTiktok = fields.cpm.tiktok;
  if (fields.cpm?.youtube !== undefined) data.cpmYoutube = fields.cpm.youtube;
  if (fields.cpm?.twitter !== undefined) data.cpmTwitter = fields.cpm.twitter;
  return data;
}

function endsBeforeStarts(startsAt: Date | string, endsAt: Date | string, path = 'body.ends_at'): ApiError {
  const iso = (d: Date | string) => new Date(d).toISOString();
  return fieldError(path, `ends_at (${iso(endsAt)}) is before starts_at (${iso(startsAt)}); a campaign cannot end before it starts.`, 'ends_before_start');
}

/** URL-safe, unguessable: 16 base64url characters (96 random bits). */
function publicReportSlug(): string {
  return randomBytes(12).toString('base64url');
}

/** A new campaign owned by the key's subject: status active, CPMs 0 unless given, report disabled. */
export async function createCampaign(app: EventApp, owner: Owner, fields: CampaignFields & { name: string }): Promise<CampaignWithSummary> {
  const { db } = app;
  if (fields.starts_at && fields.ends_at && new Date(fields.ends_at) < new Date(fields.starts_at)) {
    throw endsBeforeStarts(fields.starts_at, fields.ends_at);
  }
  const cpm = { instagram: 0, tiktok: 0, youtube: 0, twitter: 0, ...fields.cpm };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.$transaction(async (tx) => {
        const row = await tx.campaign.create({
          data: {
            ...(fieldData({ ...fields, cpm }) as Omit<Prisma.CampaignUncheckedCreateInput, 'id' | 'ownerType' | 'ownerId' | 'name' | 'publicReportSlug'>),
            id: newObjectId(),
            ...ownedBy(owner),
            name: fields.name,
            status: 'active',
            publicReportSlug: publicReportSlug(),
          },
        });
        const campaign = await withSummary(tx, row);
        await emitEvents(app.jobs, tx, owner, [{ type: 'campaign.created', data: campaignView(campaign, EVENT_BASE_URL) }]);
        await invalidateSharePages(tx, [`campaign:${row.id}`]);
        return campaign;
      });
    } catch (error) {
      // A 96-bit slug clash is practically impossible; retry rather than fail if it ever happens.
      if (attempt >= 3 || !isUniqueViolation(error, 'public_report_slug')) throw error;
    }
  }
}

/**
 * Applies the supplied metadata, cadence/state, CPMs (per platform) and EMV override. The date-order
 * rule against stored dates is part of the UPDATE's condition, so concurrent patches cannot store an
 * end before the start.
 */
export async function updateCampaign(
  app: EventApp,
  owner: Owner,
  campaignId: string,
  patch: CampaignFields & Partial<Record<UnsupportedPatchField, unknown>>,
  options: { expectedUpdatedAt?: Date } = {},
): Promise<CampaignWithSummary> {
  const { db } = app;
  const unsupported = (Object.keys(UNSUPPORTED_PATCH_FIELDS) as UnsupportedPatchField[]).filter((f) => Object.hasOwn(patch, f));
  if (unsupported.length > 0) {
    const errors: FieldError[] = unsupported.map((f) => ({
      path: `body.${f}`,
      message: `${f} is not supported by this endpoint: ${UNSUPPORTED_PATCH_FIELDS[f]}.`,
      code: 'unsupported_field',
    }));
    const detail = errors.length === 1 ? errors[0]!.message : `These fields are not supported by this endpoint: ${unsupported.join(', ')}.`;
    throw new ApiError('validation-error', detail, { errors });
  }
  const fields: CampaignFields = patch;
  const data = fieldData(fields);
  if (Object.keys(fields).length === 0 || (Object.keys(data).length === 0 && fields.cpm !== undefined)) {
    throw emptyPatch(fields.cpm ? 'body.cpm' : 'body');
  }
  const { starts_at: startsAt, ends_at: endsAt } = fields;
  if (startsAt && endsAt && new Date(endsAt) < new Date(startsAt)) throw endsBeforeStarts(startsAt, endsAt);
  const dateGuard: Prisma.CampaignWhereInput =
    startsAt && endsAt === undefined
      ? { OR: [{ endsAt: null }, { endsAt: { gte: new Date(startsAt) } }] }
      : endsAt && startsAt === undefined
        ? { OR: [{ startsAt: null }, { startsAt: { lte: new Date(endsAt) } }] }
        : {};
  const owned = { id: campaignId, ...ownedBy(owner) };
  return db.$transaction(async (tx) => {
    // With If-Match, the write only lands on the version that was checked (compare-and-set).
    const version = options.expectedUpdatedAt ? { updatedAt: options.expectedUpdatedAt } : {};
    const updated = await tx.campaign.updateMany({ where: { ...owned, ...dateGuard, ...version }, data: { ...data, updatedAt: new Date() } });
    const row = await tx.campaign.findFirst({ where: owned });
    if (!row) throw notFound('campaign', campaignId);
    if (updated.count === 0) {
      if (options.expectedUpdatedAt && row.updatedAt.getTime() !== options.expectedUpdatedAt.getTime()) throw preconditionFailed();
      if (startsAt && row.endsAt) throw endsBeforeStarts(startsAt, row.endsAt, 'body.starts_at');
      if (endsAt && row.startsAt) throw endsBeforeStarts(row.startsAt, endsAt);
      throw new ApiError('conflict', 'The campaign changed while this request was being applied; retry it.');
    }
    const campaign = await withSummary(tx, row);
    await emitEvents(app.jobs, tx, owner, [{ type: 'campaign.updated', data: campaignView(campaign, EVENT_BASE_URL) }]);
    await invalidateSharePages(tx, [`campaign:${row.id}`]);
    return campaign;
  });
}

export async function getOwnedCampaign(db: Db, owner: Owner, campaignId: string): Promise<CampaignWithSummary> {
  const row = await db.campaign.findFirst({ where: { id: campaignId, ...ownedBy(owner) } });
  if (!row) throw notFound('campaign', campaignId);
  return withSummary(db, row);
}

export async function listOwnedCampaigns(
  db: Db,
  owner: Owner,
  filter: { status?: CampaignStatus },
  afterId: string | undefined,
  take: number,
): Promise<CampaignWithSummary[]> {
  const rows = await db.campaign.findMany(keysetWindow({ ...ownedBy(owner), ...(filter.status ? { status: filter.status } : {}) }, afterId, take));
  return withSummaries(db, rows);
}
