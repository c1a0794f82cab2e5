import { single } from '../shared/schemas';
import { deckSchema } from './schemas';

export { createDeckInput } from '../../services/deck-input';
export const createDeckOutput = single(deckSchema);
