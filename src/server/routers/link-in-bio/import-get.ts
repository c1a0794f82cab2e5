import { getLinkInBioImport as findImport, linkInBioImportView } from '../../services/link-in-bio-imports';
import { getLinkInBioImportContract } from './import-get.schema';
import { linkInBioSection } from '../sections';

export const getLinkInBioImport = linkInBioSection.operation('GET /link-in-bio/imports/{import_id}', getLinkInBioImportContract, {
  summary: 'Retrieve a link-in-bio import',
  description:
    'Status, progress and errors of an import started with POST /link-in-bio/imports (the start operation is an extension of the contract). Only the creator who started it can read it; any other id is 404.',
}).query(async ({ ctx, input }) => ({
  data: linkInBioImportView(await findImport(ctx.app.db, ctx.owner.id, input.import_id)),
}));
