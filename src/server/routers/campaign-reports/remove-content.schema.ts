import { z } from 'zod';
import { objectId } from '../shared/schemas';
import { campaignPath } from './schemas';

export const removeContentInput = z.strictObject({ ...campaignPath, content_id: objectId });
