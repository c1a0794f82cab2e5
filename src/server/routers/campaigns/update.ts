import { campaignView, getOwnedCampaign, UNSUPPORTED_PATCH_FIELDS, updateCampaign as updateOwnedCampaign } from '../../services/campaigns';
import { patchIfMatch } from '../../trpc/conditional';
import { updateCampaignContract, updateCampaignOutput } from './update.schema';
import { campaignsSection } from '../sections';

export const updateCampaign = campaignsSection.operation('PATCH /campaigns/{campaign_id}', updateCampaignContract, {
  summary: 'Update a campaign',
  description: [
    'Updates the supplied metadata (`name`, `description`, `starts_at`, `ends_at`), tracking (`refresh_cadence`, `refresh_state`), per-platform `cpm` values (platforms left out keep theirs) and `emv_override`. At least one property; omitted fields stay unchanged. Responds with the updated campaign.',
    '',
    '- `status`, `participants`, `content`, `public_report`, `refresh` and `summary` answer 400 `unsupported_field`: lifecycle, participant, content, public-report and refresh actions are not available through the API. Other unknown properties answer 400 `unrecognized_key`.',
    '- The date order is checked against the stored dates too: moving `ends_at` before the stored `starts_at` is a 400.',
    '- Another subject’s campaign is 404. A 409 means a concurrent change to the dates interleaved with this one; retry.',
  ].join('\n'),
  errorStatuses: [409],
  toolHints: { unadvertised: Object.keys(UNSUPPORTED_PATCH_FIELDS) },
}).mutation(async ({ ctx, input }) => {
  const { campaign_id: campaignId, ...patch } = input;
  return patchIfMatch(ctx, {
    load: () => getOwnedCampaign(ctx.app.db, ctx.owner, campaignId),
    view: (campaign) => campaignView(campaign, ctx.app.config.publicBaseUrl),
    output: updateCampaignOutput,
    write: (expectedUpdatedAt) => updateOwnedCampaign(ctx.app, ctx.owner, campaignId, patch, { expectedUpdatedAt }),
  });
});
