import { creatorImportView, getCreatorImport as findImport } from '../../services/creator-imports';
import { operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getCreatorImportExamples, getCreatorImportInput, getCreatorImportOutput } from './get.schema';

export const getCreatorImport = apiProcedure
  .meta(operation('GET /creator-imports/{import_id}', {
    tag: 'Creator imports',
    summary: 'Retrieve a CSV import',
    description: 'Progress and every row’s result so far (rows not yet processed are `pending`). Only the agency that uploaded it can read it; others get 404.',
    examples: getCreatorImportExamples,
    access: { agency: 'roster:read' },
    errorStatuses: [400, 404],
  }))
  .input(getCreatorImportInput)
  .output(getCreatorImportOutput)
  .query(async ({ ctx, input }) => ({ data: creatorImportView(await findImport(ctx.app.db, ctx.owner.id, input.import_id)) }));
