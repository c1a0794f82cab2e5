import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '../../services/campaigns';
import { list, pageQuery } from '../shared/schemas';
import { campaignSchema } from './schemas';

export const listCampaignsInput = pageQuery.extend({
  status: z.enum(CAMPAIGN_STATUSES).meta({ description: 'Only campaigns in this status; all statuses when omitted.' }).optional(),
});
export const listCampaignsOutput = list(campaignSchema);
