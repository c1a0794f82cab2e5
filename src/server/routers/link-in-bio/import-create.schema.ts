import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { remoteUrl, single } from '../shared/schemas';
import { linkInBioImportSchema } from './schemas';

export const createLinkInBioImportInput = z.strictObject({
  source_url: remoteUrl('The public https URL of your page on another link-in-bio service, e.g. `https://linktr.ee/yourname`.'),
});

export const createLinkInBioImportOutput = single(linkInBioImportSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const createLinkInBioImportExamples: OperationExamples = {
  request: { source_url: 'https://linktr.ee/ada' },
  status: 202,
  response: {
    data: {
      id: '6b0448231ba105ce1549513f',
      status: 'queued',
      source_url: 'https://linktr.ee/ada',
      progress: { items_found: 0, blocks_created: 0, items_skipped: 0 },
      blocks_created: 0,
      errors: [],
      created_at: '2026-11-23T14:05:23.497Z',
      started_at: null,
      completed_at: null,
    },
  },
};

export const createLinkInBioImportContract = { input: createLinkInBioImportInput, output: createLinkInBioImportOutput, examples: createLinkInBioImportExamples };
