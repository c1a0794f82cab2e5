import { z } from 'zod';
import { objectId } from '../shared/schemas';
import { blockEndpointSchema, linkInBioPageSchema } from './schemas';

export const saveBlockInput = blockEndpointSchema.meta({ id: 'LinkInBioBlockSave' });

export const saveBlockOutput = z.object({
  data: linkInBioPageSchema.meta({ description: 'The whole page after the change.' }),
  meta: z
    .object({
      block_id: objectId.meta({ description: 'The block this call created, edited or found.' }),
      created: z.boolean().meta({ description: 'true when this call created the block (201); false for an edit or a repeated client_id (200).' }),
    })
    .meta({ id: 'LinkInBioBlockSaveMeta', description: 'Which block this call touched.' }),
});
