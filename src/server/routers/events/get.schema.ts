import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { eventExample, eventSchema } from './schemas';

export const getEventInput = z.strictObject({ event_id: objectId.meta({ description: 'Also a delivery’s `webhook-id`.' }) });
export const getEventOutput = single(eventSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getEventExamples: OperationExamples = { request: { event_id: eventExample.id }, status: 200, response: { data: eventExample } };

export const getEventContract = { input: getEventInput, output: getEventOutput, examples: getEventExamples };
