import { z } from 'zod';
import { creatorProfileInputSchema, rateSchema } from '../../services/creator-profile-input';
import { creatorSchema } from '../creators/schemas';
import { objectId } from '../shared/schemas';

/** Internal (settings UI only): the whole profile in one save; the public API keeps it read-only. */
export const updateCreatorProfileInput = creatorProfileInputSchema.extend({ creator_id: objectId });

export const creatorProfileSchema = creatorSchema.extend({
  rates: z.array(rateSchema),
  brands: z.array(z.string()),
});

export const updateCreatorProfileOutput = z.object({ data: creatorProfileSchema });
