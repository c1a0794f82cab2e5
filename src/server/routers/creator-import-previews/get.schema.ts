import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { creatorImportPreviewSchema, previewExample } from './schemas';

export const getCreatorImportPreviewInput = z.strictObject({
  preview_id: objectId.meta({ description: 'A preview made by this agency (anyone else’s is 404).', example: previewExample.id }),
});

export const getCreatorImportPreviewOutput = single(creatorImportPreviewSchema);
