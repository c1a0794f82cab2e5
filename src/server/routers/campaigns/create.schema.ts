import { single } from '../shared/schemas';
import { campaignSchema } from './schemas';

export { createCampaignInput } from '../../services/campaign-input';
export const createCampaignOutput = single(campaignSchema);
