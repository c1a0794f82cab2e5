import { z } from 'zod';
import { campaignPath } from './schemas';

export const setPublicReportInput = z.strictObject({ ...campaignPath, enabled: z.boolean() });
