import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { creatorSchema } from './schemas';

export const getCreatorInput = z.strictObject({ creator_id: objectId });
export const getCreatorOutput = single(creatorSchema);
