import { z } from 'zod';
import { single } from '../shared/schemas';
import { endpointPath, endpointWithSecretSchema } from './schemas';

export const rotateWebhookSecretInput = z.strictObject(endpointPath);
export const rotateWebhookSecretOutput = single(endpointWithSecretSchema);
