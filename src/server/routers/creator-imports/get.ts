import { creatorImportView, getCreatorImport as findImport } from '../../services/creator-imports';
import { getCreatorImportContract } from './get.schema';
import { creatorImportsSection } from '../sections';

export const getCreatorImport = creatorImportsSection.operation('GET /creator-imports/{import_id}', getCreatorImportContract, {
  summary: 'Retrieve a CSV import',
  description: 'Progress and every row’s result so far (rows not yet processed are `pending`). Only the agency that uploaded it can read it; others get 404.',
}).query(async ({ ctx, input }) => ({ data: creatorImportView(await findImport(ctx.app.db, ctx.owner.id, input.import_id)) }));
