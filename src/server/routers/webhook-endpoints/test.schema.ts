import { z } from 'zod';
import { single } from '../shared/schemas';
import { deliverySchema, endpointPath } from './schemas';

export const testWebhookEndpointInput = z.strictObject(endpointPath);
export const testWebhookEndpointOutput = single(deliverySchema);
