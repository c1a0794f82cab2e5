import { z } from 'zod';
import { CPM_PLATFORMS, MAX_CPM, MAX_EMV, REFRESH_CADENCES, REFRESH_STATES } from './campaigns';

/**
 * Campaign input shapes, shared by the API's schemas (src/server/routers/campaigns/) and the web
 * app's forms, so both validate a campaign the same way.
 */

export const CADENCE_DOC = 'How often content metrics are re-collected: `hourly`, `daily` (default) or `weekly`.';
export const REFRESH_STATE_DOC = '`active` (default): metrics are re-collected on the cadence. `paused`: collection is suspended; the last figures stay.';
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

/** `name` is required; the rest is optional. */
export const createCampaignInput = z.strictObject(campaignFieldsShape).partial().required({ name: true });
