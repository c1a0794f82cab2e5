import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { creatorExample, creatorSchema } from './schemas';

export const getCreatorInput = z.strictObject({ creator_id: objectId.meta({ description: 'The creator’s id.' }) });
export const getCreatorOutput = single(creatorSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getCreatorExamples: OperationExamples = { request: { creator_id: '6b04481e1ba105ce15495131' }, status: 200, response: { data: creatorExample } };

export const getCreatorContract = { input: getCreatorInput, output: getCreatorOutput, examples: getCreatorExamples };
