import { z } from 'zod';
import { mediaKitSchema } from '../media-kits/schemas';
import { single } from '../shared/schemas';
import { creatorInputSchema, creatorSchema } from './schemas';

export const createCreatorInput = creatorInputSchema;

export const createCreatorOutput = single(
  z
    .object({
      created: z.boolean().meta({ description: 'true: a new roster creator (201); false: an existing one matched by a social identity (200).' }),
      creator: creatorSchema.meta({ description: 'The roster creator, new or matched.' }),
      media_kit: mediaKitSchema.meta({ description: "The agency's default media kit for this creator." }),
    })
    .meta({ id: 'CreatorCreateResult' }),
);
