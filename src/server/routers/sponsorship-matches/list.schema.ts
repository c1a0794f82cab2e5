import { z } from 'zod';
import { createdAt, objectId } from '../shared/schemas';

export const listSponsorshipMatchesInput = z.strictObject({
  limit: z.coerce.number().int().min(1).max(20).default(5).meta({ description: 'How many matches, 1 to 20 (default 5). Not paged.' }),
});

const opportunitySchema = z
  .object({
    id: objectId.meta({ description: 'The opportunity’s id.' }),
    brand: z.string().meta({ description: 'The brand offering it.' }),
    title: z.string().meta({ description: 'What the brand is looking for.' }),
    platforms: z.array(z.string()).meta({ description: 'Wanted platforms (`x` for Twitter/X); empty = any.' }),
    tags: z.array(z.string()).meta({ description: 'Categories and topics; empty = any.' }),
    audience: z
      .object({
        min_followers: z.number().int().nullable().meta({ description: 'Smallest total follower count wanted; null = no minimum.' }),
        max_followers: z.number().int().nullable().meta({ description: 'Largest total follower count wanted; null = no maximum.' }),
      })
      .meta({ description: 'Audience size wanted.' }),
    countries: z.array(z.string()).meta({ description: 'ISO 3166-1 alpha-2; empty = anywhere.' }),
    languages: z.array(z.string()).meta({ description: 'ISO 639-1; empty = any.' }),
    budget: z
      .object({
        amount: z.number().int().meta({ description: 'In the currency’s minor unit (cents).' }),
        currency: z.string().meta({ description: 'ISO 4217 code.', example: 'USD' }),
      })
      .nullable()
      .meta({ description: 'The budget; null when not disclosed.' }),
    active: z.boolean().meta({ description: 'Only active opportunities are matched; always true here.' }),
    created_at: createdAt,
  })
  .meta({ id: 'SponsorshipOpportunity', description: 'A brand’s sponsorship opportunity.' });

const matchSchema = z
  .object({
    score: z.number().meta({ description: '0–100, one decimal: the sum of score_breakdown.' }),
    score_breakdown: z
      .object({
        platforms: z.number().meta({ description: 'Out of 30.' }),
        audience: z.number().meta({ description: 'Out of 25.' }),
        tags: z.number().meta({ description: 'Out of 25.' }),
        country: z.number().meta({ description: 'Out of 10.' }),
        languages: z.number().meta({ description: 'Out of 10.' }),
      })
      .meta({ description: 'Points per criterion; a criterion the opportunity leaves open earns half.' }),
    reasons: z.array(z.string()).meta({ description: 'Why it matches, in plain English.', example: ['On instagram and tiktok.', 'Shares the tags fitness and travel.'] }),
    opportunity: opportunitySchema,
    creator: z
      .object({
      id: objectId.meta({ description: 'The creator’s id.' }),
      display_name: z.string().meta({ description: 'The creator’s name.' }),
      username: z.string().meta({ description: 'The creator’s username.' }),
      avatar_url: z.string().nullable().meta({ description: 'Profile picture URL; null when none.' }),
      country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2; null when unknown.' }),
      total_followers: z.number().int().nullable().meta({ description: 'Sum over measured social accounts; null until measured.' }),
      })
      .meta({ description: 'The matched creator.' }),
  })
  .meta({ id: 'SponsorshipMatch' });

export const listSponsorshipMatchesOutput = z.object({
  data: z.array(matchSchema).meta({ description: 'Best matches first.' }),
  meta: z.object({
    limit: z.number().int().meta({ description: 'The limit used.' }),
    creators_considered: z.number().int().meta({ description: 'The creator (creator keys) or the roster creators (agency keys) scored.' }),
    opportunities_considered: z.number().int().meta({ description: 'Active opportunities scored.' }),
  }).meta({ description: 'What was scored.' }),
});
