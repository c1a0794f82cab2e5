import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { creatorImportPreviewSchema, previewExample } from './schemas';

const creatorRow = z.record(z.string(), z.unknown()).meta({
  description:
    'One creator, with the fields of POST /creators: `display_name` (required), `email`, `country`, `languages`, `tags`, `socials` ([{ platform, handle_or_url }]). Checked per row: a bad row is reported in the preview (status `invalid`), not refused.',
  example: { display_name: 'Ada Lovelace', country: 'GB', tags: ['tech'], socials: [{ platform: 'instagram', handle_or_url: '@ada' }] },
});

export const createCreatorImportPreviewInput = z
  .strictObject({
    rows: z.array(creatorRow).min(1).max(500).optional().meta({ description: 'Up to 500 creators as JSON. Send `rows` or `csv`, not both.' }),
    csv: z.string().min(1).optional().meta({
      description:
        'CSV text in the format of POST /creator-imports (header row; display_name, email, country, languages, tags, one column per platform), at most 2 MiB and 500 rows. Send `rows` or `csv`, not both.',
      example: 'display_name,country,instagram\nAda Lovelace,GB,@ada\n',
    }),
    filename: z.string().trim().min(1).max(255).optional().meta({ description: 'A name recorded with CSV text (shown as the import’s `source_filename`).', example: 'spring-roster.csv' }),
  });

/** The request example (createCreatorImportPreviewExamples below). */
export const createCreatorImportPreviewRequestExample = {
  rows: [
    { display_name: 'Ada Lovelace', country: 'GB', socials: [{ platform: 'instagram', handle_or_url: '@ada' }] },
    { display_name: 'Grace Hopper', socials: [{ platform: 'youtube', handle_or_url: 'https://www.youtube.com/@gracehopper' }] },
    { display_name: 'Alan', country: 'England' },
  ],
};

export const createCreatorImportPreviewOutput = single(creatorImportPreviewSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const createCreatorImportPreviewExamples: OperationExamples = { request: createCreatorImportPreviewRequestExample, status: 201, response: { data: previewExample } };

export const createCreatorImportPreviewContract = { input: createCreatorImportPreviewInput, output: createCreatorImportPreviewOutput, examples: createCreatorImportPreviewExamples };
