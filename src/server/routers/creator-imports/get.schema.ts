import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { creatorImportSchema } from './schemas';

export const getCreatorImportInput = z.strictObject({ import_id: objectId });
export const getCreatorImportOutput = single(creatorImportSchema);
