import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { linkInBioImportExample, linkInBioImportSchema } from './schemas';

export const getLinkInBioImportInput = z.strictObject({ import_id: objectId.meta({ description: 'The import’s id, from POST /link-in-bio/imports (or its Location).' }) });
export const getLinkInBioImportOutput = single(linkInBioImportSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getLinkInBioImportExamples: OperationExamples = { request: { import_id: '6b0448231ba105ce1549513f' }, status: 200, response: { data: linkInBioImportExample } };

export const getLinkInBioImportContract = { input: getLinkInBioImportInput, output: getLinkInBioImportOutput, examples: getLinkInBioImportExamples };
