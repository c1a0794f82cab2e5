import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { campaignSchema } from './schemas';

export const getCampaignInput = z.strictObject({ campaign_id: objectId.meta({ description: 'The campaign’s id.' }) });
export const getCampaignOutput = single(campaignSchema);
