import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { linkInBioImportSchema } from './schemas';

export const getLinkInBioImportInput = z.strictObject({ import_id: objectId.meta({ description: 'The import’s id, from POST /link-in-bio/imports (or its Location).' }) });
export const getLinkInBioImportOutput = single(linkInBioImportSchema);
