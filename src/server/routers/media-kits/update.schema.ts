import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { mediaKitContentShape, mediaKitSchema } from './schemas';

/** At least one property; omitted fields stay as they are; null clears an optional field. */
export const updateMediaKitInput = z
  .strictObject(mediaKitContentShape)
  .partial()
  .extend({ media_kit_id: objectId.meta({ description: 'The media kit’s id.' }) });

export const updateMediaKitOutput = single(mediaKitSchema);
