import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { deckSchema } from './schemas';

export const getDeckInput = z.strictObject({ deck_id: objectId.meta({ description: 'The deck’s id.' }) });
export const getDeckOutput = single(deckSchema);
