import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { requestLogExample, requestLogSchema } from './schemas';

export const getRequestLogInput = z.strictObject({
  request_id: z.string().min(1).max(128).meta({ description: 'The X-Request-Id of one of the account’s calls.' }),
});
export const getRequestLogOutput = single(requestLogSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getRequestLogExamples: OperationExamples = { request: { request_id: requestLogExample.request_id }, status: 200, response: { data: requestLogExample } };

export const getRequestLogContract = { input: getRequestLogInput, output: getRequestLogOutput, examples: getRequestLogExamples };
