import { getLinkInBioImport as findImport, linkInBioImportView } from '../../services/link-in-bio-imports';
import { operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getLinkInBioImportExamples, getLinkInBioImportInput, getLinkInBioImportOutput } from './import-get.schema';

export const getLinkInBioImport = apiProcedure
  .meta(operation('GET /link-in-bio/imports/{import_id}', {
    tag: 'Link in bio',
    summary: 'Retrieve a link-in-bio import',
    description:
      'Status, progress and errors of an import started with POST /link-in-bio/imports (the start operation is an extension of the contract). Only the creator who started it can read it; any other id is 404.',
    examples: getLinkInBioImportExamples,
    access: { creator: 'link_in_bio:read' },
    errorStatuses: [400, 404],
  }))
  .input(getLinkInBioImportInput)
  .output(getLinkInBioImportOutput)
  .query(async ({ ctx, input }) => ({
    data: linkInBioImportView(await findImport(ctx.app.db, ctx.owner.id, input.import_id)),
  }));
