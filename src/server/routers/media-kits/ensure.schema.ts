import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { mediaKitSchema } from './schemas';

export const ensureMediaKitInput = z
  .strictObject({
    creator_id: objectId.meta({ description: 'Required with an agency key (a roster creator); omit with a creator key.' }).optional(),
  })
  .optional();

export const ensureMediaKitOutput = single(
  z
    .object({
      created: z.boolean().meta({ description: 'true when this call created the default kit (201), false when it already existed (200).' }),
      media_kit: mediaKitSchema.meta({ description: 'The default kit, new or existing.' }),
    })
    .meta({ id: 'MediaKitEnsureResult' }),
);
