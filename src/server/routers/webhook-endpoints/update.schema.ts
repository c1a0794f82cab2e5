import { z } from 'zod';
import { ENDPOINT_STATUSES } from '../../services/webhook-endpoints';
import { single } from '../shared/schemas';
import { endpointFieldsShape, endpointPath, endpointSchema } from './schemas';

export const updateWebhookEndpointInput = z
  .strictObject({
    ...endpointFieldsShape,
    status: z.enum(ENDPOINT_STATUSES).meta({ description: '`disabled` stops deliveries; `enabled` resumes them and clears the failure record.' }),
  })
  .partial()
  .extend(endpointPath);
export const updateWebhookEndpointOutput = single(endpointSchema);
