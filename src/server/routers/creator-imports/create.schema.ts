import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { creatorImportSchema } from './schemas';

export const createCreatorImportInput = z.strictObject({
  file: z.file().meta({
    description: 'The CSV file (text/csv; application/csv or a .csv file sent as application/octet-stream also work). At most 2 MiB and 500 data rows.',
  }),
});

export const createCreatorImportOutput = single(creatorImportSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const createCreatorImportExamples: OperationExamples = {
  request: { file: 'display_name,email,instagram,tags\nLeo Park,leo@example.com,@leo.park,fitness;travel\n' },
  status: 202,
  response: {
    data: {
      id: '6b04481f1ba105ce15495136',
      status: 'queued',
      source_filename: 'creators.csv',
      progress: { total: 1, processed: 0, created: 0, socials_attached: 0, failed: 0 },
      rows: [],
      created_at: '2026-11-23T14:05:19.818Z',
      started_at: null,
      completed_at: null,
    },
  },
};

export const createCreatorImportContract = { input: createCreatorImportInput, output: createCreatorImportOutput, examples: createCreatorImportExamples };
