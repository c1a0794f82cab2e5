import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { linkInBioImportSchema } from './schemas';

export const getLinkInBioImportInput = z.strictObject({ import_id: objectId });
export const getLinkInBioImportOutput = single(linkInBioImportSchema);
