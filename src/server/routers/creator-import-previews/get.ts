import { creatorImportPreviewView, getCreatorImportPreview as findPreview } from '../../services/creator-import-previews';
import { getCreatorImportPreviewContract } from './get.schema';
import { creatorImportsSection } from '../sections';

export const getCreatorImportPreview = creatorImportsSection.operation('GET /creator-imports/previews/{preview_id}', getCreatorImportPreviewContract, {
  summary: 'Retrieve a roster import preview',
  description:
    'The preview as validated — summary, every row’s classification and errors — and its `status`: `ready` until `expires_at`, `committed` (with `import_id`) or `expired`. Previews are kept a day after they expire; only the agency that made one can read it (404 otherwise).',
}).query(async ({ ctx, input }) => ({ data: creatorImportPreviewView(await findPreview(ctx.app.db, ctx.owner.id, input.preview_id)) }));
