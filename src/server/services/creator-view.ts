import type { Creator, SocialAccount } from '../../generated/prisma/client';

/**
 * API shapes of creators and their social accounts. Metrics are null until collected;
 * `data_status` is `available` once any social account has metrics, `pending` before.
 */
export const DATA_STATUSES = ['available', 'pending'] as const;
export const SOCIAL_STATUSES = ['unverified', 'connected', 'disconnected'] as const;

export interface SocialView {
  id: string;
  platform: string;
  username: string;
  display_name: string | null;
  profile_url: string;
  status: (typeof SOCIAL_STATUSES)[number];
  followers: number | null;
  average_views: number | null;
  average_engagements: number | null;
  engagement_rate: number | null;
  metrics_updated_at: string | null;
}

/** The columns the API shape of a social account is built from. */
export type SocialViewSource = Pick<
  SocialAccount,
  'id' | 'platform' | 'username' | 'displayName' | 'profileUrl' | 'status' | 'followers' | 'averageViews' | 'averageEngagements' | 'engagementRate' | 'metricsUpdatedAt'
>;

/** The columns the API shape of a creator is built from (a full row with its socials fits too). */
export type CreatorViewSource = Pick<
  Creator,
  'id' | 'username' | 'displayName' | 'avatarUrl' | 'bio' | 'location' | 'country' | 'languages' | 'tags' | 'createdAt' | 'updatedAt'
> & { socials: SocialViewSource[] };

export function socialView(row: SocialViewSource): SocialView {
  return {
    id: row.id,
    platform: row.platform,
    username: row.username,
    display_name: row.displayName,
    profile_url: row.profileUrl,
    status: row.status,
    followers: row.followers,
    average_views: row.averageViews,
    average_engagements: row.averageEngagements,
    engagement_rate: row.engagementRate,
    metrics_updated_at: row.metricsUpdatedAt?.toISOString() ?? null,
  };
}

export function creatorView(creator: CreatorViewSource) {
  const measured = creator.socials.filter((s) => s.followers !== null);
  const dataStatus: (typeof DATA_STATUSES)[number] = measured.length > 0 ? 'available' : 'pending';
  const latest = measured.reduce<Date | null>(
    (max, s) => (s.metricsUpdatedAt && (!max || s.metricsUpdatedAt > max) ? s.metricsUpdatedAt : max),
    null,
  );
  return {
    id: creator.id,
    username: creator.username,
    display_name: creator.displayName,
    avatar_url: creator.avatarUrl,
    bio: creator.bio,
    location: creator.location,
    country: creator.country,
    languages: creator.languages,
    tags: creator.tags,
    socials: creator.socials.map(socialView),
    summary_metrics: {
      total_followers: measured.length > 0 ? measured.reduce((sum, s) => sum + (s.followers ?? 0), 0) : null,
      metrics_updated_at: latest?.toISOString() ?? null,
    },
    data_status: dataStatus,
    created_at: creator.createdAt.toISOString(),
    updated_at: creator.updatedAt.toISOString(),
  };
}
