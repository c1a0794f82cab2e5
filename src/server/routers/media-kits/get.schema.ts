import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { mediaKitSchema } from './schemas';

export const getMediaKitInput = z.strictObject({ media_kit_id: objectId });
export const getMediaKitOutput = single(mediaKitSchema);
