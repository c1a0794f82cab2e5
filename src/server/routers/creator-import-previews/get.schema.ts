import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { creatorImportPreviewSchema, previewExample } from './schemas';

export const getCreatorImportPreviewInput = z.strictObject({
  preview_id: objectId.meta({ description: 'A preview made by this agency (anyone else’s is 404).', example: previewExample.id }),
});

export const getCreatorImportPreviewOutput = single(creatorImportPreviewSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getCreatorImportPreviewExamples: OperationExamples = { request: { preview_id: previewExample.id }, status: 200, response: { data: previewExample } };

export const getCreatorImportPreviewContract = { input: getCreatorImportPreviewInput, output: getCreatorImportPreviewOutput, examples: getCreatorImportPreviewExamples };
