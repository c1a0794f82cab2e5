import { single } from '../shared/schemas';
import { linkInBioPageSchema } from './schemas';

export { createLinkInBioInput } from '../../services/link-in-bio-input';
export const createLinkInBioOutput = single(linkInBioPageSchema);
