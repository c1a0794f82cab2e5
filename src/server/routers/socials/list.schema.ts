import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../../lib/social-identity';
import { socialSchema } from '../creators/schemas';
import { list, objectId, pageQuery } from '../shared/schemas';

export const listSocialsInput = pageQuery.extend({
  creator_id: objectId.meta({ description: 'Required with an agency key (a roster creator); inferred with a creator key.' }).optional(),
  platform: z.enum(SOCIAL_PLATFORMS).meta({ description: '`twitter` and `x` select the same accounts, returned with platform `x`.' }).optional(),
});
export const listSocialsOutput = list(socialSchema, { creator_id: objectId.meta({ description: 'The creator whose accounts are listed.' }) });
