import { creatorImportPreviewView, getCreatorImportPreview as findPreview } from '../../services/creator-import-previews';
import { operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getCreatorImportPreviewExamples, getCreatorImportPreviewInput, getCreatorImportPreviewOutput } from './get.schema';

export const getCreatorImportPreview = apiProcedure
  .meta(operation('GET /creator-imports/previews/{preview_id}', {
    tag: 'Creator imports',
    summary: 'Retrieve a roster import preview',
    description:
      'The preview as validated — summary, every row’s classification and errors — and its `status`: `ready` until `expires_at`, `committed` (with `import_id`) or `expired`. Previews are kept a day after they expire; only the agency that made one can read it (404 otherwise).',
    examples: getCreatorImportPreviewExamples,
    access: { agency: 'roster:read' },
    errorStatuses: [400, 404],
  }))
  .input(getCreatorImportPreviewInput)
  .output(getCreatorImportPreviewOutput)
  .query(async ({ ctx, input }) => ({ data: creatorImportPreviewView(await findPreview(ctx.app.db, ctx.owner.id, input.preview_id)) }));
