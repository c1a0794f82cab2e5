import { z } from 'zod';
import { single } from '../shared/schemas';
import { campaignFieldsShape, campaignSchema } from './schemas';

/** `name` is required; the rest is optional. */
export const createCampaignInput = z.strictObject(campaignFieldsShape).partial().required({ name: true });
export const createCampaignOutput = single(campaignSchema);
