import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { GRANULARITIES, TIMEFRAMES } from '../../services/analytics-timeframes';
import { MAX_LISTED_RESOURCE_IDS, RESOURCE_SCOPES } from '../../services/analytics';
import { VIEW_RESOURCE_TYPES } from '../../services/page-view-rules';
import { objectId, single, timestamp } from '../shared/schemas';

export const viewAnalyticsInput = z.strictObject({
  resource_type: z.enum(VIEW_RESOURCE_TYPES).meta({
    description: 'Creator keys: `media_kit`, `link_in_bio`, `campaign`. Agency keys: `media_kit`, `roster`, `deck`, `campaign`. Another type is 403.',
  }),
  resource_id: objectId
    .meta({
      description: 'One resource you own (the agency id for `roster`); 404 otherwise. Omit it to aggregate every resource of the type you own.',
    })
    .optional(),
  timeframe: z.enum(TIMEFRAMES).default('all').meta({ description: 'Default `all`.' }),
  timezone: z.string().min(1).max(100).default('UTC').meta({
    description: 'IANA time zone name (e.g. `America/New_York`, `Asia/Kathmandu`), at most 100 characters; it fixes calendar boundaries and buckets. Default `UTC`.',
    example: 'Europe/Paris',
  }),
});

const bucket = z
  .object({
    start: timestamp.meta({ description: 'Inclusive, in the requested zone’s offset.' }),
    end: timestamp.meta({ description: 'Exclusive; the last bucket of a running timeframe ends now.' }),
    page_views: z.number().int().meta({ description: 'Page views in this bucket.' }),
    unique_visitors: z.number().int().meta({ description: 'Distinct visitors in this bucket (a visitor is counted once per bucket).' }),
  })
  .meta({ id: 'ViewBucket', description: 'One time bucket of the series.' });

export const viewAnalyticsSchema = z
  .object({
    resource_type: z.enum(VIEW_RESOURCE_TYPES).meta({ description: 'As requested.' }),
    resource_scope: z.enum(RESOURCE_SCOPES).meta({ description: '`single` with resource_id, `aggregate` without.' }),
    resource_count: z.number().int().meta({ description: 'How many resources are counted (1 for `single`).' }),
    resource_ids: z
      .array(objectId)
      .max(MAX_LISTED_RESOURCE_IDS)
      .meta({ description: `The resources counted, oldest first: the first ${MAX_LISTED_RESOURCE_IDS} when there are more (\`resource_count\` is always the full number).` }),
    metric: z.literal('page_views').meta({ description: 'The metric reported; always `page_views`.' }),
    totals: z
      .object({
        page_views: z.number().int().meta({ description: 'Page views over the whole period.' }),
        unique_visitors: z.number().int().meta({ description: 'Distinct visitors over the whole period.' }),
      })
      .meta({ description: 'Totals over the period (not the sum of the buckets’ unique visitors).' }),
    timeframe: z.enum(TIMEFRAMES).meta({ description: 'As requested (default `all`).' }),
    timezone: z.string().meta({ description: 'The IANA zone used for boundaries and buckets.' }),
    period: z.object({
      start: timestamp.nullable().meta({ description: 'Null for `all`.' }),
      end: timestamp.meta({ description: 'Now, or local midnight today for `yesterday`.' }),
    }).meta({ description: 'The time range covered.' }),
    granularity: z.enum(GRANULARITIES).meta({ description: '`hour` for last24h, today, yesterday; `day` for last7d, wtd, mtd, ytd; `month` for all (whose series is empty).' }),
    series: z.array(bucket).meta({ description: 'Buckets in time order, empty buckets included.' }),
  })
  .meta({ id: 'ViewAnalytics' });

export const viewAnalyticsOutput = single(viewAnalyticsSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getViewAnalyticsExamples: OperationExamples = {
  request: { resource_type: 'media_kit', resource_id: '6b04481e1ba105ce15495135', timeframe: 'last7d', timezone: 'America/New_York' },
  status: 200,
  response: {
    data: {
      resource_type: 'media_kit',
      resource_scope: 'single',
      resource_count: 1,
      resource_ids: ['6b04481e1ba105ce15495135'],
      metric: 'page_views',
      totals: { page_views: 36, unique_visitors: 24 },
      timeframe: 'last7d',
      timezone: 'America/New_York',
      period: { start: '2026-11-17T00:00:00.000-05:00', end: '2026-11-23T09:05:26.297-05:00' },
      granularity: 'day',
      series: [
        { start: '2026-11-22T00:00:00.000-05:00', end: '2026-11-23T00:00:00.000-05:00', page_views: 22, unique_visitors: 17 },
        { start: '2026-11-23T00:00:00.000-05:00', end: '2026-11-23T09:05:26.297-05:00', page_views: 14, unique_visitors: 9 },
      ],
    },
  },
};

export const getViewAnalyticsContract = { input: viewAnalyticsInput, output: viewAnalyticsOutput, examples: getViewAnalyticsExamples };
