import { z } from 'zod';
import { single } from '../shared/schemas';
import { endpointPath, endpointSchema } from './schemas';

export const getWebhookEndpointInput = z.strictObject(endpointPath);
export const getWebhookEndpointOutput = single(endpointSchema);
