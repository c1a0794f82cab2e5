import { list, pageQuery } from '../shared/schemas';
import { endpointSchema } from './schemas';

export const listWebhookEndpointsInput = pageQuery;
export const listWebhookEndpointsOutput = list(endpointSchema);
