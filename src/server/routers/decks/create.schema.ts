import { z } from 'zod';
import { single } from '../shared/schemas';
import { deckFieldsShape, deckSchema } from './schemas';

/** `title` is required; everything else is optional (the contract's create names plus the design fields and password). */
export const createDeckInput = z.strictObject(deckFieldsShape).partial().required({ title: true });
export const createDeckOutput = single(deckSchema);
