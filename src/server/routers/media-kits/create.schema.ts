import { single } from '../shared/schemas';
import { mediaKitSchema } from './schemas';

export { createMediaKitInput } from '../../services/media-kit-input';
export const createMediaKitOutput = single(mediaKitSchema);
