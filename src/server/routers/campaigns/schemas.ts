import { z } from 'zod';
import { CADENCE_DOC, REFRESH_STATE_DOC } from '../../services/campaign-input';
import { CAMPAIGN_STATUSES, CPM_PLATFORMS, REFRESH_CADENCES, REFRESH_STATES, UNSUPPORTED_PATCH_FIELDS, type UnsupportedPatchField } from '../../services/campaigns';
export { campaignFieldsShape } from '../../services/campaign-input';
import { countFields, createdAt, objectId, timestamp, updatedAt } from '../shared/schemas';

const STATUS_DOC = '`active` (every new campaign), `completed` or `archived`. Lifecycle changes are not available through the API.';

/**
 * Accepted by the PATCH schema only to answer a precise 400 (see UNSUPPORTED_PATCH_FIELDS); the
 * document types each as `{ not: {} }` (JSON Schema's `false` with a description): no value is valid.
 */
export const unsupportedPatchShape = Object.fromEntries(
  Object.entries(UNSUPPORTED_PATCH_FIELDS).map(([field, why]) => [
    field,
    z
      .unknown()
      .optional()
      .meta({ description: `Not supported: leave it out; any value answers 400 \`unsupported_field\` (${why}).`, override: { not: {} } }),
  ]),
) as Record<UnsupportedPatchField, z.ZodOptional<z.ZodUnknown>>;

export const campaignSchema = z
  .object({
    id: objectId.meta({ description: 'The campaign’s id.' }),
    owner_type: z.enum(['agency', 'creator']).meta({ description: 'Whether an agency or a creator owns the campaign.' }),
    owner_id: objectId.meta({ description: 'The owning agency’s or creator’s id.' }),
    name: z.string().meta({ description: 'The campaign’s name.' }),
    description: z.string().nullable().meta({ description: 'Free text; null when none.' }),
    status: z.enum(CAMPAIGN_STATUSES).meta({ description: STATUS_DOC }),
    starts_at: timestamp.nullable().meta({ description: 'When the campaign starts; null when not set.' }),
    ends_at: timestamp.nullable().meta({ description: 'When the campaign ends (never before starts_at); null when not set.' }),
    refresh_cadence: z.enum(REFRESH_CADENCES).meta({ description: CADENCE_DOC }),
    refresh_state: z.enum(REFRESH_STATES).meta({ description: REFRESH_STATE_DOC }),
    cpm: z
      .object(Object.fromEntries(CPM_PLATFORMS.map((p) => [p, z.number().meta({ description: `CPM for ${p} content.` })])) as Record<(typeof CPM_PLATFORMS)[number], z.ZodNumber>)
      .meta({ description: 'Cost per 1000 views per platform, in your reporting currency.' }),
    emv_override: z.number().nullable().meta({ description: 'When set, summary.emv is this value.' }),
    public_report: z
      .object({
        enabled: z.boolean().meta({ description: 'Whether share_url serves the report; false for new campaigns.' }),
        access_mode: z.string().meta({ description: '`link`: anyone with share_url can view the report while it is enabled.' }),
        slug: z.string().meta({ description: 'Random and URL-safe, generated at creation.' }),
        share_url: z.string().meta({ format: 'uri', description: '`{PUBLIC_BASE_URL}/r/{slug}`.' }),
      })
      .meta({ description: 'Public-report settings are read-only through the API.' }),
    editor_url: z.string().meta({ format: 'uri', description: 'Where the owner edits the campaign in the web app (sign-in required).' }),
    summary: z
      .object({
        ...countFields({
          creators: 'Distinct creators among participants and content authors.',
          content: 'Tracked content items.',
          views: 'Views summed over the tracked content.',
          impressions: 'Impressions summed over the tracked content.',
          engagements: 'Likes, comments and shares summed over the tracked content.',
        }),
        engagement_rate: z.number().meta({ description: 'engagements / impressions as a ratio (0.0523 = 5.23 %), rounded to 4 decimals; 0 without impressions.' }),
        emv: z.number().meta({
          description:
            'emv_override when set; otherwise Σ over platforms of views × cpm / 1000, rounded to 2 decimals (x counts as twitter; platforms without a CPM add views but no value).',
        }),
      })
      .meta({ id: 'CampaignSummary', description: 'Totals computed from the campaign’s content and participants on every read; all zeros without content.' }),
    created_at: createdAt,
    updated_at: updatedAt,
  })
  .meta({ id: 'Campaign' });

/** Example of a response's `data`, shared by the operations' examples (their *.schema.ts files). */
export const campaignExample = {
  id: '6b0448251ba105ce15495141',
  owner_type: 'agency',
  owner_id: '6b04481c1ba105ce1549512c',
  name: 'Peak Protein spring launch',
  description: 'Instagram and TikTok push for the new bar.',
  status: 'active',
  starts_at: '2026-03-01T00:00:00.000Z',
  ends_at: '2026-04-30T23:59:59.000Z',
  refresh_cadence: 'daily',
  refresh_state: 'active',
  cpm: { instagram: 12.5, tiktok: 9, youtube: 0, twitter: 0 },
  emv_override: null,
  public_report: { enabled: false, access_mode: 'link', slug: 'F3BZIwX8FZic-IGV', share_url: 'https://app.creator-api.dev/r/F3BZIwX8FZic-IGV' },
  editor_url: 'https://app.creator-api.dev/editor/campaigns/6b0448251ba105ce15495141',
  summary: { creators: 0, content: 0, views: 0, impressions: 0, engagements: 0, engagement_rate: 0, emv: 0 },
  created_at: '2026-11-23T14:05:25.680Z',
  updated_at: '2026-11-23T14:05:25.680Z',
};
