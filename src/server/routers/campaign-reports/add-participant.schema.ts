import { z } from 'zod';
import { objectId } from '../shared/schemas';
import { campaignPath } from './schemas';

export const addParticipantInput = z.strictObject({ ...campaignPath, creator_id: objectId });
export const addParticipantOutput = z.object({ data: z.object({ added: z.boolean() }) });
