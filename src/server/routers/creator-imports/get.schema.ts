import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { creatorImportExample, creatorImportSchema } from './schemas';

export const getCreatorImportInput = z.strictObject({ import_id: objectId.meta({ description: 'The import’s id, from POST /creator-imports (or its Location).' }) });
export const getCreatorImportOutput = single(creatorImportSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getCreatorImportExamples: OperationExamples = { request: { import_id: '6b04481f1ba105ce15495136' }, status: 200, response: { data: creatorImportExample } };

export const getCreatorImportContract = { input: getCreatorImportInput, output: getCreatorImportOutput, examples: getCreatorImportExamples };
