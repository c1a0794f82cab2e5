import { campaignContentInputSchema } from '../../services/campaign-report';
import { objectId } from '../shared/schemas';
import { campaignPath } from './schemas';

export const updateContentInput = campaignContentInputSchema
  .pick({ views: true, impressions: true, engagements: true })
  .extend({ ...campaignPath, content_id: objectId });
