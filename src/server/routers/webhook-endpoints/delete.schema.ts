import { z } from 'zod';
import { endpointPath } from './schemas';

export const deleteWebhookEndpointInput = z.strictObject(endpointPath);
export const deleteWebhookEndpointOutput = z.void();
