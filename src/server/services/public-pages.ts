import { createHmac, timingSafeEqual } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { Db } from '../db/database';
import { withSummaries, type CampaignSummary } from './campaigns';
import type { PageViewTarget } from './page-view-rules';
import type { Prisma, SocialAccount } from '../../generated/prisma/client';
import { ratesOf } from './creator-profile';

/**
 * What the public share pages render, read by slug. Each loader answers null for an unknown slug and
 * for anything not public (a `private` kit or deck, a campaign whose public report is off), so the
 * page is a 404 with no hint that it exists. Each result carries the page-view target to count.
 */

export interface PublicSocial {
  platform: string;
  username: string;
  url: string;
  followers: number | null;
  averageViews: number | null;
  engagementRate: number | null;
  /** The day the figures were read (the profile editor's "as of"); null while unmeasured. */
  metricsAsOf: string | null;
}

export interface PublicRate {
  label: string;
  amount: number;
  currency: string;
}

export interface PublicCreator {
  id: string;
  displayName: string;
  username: string;
  avatarUrl: string | null;
  bio: string | null;
  location: string | null;
  country: string | null;
  languages: string[];
  tags: string[];
  socials: PublicSocial[];
  /** Sum over measured accounts; null while none is measured. */
  totalFollowers: number | null;
  /** The most recent "as of" day over the measured accounts. */
  metricsAsOf: string | null;
  rates: PublicRate[];
  brands: string[];
}

export interface Design {
  theme: 'light' | 'dark';
  accentColor: string | null;
  backgroundColor: string | null;
  /** Link-in-bio pages: the link buttons' shape. */
  buttonStyle?: 'rounded' | 'pill' | 'square' | 'outline';
}

/** What publicCreator reads: the public fields as stored, with the creator's social accounts. */
type CreatorRow = Omit<PublicCreator, 'socials' | 'totalFollowers' | 'metricsAsOf' | 'rates'> & { socials: SocialAccount[]; rates: Prisma.JsonValue };

export function publicCreator(row: CreatorRow): PublicCreator {
  const socials = [...row.socials]
    .filter((s) => s.status !== 'disconnected')
    .sort((a, b) => (b.followers ?? -1) - (a.followers ?? -1) || a.platform.localeCompare(b.platform))
    .map((s) => ({
      platform: s.platform,
      username: s.username,
      url: s.profileUrl,
      followers: s.followers,
      averageViews: s.averageViews,
      engagementRate: s.engagementRate,
      metricsAsOf: s.followers !== null || s.averageViews !== null || s.engagementRate !== null ? (s.metricsUpdatedAt?.toISOString() ?? null) : null,
    }));
  const measured = socials.filter((s) => s.followers !== null);
  const asOf = socials.reduce<string | null>((max, s) => (s.metricsAsOf && (!max || s.metricsAsOf > max) ? s.metricsAsOf : max), null);
  return {
    id: row.id,
    displayName: row.displayName,
    username: row.username,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    location: row.location,
    country: row.country,
    languages: row.languages,
    tags: row.tags,
    socials,
    totalFollowers: measured.length > 0 ? measured.reduce((sum, s) => sum + (s.followers ?? 0), 0) : null,
    metricsAsOf: asOf,
    rates: ratesOf(row).map((r) => ({ label: r.label, amount: r.amount, currency: r.currency })),
    brands: row.brands,
  };
}

/** Every share page says whether it shows test-mode data (issue 31): marked "Test mode", never indexed. */
interface TestModeMark {
  livemode: boolean;
}

export interface PublicMediaKit extends TestModeMark {
  target: PageViewTarget;
  name: string;
  template: string;
  headline: string | null;
  bio: string | null;
  contactEmail: string | null;
  sections: string[];
  pictureUrl: string | null;
  coverUrl: string | null;
  design: Design;
  creator: PublicCreator;
}

export async function getPublicMediaKit(db: Db, slug: string): Promise<PublicMediaKit | null> {
  const kit = await db.mediaKit.findUnique({ where: { slug }, include: { creator: { include: { socials: true } } } });
  if (!kit || kit.visibility !== 'link') return null;
  return {
    target: { type: 'media_kit', id: kit.id, owner: { type: kit.ownerType, id: kit.ownerId } },
    name: kit.name,
    template: kit.templateId,
    headline: kit.headline,
    bio: kit.bio ?? kit.creator.bio,
    contactEmail: kit.contactEmail,
    sections: kit.sectionsShown,
    pictureUrl: kit.pictureUrl ?? kit.creator.avatarUrl,
    coverUrl: kit.coverUrl,
    design: { theme: kit.theme, accentColor: kit.accentColor, backgroundColor: kit.backgroundColor },
    creator: publicCreator(kit.creator),
    livemode: kit.creator.livemode,
  };
}

export interface PublicLinkInBio extends TestModeMark {
  target: PageViewTarget;
  slug: string;
  username: string;
  bio: string | null;
  socialLinks: { platform: string; username: string; url: string }[];
  blocks: { id: string; type: string; title: string | null; url: string | null; mediaUrl: string | null }[];
  design: Design;
  creator: { displayName: string; avatarUrl: string | null };
}

export async function getPublicLinkInBio(db: Db, slug: string): Promise<PublicLinkInBio | null> {
  const page = await db.linkInBioPage.findUnique({
    where: { slug: slug.toLowerCase() },
    include: {
      blocks: { where: { visible: true }, orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] },
      creator: { select: { displayName: true, avatarUrl: true, livemode: true } },
    },
  });
  if (!page) return null;
  const links = (Array.isArray(page.socialLinks) ? page.socialLinks : []) as { platform?: string; username?: string; url?: string }[];
  return {
    target: { type: 'link_in_bio', id: page.id, owner: { type: 'creator', id: page.creatorId } },
    slug: page.slug,
    username: page.username,
    bio: page.bio,
    socialLinks: links.flatMap((l) => (l.platform && l.username && l.url ? [{ platform: l.platform, username: l.username, url: l.url }] : [])),
    blocks: page.blocks.map((b) => ({ id: b.id, type: b.type, title: b.title, url: b.url, mediaUrl: b.mediaUrl })),
    design: { theme: page.theme, accentColor: page.accentColor, backgroundColor: page.backgroundColor, buttonStyle: page.buttonStyle },
    creator: { displayName: page.creator.displayName, avatarUrl: page.pictureUrl ?? page.creator.avatarUrl },
    livemode: page.creator.livemode,
  };
}

export interface PublicDeck extends TestModeMark {
  target: PageViewTarget;
  id: string;
  slug: string;
  title: string;
  bio: string | null;
  contactEmail: string | null;
  tags: string[];
  pictureUrl: string | null;
  coverUrl: string | null;
  cta: string;
  location: string | null;
  design: Design;
  agencyName: string;
  creators: PublicCreator[];
  /** Set when the deck has a password: the hash the unlock cookie is bound to. */
  passwordHash: string | null;
}

export async function getPublicDeck(db: Db, slug: string): Promise<PublicDeck | null> {
  const deck = await db.deck.findUnique({
    where: { slug: slug.toLowerCase() },
    include: {
      agency: { select: { name: true, livemode: true } },
      creators: { orderBy: { position: 'asc' }, include: { creator: { include: { socials: true } } } },
    },
  });
  if (!deck || deck.visibility !== 'link') return null;
  return {
    target: { type: 'deck', id: deck.id, owner: { type: 'agency', id: deck.agencyId } },
    id: deck.id,
    slug: deck.slug,
    title: deck.title,
    bio: deck.bio,
    contactEmail: deck.contactEmail,
    tags: deck.tags,
    pictureUrl: deck.pictureUrl,
    coverUrl: deck.coverUrl,
    cta: deck.cta,
    location: deck.location,
    design: { theme: deck.theme, accentColor: deck.accentColor, backgroundColor: deck.backgroundColor },
    agencyName: deck.agency.name,
    creators: deck.creators.map((entry) => publicCreator(entry.creator)),
    passwordHash: deck.passwordHash,
    livemode: deck.agency.livemode,
  };
}

/** argon2id check of a deck password; false for any malformed input. */
export async function checkDeckPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length === 0 || password.length > 128) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The value of a deck's unlock cookie: an HMAC of the deck and its current password hash, so it
 * cannot be forged, and changing or removing the password locks every visitor out again.
 */
export function deckUnlockToken(secret: string, deck: { id: string; passwordHash: string }): string {
  return createHmac('sha256', secret).update(`deck-unlock\n${deck.id}\n${deck.passwordHash}`).digest('base64url');
}

export function isDeckUnlocked(secret: string, deck: { id: string; passwordHash: string }, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(deckUnlockToken(secret, deck));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const ROSTER_PAGE_LIMIT = 500;

export interface PublicRoster extends TestModeMark {
  target: PageViewTarget;
  name: string;
  slug: string;
  creators: PublicCreator[];
  /** Creators on the roster in all (the page shows the first ROSTER_PAGE_LIMIT). */
  total: number;
}

export async function getPublicRoster(db: Db, slug: string): Promise<PublicRoster | null> {
  const agency = await db.agency.findUnique({ where: { slug: slug.toLowerCase() }, select: { id: true, name: true, slug: true, rosterPublished: true, livemode: true } });
  // An unpublished roster is indistinguishable from no agency at all.
  if (!agency?.rosterPublished) return null;
  const [memberships, total] = await Promise.all([
    db.rosterMembership.findMany({
      where: { agencyId: agency.id },
      orderBy: { id: 'asc' },
      take: ROSTER_PAGE_LIMIT,
      include: { creator: { include: { socials: true } } },
    }),
    db.rosterMembership.count({ where: { agencyId: agency.id } }),
  ]);
  return {
    target: { type: 'roster', id: agency.id, owner: { type: 'agency', id: agency.id } },
    name: agency.name,
    slug: agency.slug,
    creators: memberships.map((m) => publicCreator(m.creator)),
    total,
    livemode: agency.livemode,
  };
}

export interface PublicCampaignReport extends TestModeMark {
  target: PageViewTarget;
  name: string;
  description: string | null;
  status: string;
  startsAt: Date | null;
  endsAt: Date | null;
  summary: CampaignSummary;
  ownerName: string;
  content: { id: string; platform: string; url: string; views: number; impressions: number; engagements: number; postedAt: Date | null; creatorName: string }[];
  creators: { id: string; displayName: string; avatarUrl: string | null }[];
}

export async function getPublicCampaignReport(db: Db, slug: string): Promise<PublicCampaignReport | null> {
  const campaign = await db.campaign.findUnique({ where: { publicReportSlug: slug } });
  if (!campaign || !campaign.publicReportEnabled) return null;
  const [[withSummary], content, participants] = await Promise.all([
    withSummaries(db, [campaign]),
    db.campaignContent.findMany({ where: { campaignId: campaign.id }, orderBy: [{ views: 'desc' }, { id: 'asc' }], take: 200 }),
    db.campaignParticipant.findMany({ where: { campaignId: campaign.id }, select: { creatorId: true } }),
  ]);
  const creatorIds = [...new Set([...participants.map((p) => p.creatorId), ...content.map((c) => c.creatorId)])];
  const creators = await db.creator.findMany({ where: { id: { in: creatorIds } }, select: { id: true, displayName: true, avatarUrl: true }, orderBy: { displayName: 'asc' } });
  const names = new Map(creators.map((c) => [c.id, c.displayName]));
  const owner =
    campaign.ownerType === 'agency'
      ? await db.agency.findUnique({ where: { id: campaign.ownerId }, select: { name: true, livemode: true } })
      : await db.creator.findUnique({ where: { id: campaign.ownerId }, select: { displayName: true, livemode: true } }).then((c) => (c ? { name: c.displayName, livemode: c.livemode } : null));
  return {
    target: { type: 'campaign', id: campaign.id, owner: { type: campaign.ownerType, id: campaign.ownerId } },
    name: campaign.name,
    description: campaign.description,
    status: campaign.status,
    startsAt: campaign.startsAt,
    endsAt: campaign.endsAt,
    summary: withSummary!.summary,
    ownerName: owner?.name ?? '',
    content: content.map((c) => ({
      id: c.id,
      platform: c.platform,
      url: c.url,
      views: c.views,
      impressions: c.impressions,
      engagements: c.engagements,
      postedAt: c.postedAt,
      creatorName: names.get(c.creatorId) ?? 'Creator',
    })),
    creators: creators.map((c) => ({ id: c.id, displayName: c.displayName, avatarUrl: c.avatarUrl })),
    livemode: owner?.livemode ?? true,
  };
}
