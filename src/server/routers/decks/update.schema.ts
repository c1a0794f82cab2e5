import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { deckFieldsShape, deckSchema } from './schemas';

/** At least one property; omitted fields stay as they are; null clears an optional field. */
export const updateDeckInput = z.strictObject(deckFieldsShape).partial().extend({ deck_id: objectId.meta({ description: 'The deck’s id.' }) });
export const updateDeckOutput = single(deckSchema);
