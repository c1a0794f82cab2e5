import type { Db } from '../db/database';
import { readStoredJson, storedJson } from '../db/json';
import { isUniqueViolation } from '../db/unique-violation';
import { ApiError } from '../domain/errors';
import type { Owner } from '../domain/owner';
import { newObjectId } from '../lib/object-id';
import { caseInsensitiveUnique } from '../lib/unique-values';
import type { Creator, SocialAccount } from '../../generated/prisma/client';
import { getVisibleCreator } from './creators';
import type { CreatorProfileInput, Rate } from './creator-profile-input';
import { invalidateSharePages } from './share-page-invalidation';

/**
 * The creator profile the templates render (media kits, decks, roster cards): name, bio, location,
 * languages, tags, socials with their audience figures and "as of" date, rates and brands.
 * An agency edits the creators on its roster; a creator edits itself; anyone else gets a 404.
 * One save writes everything in one transaction and invalidates the share pages showing the creator.
 */

export interface CreatorProfile {
  creator: Creator & { socials: SocialAccount[] };
  rates: Rate[];
  brands: string[];
}

export function ratesOf(creator: Pick<Creator, 'rates'>): Rate[] {
  return Array.isArray(creator.rates) ? readStoredJson<Rate[]>(creator.rates) : [];
}

export async function getCreatorProfile(db: Db, owner: Owner, creatorId: string): Promise<CreatorProfile> {
  const creator = await getVisibleCreator(db, owner, creatorId);
  return { creator, rates: ratesOf(creator), brands: creator.brands };
}

/** The figures of one social as stored: as-of is the given day, or now when figures come without one. */
function metrics(social: CreatorProfileInput['socials'][number], now: Date) {
  const followers = social.followers ?? null;
  const averageViews = social.average_views ?? null;
  const averageEngagements = social.average_engagements ?? null;
  let engagementRate = social.engagement_rate ?? null;
  // Derived when it can be: average engagements over followers.
  if (engagementRate === null && followers && averageEngagements !== null) engagementRate = Math.round((averageEngagements / followers) * 10_000) / 10_000;
  const any = followers !== null || averageViews !== null || averageEngagements !== null || engagementRate !== null;
  const asOf = social.metrics_as_of ? new Date(`${social.metrics_as_of}T00:00:00.000Z`) : null;
  return { followers, averageViews, averageEngagements, engagementRate, metricsUpdatedAt: any ? (asOf ?? now) : null };
}

export async function updateCreatorProfile(db: Db, owner: Owner, creatorId: string, input: CreatorProfileInput): Promise<CreatorProfile> {
  const current = await getVisibleCreator(db, owner, creatorId);
  const existing = new Map(current.socials.map((s) => [s.id, s]));
  input.socials.forEach((social, index) => {
    if (social.id && !existing.has(social.id)) {
      throw new ApiError('validation-error', 'A social account in the list is not this creator’s.', {
        errors: [{ path: `body.socials[${index}].id`, message: 'is not one of this creator’s social accounts', code: 'not_found' }],
      });
    }
  });
  // Roster creators' accounts are unique per agency roster; a creator's own are unique per creator.
  // A row without an id naming an account the creator already has is that account (a form saved
  // twice, or an account removed and added back): updated, never added twice.
  const claimed = new Set(input.socials.flatMap((s) => (s.id ? [s.id] : [])));
  const byIdentity = new Map(current.socials.map((s) => [s.identity, s.id]));
  const socials = input.socials.map((social) => {
    if (social.id) return social;
    const same = byIdentity.get(social.normalized.identity);
    if (same && !claimed.has(same)) {
      claimed.add(same);
      return { ...social, id: same };
    }
    return social;
  });
  const rosterAgencyId = owner.type === 'agency' ? owner.id : (current.socials[0]?.rosterAgencyId ?? null);
  const now = new Date();
  try {
    await db.$transaction(async (tx) => {
      const kept = new Set(socials.flatMap((s) => (s.id ? [s.id] : [])));
      const removed = current.socials.filter((s) => !kept.has(s.id)).map((s) => s.id);
      if (removed.length > 0) await tx.socialAccount.deleteMany({ where: { creatorId, id: { in: removed } } });
      for (const social of socials) {
        const identity = {
          platform: social.normalized.platform,
          identity: social.normalized.identity,
          username: social.normalized.username,
          profileUrl: social.normalized.profileUrl,
        };
        if (social.id) await tx.socialAccount.update({ where: { id: social.id }, data: { ...identity, ...metrics(social, now) } });
        else await tx.socialAccount.create({ data: { id: newObjectId(), creatorId, rosterAgencyId, ...identity, ...metrics(social, now) } });
      }
      await tx.creator.update({
        where: { id: creatorId },
        data: {
          displayName: input.display_name,
          bio: input.bio || null,
          location: input.location || null,
          languages: [...new Set(input.languages)],
          tags: caseInsensitiveUnique(input.tags),
          brands: caseInsensitiveUnique(input.brands),
          rates: storedJson(input.rates),
        },
      });
      const agencies = await tx.rosterMembership.findMany({ where: { creatorId }, select: { agencyId: true } });
      await invalidateSharePages(tx, [`creator:${creatorId}`, ...agencies.map((m) => `agency:${m.agencyId}` as const)]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError('conflict', 'One of these social accounts already belongs to another creator on the roster. Remove it here, or edit that creator instead.');
    }
    throw error;
  }
  return getCreatorProfile(db, owner, creatorId);
}
