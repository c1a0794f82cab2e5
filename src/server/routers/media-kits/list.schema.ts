import { list, objectId, pageQuery } from '../shared/schemas';
import { mediaKitSchema } from './schemas';

export const listMediaKitsInput = pageQuery.extend({
  creator_id: objectId
    .meta({ description: 'Agency keys: only kits for this roster creator (an id not on the roster gives an empty list).' })
    .optional(),
});
export const listMediaKitsOutput = list(mediaKitSchema);
