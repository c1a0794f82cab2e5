import { list, pageQuery } from '../shared/schemas';
import { deckSchema } from './schemas';

export const listDecksInput = pageQuery;
export const listDecksOutput = list(deckSchema);
