import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { deckSchema } from './schemas';

export const getDeckInput = z.strictObject({ deck_id: objectId });
export const getDeckOutput = single(deckSchema);
