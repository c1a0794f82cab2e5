import { z } from 'zod';
import { campaignContentInputSchema } from '../../services/campaign-report';
import { campaignPath } from './schemas';

export const addContentInput = campaignContentInputSchema.extend(campaignPath);
export const addContentOutput = z.object({ data: z.object({ id: z.string() }).loose() });
