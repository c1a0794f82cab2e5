import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { mediaKitContentShape, mediaKitSchema } from './schemas';

/** `name` is required; every other content field is optional and defaults from the template. */
export const createMediaKitInput = z
  .strictObject(mediaKitContentShape)
  .partial()
  .required({ name: true })
  .extend({
    creator_id: objectId.meta({ description: 'Required with an agency key (a roster creator); omit with a creator key.' }).optional(),
  });

export const createMediaKitOutput = single(mediaKitSchema);
