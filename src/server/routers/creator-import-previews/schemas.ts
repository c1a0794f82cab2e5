import { z } from 'zod';
import { countFields, objectId, timestamp } from '../shared/schemas';

const previewRowSchema = z
  .object({
    row_number: z.number().int().meta({ description: 'The row’s position, from 1 (for CSV: data rows after the header; blank lines are not counted).' }),
    status: z.enum(['new', 'existing', 'invalid']).meta({
      description:
        '`new`: would add a roster creator. `existing`: matches a roster creator (or an earlier `new` row) by a social identity; its new socials would be attached. `invalid`: would fail, see `errors`.',
    }),
    display_name: z.string().nullable().meta({ description: 'The row’s display name as sent (trimmed), null when missing.' }),
    creator_id: objectId.nullable().meta({ description: 'For `existing` rows: the roster creator it matches; null otherwise.' }),
    same_as_row: z.number().int().nullable().meta({ description: 'For `existing` rows matching an earlier `new` row of this preview: that row’s number.' }),
    errors: z.array(z.string()).meta({ description: 'Why an `invalid` row would fail, one message per problem, naming the field or CSV column; empty otherwise.' }),
  })
  .meta({ id: 'CreatorImportPreviewRow', description: 'One row of a roster import preview.' });

export const creatorImportPreviewSchema = z
  .object({
    id: objectId.meta({ description: 'The preview id: commit it with POST /creator-imports/previews/{preview_id}/commit.' }),
    status: z.enum(['ready', 'committed', 'expired']).meta({
      description: '`ready`: can be committed until `expires_at`. `committed`: `import_id` is the import it started. `expired`: not committed in time; preview again.',
    }),
    source: z.enum(['csv', 'rows']).meta({ description: 'What was sent: CSV text or JSON rows.' }),
    source_filename: z.string().nullable().meta({ description: 'The `filename` sent with CSV text, if any.' }),
    summary: z
      .object(
        countFields({
          total: 'Rows validated.',
          valid: '`new` plus `existing` rows.',
          invalid: 'Rows that would fail.',
          new_creators: 'Creators the commit would add to the roster.',
          existing_creators: 'Rows matching a roster creator (or an earlier row) by a social identity.',
          roster_size_before: 'Creators on the roster when the preview was made.',
          roster_size_after: 'Roster size after a commit, if the roster does not change meanwhile: before + new_creators.',
        }),
      )
      .meta({ description: 'Counts and roster capacity impact, as of validation time.' }),
    rows: z.array(previewRowSchema).meta({ description: 'Every row, in order.' }),
    import_id: objectId.nullable().meta({ description: 'The creator import a commit started (poll GET /creator-imports/{import_id}); null until committed.' }),
    expires_at: timestamp.meta({ description: 'Commit before this time (30 minutes after validation).' }),
    committed_at: timestamp.nullable().meta({ description: 'When the preview was committed; null until then.' }),
    created_at: timestamp.meta({ description: 'When the rows were validated.' }),
  })
  .meta({ id: 'CreatorImportPreview' });

/** A whole preview, for the response examples. */
export const previewExample = {
  id: '6b0250a17c1e9a0d6a1f0d01',
  status: 'ready',
  source: 'rows',
  source_filename: null,
  summary: { total: 3, valid: 2, invalid: 1, new_creators: 1, existing_creators: 1, roster_size_before: 42, roster_size_after: 43 },
  rows: [
    { row_number: 1, status: 'new', display_name: 'Ada Lovelace', creator_id: null, same_as_row: null, errors: [] },
    { row_number: 2, status: 'existing', display_name: 'Grace Hopper', creator_id: '6b0243d1a5e3c20d6a1f0c0f', same_as_row: null, errors: [] },
    { row_number: 3, status: 'invalid', display_name: 'Alan', creator_id: null, same_as_row: null, errors: ['country: must be an ISO 3166-1 alpha-2 country code such as US, GB or BR'] },
  ],
  import_id: null,
  expires_at: '2026-11-23T14:35:00.000Z',
  committed_at: null,
  created_at: '2026-11-23T14:05:00.000Z',
};
