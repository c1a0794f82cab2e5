import { MAX_IMPORT_BYTES } from '../../services/csv-roster';
import { createCreatorImportPreview as createPreview, creatorImportPreviewView } from '../../services/creator-import-previews';
import { fieldError } from '../../domain/errors';
import { createCreatorImportPreviewContract } from './create.schema';
import { creatorImportsSection } from '../sections';

export const createCreatorImportPreview = creatorImportsSection.operation('POST /creator-imports/previews', createCreatorImportPreviewContract, {
  summary: 'Preview a roster import',
  description: [
    'Validates up to 500 creators — JSON `rows` shaped like the POST /creators body, or `csv` text in the CSV import format — without changing the roster, and answers **201** with a preview kept for **30 minutes**.',
    'Each row is checked exactly as the import will check it and classified against the roster as it stands: `new` (would add a creator), `existing` (matches a roster creator, or an earlier row, by a social identity) or `invalid` (with `errors` naming the field or column). `summary` counts them and gives the roster size before and after.',
    'Counted in the `previews` rate-limit bucket: 60 previews an hour per agency, whichever door (API, MCP, settings UI) they come through, at most 2 in progress at once (a third is 429 with `Retry-After: 1`, not counted). Unexpired previews hold at most 20 MiB of rows per agency: past it → 429 `preview-storage-full`.',
    'Commit the preview with POST /creator-imports/previews/{preview_id}/commit to run it as an import. Whole-request problems are refused as with the upload: neither or both of `rows` and `csv`, more than 500 JSON rows, or CSV with a bad header → 400; CSV over 2 MiB or 500 rows → 413.',
  ].join('\n\n'),
  toolHints: { outputSchema: true },
  // Its own bucket, suited to its cost (src/server/rate-limit/buckets.ts).
  rateLimit: 'previews',
  successStatus: [201],
  errorStatuses: [413],
  // CSV text inside JSON: quotes and line breaks take two bytes each.
  maxBodyBytes: 2 * MAX_IMPORT_BYTES + 256 * 1024,
}).mutation(async ({ ctx, input }) => {
  if ((input.rows === undefined) === (input.csv === undefined)) {
    throw fieldError('body.rows', input.rows ? 'Send either `rows` or `csv`, not both.' : 'Send the creators as `rows` (JSON) or `csv` (CSV text).', input.rows ? 'conflicting_fields' : 'required');
  }
  if (input.filename !== undefined && input.csv === undefined) throw fieldError('body.filename', '`filename` goes with `csv` only.');
  const source = input.csv !== undefined ? { csv: input.csv, filename: input.filename } : { rows: input.rows! };
  const preview = await createPreview(ctx.app.db, ctx.owner.id, source, ctx.app.config.previewStorageBytes);
  ctx.response.headers.Location = `${ctx.app.config.publicBaseUrl}/public/v1/creator-imports/previews/${preview.id}`;
  return { data: creatorImportPreviewView(preview) };
});
