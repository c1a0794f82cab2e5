import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { creatorSchema } from './schemas';

export const getCreatorInput = z.strictObject({ creator_id: objectId.meta({ description: 'The creator’s id.' }) });
export const getCreatorOutput = single(creatorSchema);
