import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { campaignFieldsShape, campaignSchema, unsupportedPatchShape } from './schemas';

/** At least one property; omitted fields (and omitted CPM platforms) stay as they are. */
export const updateCampaignInput = z
  .strictObject(campaignFieldsShape)
  .partial()
  .extend({ ...unsupportedPatchShape, campaign_id: objectId.meta({ description: 'The campaign’s id.' }) });
export const updateCampaignOutput = single(campaignSchema);
