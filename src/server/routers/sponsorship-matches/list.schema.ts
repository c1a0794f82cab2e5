import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
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

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listSponsorshipMatchesExamples: OperationExamples = {
  request: { limit: 1 },
  status: 200,
  response: {
    data: [
      {
        score: 82.5,
        score_breakdown: { platforms: 30, audience: 25, tags: 12.5, country: 10, languages: 5 },
        reasons: ['On instagram and tiktok.', 'Has 48,200 followers, within 20,000–500,000.', 'Shares the tag travel.'],
        opportunity: {
          id: '6b0448300000000000000001',
          brand: 'Peak Protein',
          title: 'Spring launch',
          platforms: ['instagram', 'tiktok'],
          tags: ['fitness', 'travel'],
          audience: { min_followers: 20000, max_followers: 500000 },
          countries: ['US', 'CA'],
          languages: ['en'],
          budget: { amount: 800000, currency: 'USD' },
          active: true,
          created_at: '2026-11-01T09:00:00.000Z',
        },
        creator: {
          id: '6b04481e1ba105ce15495131',
          display_name: 'Maya Chen',
          username: 'maya.eats',
          avatar_url: null,
          country: 'US',
          total_followers: 48200,
        },
      },
    ],
    meta: { limit: 1, creators_considered: 2, opportunities_considered: 4 },
  },
};

export const listSponsorshipMatchesContract = { input: listSponsorshipMatchesInput, output: listSponsorshipMatchesOutput, examples: listSponsorshipMatchesExamples };
