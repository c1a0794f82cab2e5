import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { mediaKitSchema } from './schemas';

export const getMediaKitInput = z.strictObject({ media_kit_id: objectId.meta({ description: 'The media kit’s id.' }) });
export const getMediaKitOutput = single(mediaKitSchema);
