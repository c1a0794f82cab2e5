import { z } from 'zod';
import { IMPORT_ROW_STATUSES, IMPORT_STATUSES } from '../../services/creator-imports';
import { countFields, createdAt, objectId, timestamp } from '../shared/schemas';

export const creatorImportSchema = z
  .object({
    id: objectId.meta({ description: 'The import’s id.' }),
    status: z.enum(IMPORT_STATUSES).meta({
      description: '`queued` (accepted), `processing`, `completed`, or `failed`: processing hit an internal error (after Inngest’s retries, when it runs the import). Rows finished before that keep their results; the rest are `failed` with the reason, and the same file may be uploaded again.',
    }),
    source_filename: z.string().meta({ description: 'The uploaded file’s name.' }),
    progress: z
      .object(
        countFields({
          total: 'Data rows in the file.',
          processed: 'Rows done (created, existing or failed).',
          created: 'Rows that added a new roster creator.',
          socials_attached: 'Social accounts the import attached to roster creators.',
          failed: 'Rows that failed; see rows[].errors.',
        }),
      )
      .meta({ description: 'Updated after every chunk of 50 rows; processed = created + existing rows + failed.' }),
    rows: z
      .array(
      z.object({
        row_number: z.number().int().meta({ description: 'Data rows count from 1 after the header; blank lines are not counted.' }),
        status: z.enum(IMPORT_ROW_STATUSES).meta({
          description: '`pending`, `created` (new roster creator), `existing` (matched a roster creator by a social identity; new socials attached) or `failed`.',
        }),
        creator_id: objectId.nullable().meta({ description: 'The roster creator the row created or matched; null while pending or when it failed.' }),
        media_kit_id: objectId.nullable().meta({ description: 'The agency default media kit of the creator.' }),
        social_ids: z.array(z.string()).meta({ description: 'Social accounts this row attached.' }),
        errors: z.array(z.string()).meta({ description: 'Why the row failed, one message per problem, naming the column.' }),
      }),
      )
      .meta({ description: 'Empty in the 202 response; GET lists every row, `pending` until processed.' }),
    created_at: createdAt,
    started_at: timestamp.nullable().meta({ description: 'When processing began; null while queued.' }),
    completed_at: timestamp.nullable().meta({ description: 'When it completed or failed; null before.' }),
  })
  .meta({ id: 'CreatorImport' });

/** Example of a response's `data`, shared by the operations' examples (their *.schema.ts files). */
export const creatorImportExample = {
  id: '6b04481f1ba105ce15495136',
  status: 'completed',
  source_filename: 'creators.csv',
  progress: { total: 1, processed: 1, created: 1, socials_attached: 1, failed: 0 },
  rows: [
    {
      row_number: 1,
      status: 'created',
      creator_id: '6b04481f003c1b7da249a439',
      media_kit_id: '6b0448201ba105ce15495139',
      social_ids: ['6b04481ff39961133766b52d'],
      errors: [],
    },
  ],
  created_at: '2026-11-23T14:05:19.818Z',
  started_at: '2026-11-23T14:05:19.886Z',
  completed_at: '2026-11-23T14:05:20.093Z',
};
