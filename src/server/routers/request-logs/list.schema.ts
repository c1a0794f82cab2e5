import { z } from 'zod';
import { list, onlyPageExamples, pageQuery } from '../shared/schemas';
import { requestLogExample, requestLogSchema } from './schemas';

const dateTime = z.iso.datetime({ offset: true });

export const listRequestLogsInput = pageQuery.extend({
  status: z
    .string()
    .regex(/^(?:[1-5][0-9][0-9]|[1-5]xx)$/i, 'must be a status such as 404, or a class such as 4xx')
    .meta({ description: 'A status (`404`) or a class (`4xx`, `5xx`).' })
    .optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).meta({ description: 'HTTP method.' }).optional(),
  operation: z.string().min(1).max(100).meta({ description: 'e.g. `creators.get`.' }).optional(),
  key_id: requestLogSchema.shape.key_id.optional(),
  since: dateTime.meta({ description: 'From this time (inclusive).' }).optional(),
  until: dateTime.meta({ description: 'Before this time.' }).optional(),
});
export const listRequestLogsOutput = list(requestLogSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listRequestLogsExamples = onlyPageExamples({ status: '4xx', limit: 25 }, requestLogExample);

export const listRequestLogsContract = { input: listRequestLogsInput, output: listRequestLogsOutput, examples: listRequestLogsExamples };
