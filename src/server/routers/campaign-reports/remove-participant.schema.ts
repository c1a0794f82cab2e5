import { z } from 'zod';
import { objectId } from '../shared/schemas';
import { campaignPath } from './schemas';

export const removeParticipantInput = z.strictObject({ ...campaignPath, creator_id: objectId });
