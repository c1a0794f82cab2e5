import { z } from 'zod';
import {
  CAMPAIGN_STATUSES,
  CPM_PLATFORMS,
  MAX_CPM,
  MAX_EMV,
  REFRESH_CADENCES,
  REFRESH_STATES,
  UNSUPPORTED_PATCH_FIELDS,
  type UnsupportedPatchField,
} from '../../services/campaigns';
import { createdAt, objectId, timestamp, updatedAt } from '../shared/schemas';

const STATUS_DOC = '`active` (every new campaign), `completed` or `archived`. Lifecycle changes are not available through the API.';
const CADENCE_DOC = 'How often content metrics are re-collected: `hourly`, `daily` (default) or `weekly`.';
const REFRESH_STATE_DOC = '`active` (default): metrics are re-collected on the cadence. `paused`: collection is suspended; the last figures stay.';
const EMV_DOC =
  'Earned media value used instead of the computed one; non-negative (at most 10^12), `null` to go back to the computed value.';
const CPM_DOC = `Cost per 1000 views per platform, in your reporting currency (0 to ${MAX_CPM}); a platform left out is 0 on create and unchanged on update.`;

const dateTime = z.iso
  .datetime({ offset: true })
  .nullable()
  .meta({ description: 'ISO 8601 date-time with `Z` or an offset; `null` for none. ends_at may not be before starts_at.' });

const cpmValue = z.number().min(0).max(MAX_CPM);
const cpmOf = (platform: string) => cpmValue.meta({ description: `CPM for ${platform} content (0 to ${MAX_CPM}).` });

/** Campaign metadata, tracking and valuation fields a campaign is created or patched with. */
export const campaignFieldsShape = {
  name: z.string().trim().min(1).max(200).meta({ description: '1–200 characters.' }),
  description: z.string().trim().max(5000).nullable().meta({ description: 'Up to 5000 characters.' }),
  starts_at: dateTime,
  ends_at: dateTime,
  refresh_cadence: z.enum(REFRESH_CADENCES).meta({ description: CADENCE_DOC }),
  refresh_state: z.enum(REFRESH_STATES).meta({ description: REFRESH_STATE_DOC }),
  cpm: z
    .strictObject(Object.fromEntries(CPM_PLATFORMS.map((p) => [p, cpmOf(p).optional()])) as Record<(typeof CPM_PLATFORMS)[number], z.ZodOptional<typeof cpmValue>>)
    .meta({ description: CPM_DOC }),
  emv_override: z.number().min(0).max(MAX_EMV).nullable().meta({ description: EMV_DOC }),
};

/** Accepted by the PATCH schema only to answer a precise 400 (see UNSUPPORTED_PATCH_FIELDS). */
export const unsupportedPatchShape = Object.fromEntries(
  Object.entries(UNSUPPORTED_PATCH_FIELDS).map(([field, why]) => [
    field,
    z.unknown().optional().meta({ description: `Not supported: any value answers 400 \`unsupported_field\` (${why}).` }),
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
        creators: z.number().int().meta({ description: 'Distinct creators among participants and content authors.' }),
        content: z.number().int().meta({ description: 'Tracked content items.' }),
        views: z.number().int().meta({ description: 'Views summed over the tracked content.' }),
        impressions: z.number().int().meta({ description: 'Impressions summed over the tracked content.' }),
        engagements: z.number().int().meta({ description: 'Likes, comments and shares summed over the tracked content.' }),
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
