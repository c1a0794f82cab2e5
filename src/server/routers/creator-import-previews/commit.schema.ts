import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { creatorImportSchema } from '../creator-imports/schemas';
import { previewExample } from './schemas';

export const commitCreatorImportPreviewInput = z.strictObject({
  preview_id: objectId.meta({ description: 'The preview to commit, made by this agency within the last 30 minutes.', example: previewExample.id }),
});

export const commitCreatorImportPreviewOutput = single(creatorImportSchema);

/** The response example (commitCreatorImportPreviewExamples below). */
export const commitCreatorImportPreviewResponseExample = {
  data: {
    id: '6b0251c27c1e9a0d6a1f0d40',
    status: 'queued',
    source_filename: `preview-${previewExample.id}.json`,
    progress: { total: 3, processed: 0, created: 0, socials_attached: 0, failed: 0 },
    rows: [],
    created_at: '2026-11-23T14:10:00.000Z',
    started_at: null,
    completed_at: null,
  },
};

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const commitCreatorImportPreviewExamples: OperationExamples = { request: { preview_id: previewExample.id }, status: 202, response: commitCreatorImportPreviewResponseExample };

export const commitCreatorImportPreviewContract = { input: commitCreatorImportPreviewInput, output: commitCreatorImportPreviewOutput, examples: commitCreatorImportPreviewExamples };
