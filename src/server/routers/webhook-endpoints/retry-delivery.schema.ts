import { z } from 'zod';
import { objectId, single } from '../shared/schemas';
import { deliverySchema, endpointPath } from './schemas';

export const retryWebhookDeliveryInput = z.strictObject({ ...endpointPath, delivery_id: objectId.meta({ description: 'A delivery of that endpoint (from GET …/deliveries).' }) });
export const retryWebhookDeliveryOutput = single(deliverySchema);
