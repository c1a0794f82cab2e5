import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { creatorImportSchema } from './schemas';

export const getCreatorImportInput = z.strictObject({ import_id: objectId.meta({ description: 'The import’s id, from POST /creator-imports (or its Location).' }) });
export const getCreatorImportOutput = single(creatorImportSchema);
