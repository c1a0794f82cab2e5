import { list, pageQuery } from '../shared/schemas';
import { creatorSchema } from './schemas';

export const listCreatorsInput = pageQuery;
export const listCreatorsOutput = list(creatorSchema);
