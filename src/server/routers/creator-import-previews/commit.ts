import { commitCreatorImportPreview as commitPreview } from '../../services/creator-import-previews';
import { creatorImportView } from '../../services/creator-imports';
import { commitCreatorImportPreviewContract } from './commit.schema';
import { creatorImportsSection } from '../sections';

export const commitCreatorImportPreview = creatorImportsSection.operation('POST /creator-imports/previews/{preview_id}/commit', commitCreatorImportPreviewContract, {
  summary: 'Commit a roster import preview',
  description: [
    'Runs a `ready` preview as a creator import: answers **202** with the import (`status: queued`) and a `Location` to poll with GET /creator-imports/{import_id}. All its rows are imported in order, so row numbers match the preview; `invalid` rows fail with the same errors.',
    'Idempotent on the preview id: committing a committed preview starts nothing and answers **200** with the import the first commit started (also under concurrent commits). Rows are matched against the roster again when processed, so creators added since the preview are found.',
    'Errors: a preview of another agency or unknown → 404; not committed within 30 minutes → 410 `preview-expired`; every row invalid → 409.',
  ].join('\n\n'),
  rateLimit: 'imports',
  successStatus: [202, 200],
  errorStatuses: [409, 410],
  toolHints: { idempotent: true },
}).mutation(async ({ ctx, input }) => {
  const { created, creatorImport } = await commitPreview(ctx.app, ctx.owner.id, input.preview_id);
  ctx.response.status = created ? 202 : 200;
  ctx.response.headers.Location = `${ctx.app.config.publicBaseUrl}/public/v1/creator-imports/${creatorImport.id}`;
  return { data: creatorImportView({ ...creatorImport, rows: [] }) };
});
