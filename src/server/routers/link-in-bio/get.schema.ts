import { z } from 'zod';
import { single } from '../shared/schemas';
import { linkInBioPageSchema } from './schemas';

export const getLinkInBioInput = z.void();
export const getLinkInBioOutput = single(linkInBioPageSchema);
