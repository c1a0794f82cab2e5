import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../../lib/social-identity';
import { DATA_STATUSES, SOCIAL_STATUSES } from '../../services/creator-view';
import { objectId, timestamp } from '../shared/schemas';

export { creatorInputSchema, socialInputSchema } from '../../services/creator-input';

export const socialSchema = z
  .object({
    id: objectId,
    platform: z.enum(SOCIAL_PLATFORMS.filter((p) => p !== 'twitter') as [string, ...string[]]),
    username: z.string(),
    display_name: z.string().nullable(),
    profile_url: z.string().meta({ format: 'uri' }),
    status: z.enum(SOCIAL_STATUSES).meta({ description: '`unverified`: added from a handle or URL; `connected`: linked by the creator; `disconnected`.' }),
    followers: z.number().int().nullable(),
    average_views: z.number().int().nullable(),
    average_engagements: z.number().int().nullable(),
    engagement_rate: z.number().nullable(),
    metrics_updated_at: timestamp.nullable(),
  })
  .meta({ id: 'SocialAccount', description: 'Metrics are null until they have been collected.' });

export const creatorSchema = z
  .object({
    id: objectId,
    username: z.string(),
    display_name: z.string(),
    avatar_url: z.string().nullable().meta({ format: 'uri' }),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    country: z.string().nullable(),
    languages: z.array(z.string()),
    tags: z.array(z.string()),
    socials: z.array(socialSchema),
    summary_metrics: z.object({
      total_followers: z.number().int().nullable(),
      metrics_updated_at: timestamp.nullable(),
    }),
    data_status: z.enum(DATA_STATUSES).meta({ description: '`available` once any social account has metrics; `pending` before.' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Creator' });
