import { z } from 'zod';
import { single } from '../shared/schemas';
import { endpointFieldsShape, endpointWithSecretSchema } from './schemas';

export const createWebhookEndpointInput = z.strictObject(endpointFieldsShape).partial({ description: true });
export const createWebhookEndpointOutput = single(endpointWithSecretSchema);
