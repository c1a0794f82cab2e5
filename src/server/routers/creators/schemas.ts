import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../../lib/social-identity';
import { DATA_STATUSES, SOCIAL_STATUSES } from '../../services/creator-view';
import { createdAt, objectId, timestamp, updatedAt } from '../shared/schemas';

export { creatorInputSchema, socialInputSchema } from '../../services/creator-input';

export const socialSchema = z
  .object({
    id: objectId.meta({ description: 'The social account’s id.' }),
    platform: z
      .enum(SOCIAL_PLATFORMS.filter((p) => p !== 'twitter') as [string, ...string[]])
      .meta({ description: 'The platform; X/Twitter accounts are always `x`.' }),
    username: z.string().meta({ description: 'The normalized handle (or channel/page id) on the platform, without @.' }),
    display_name: z.string().nullable().meta({ description: 'The name shown on the platform, once known; null before.' }),
    profile_url: z.string().meta({ format: 'uri', description: 'The canonical profile URL built from the identity.' }),
    status: z.enum(SOCIAL_STATUSES).meta({ description: '`unverified`: added from a handle or URL; `connected`: linked by the creator; `disconnected`.' }),
    followers: z.number().int().nullable().meta({ description: 'Follower or subscriber count; null until collected.' }),
    average_views: z.number().int().nullable().meta({ description: 'Average views per recent post; null until collected.' }),
    average_engagements: z.number().int().nullable().meta({ description: 'Average likes, comments and shares per recent post; null until collected.' }),
    engagement_rate: z.number().nullable().meta({ description: 'average_engagements ÷ followers, as a fraction (0.034 = 3.4 %); null until collected.' }),
    metrics_updated_at: timestamp.nullable().meta({ description: 'When the metrics were last collected; null before.' }),
  })
  .meta({ id: 'SocialAccount', description: 'Metrics are null until they have been collected.' });

export const creatorSchema = z
  .object({
    id: objectId.meta({ description: 'The creator’s id.' }),
    username: z.string().meta({ description: 'A unique handle derived from the first social identity (or the name), used in public URLs.' }),
    display_name: z.string().meta({ description: 'The name shown on media kits and decks.' }),
    avatar_url: z.string().nullable().meta({ format: 'uri', description: 'Profile picture URL; null when none is set.' }),
    bio: z.string().nullable().meta({ description: 'Short biography; null when none is set.' }),
    location: z.string().nullable().meta({ description: 'Free-text location, e.g. "Lisbon, Portugal"; null when none is set.' }),
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 code, upper-case; null when unknown.' }),
    languages: z.array(z.string()).meta({ description: 'ISO 639-1 codes, lower-case.' }),
    tags: z.array(z.string()).meta({ description: 'Free-form tags, deduplicated ignoring case.' }),
    socials: z.array(socialSchema).meta({ description: 'The creator’s social accounts on this roster.' }),
    summary_metrics: z
      .object({
        total_followers: z.number().int().nullable().meta({ description: 'Sum of followers over the social accounts with metrics; null until any is collected.' }),
        metrics_updated_at: timestamp.nullable().meta({ description: 'Most recent metrics collection; null before.' }),
      })
      .meta({ description: 'Totals over the social accounts.' }),
    data_status: z.enum(DATA_STATUSES).meta({ description: '`available` once any social account has metrics; `pending` before.' }),
    created_at: createdAt,
    updated_at: updatedAt,
  })
  .meta({ id: 'Creator' });

/** Example social accounts, shared by the creator and socials examples. */
const socialExample = (id: string, platform: 'instagram' | 'tiktok', username: string, profileUrl: string) => ({
  id,
  platform,
  username,
  display_name: null,
  profile_url: profileUrl,
  status: 'unverified' as const,
  followers: null,
  average_views: null,
  average_engagements: null,
  engagement_rate: null,
  metrics_updated_at: null,
});
export const instagramSocialExample = socialExample('6b04481e1ba105ce15495133', 'instagram', 'maya.eats', 'https://www.instagram.com/maya.eats/');
export const tiktokSocialExample = socialExample('6b04481e1ba105ce15495134', 'tiktok', 'mayaeats', 'https://www.tiktok.com/@mayaeats');

/** Example of a response's `data`, shared by the operations' examples (their *.schema.ts files). */
export const creatorExample = {
  id: '6b04481e1ba105ce15495131',
  username: 'maya.eats',
  display_name: 'Maya Chen',
  avatar_url: null,
  bio: null,
  location: null,
  country: 'US',
  languages: ['en', 'zh'],
  tags: ['travel', 'food'],
  socials: [instagramSocialExample, tiktokSocialExample],
  summary_metrics: { total_followers: null, metrics_updated_at: null },
  data_status: 'pending',
  created_at: '2026-11-23T14:05:18.378Z',
  updated_at: '2026-11-23T14:05:18.378Z',
};
