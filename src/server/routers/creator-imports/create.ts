import { MAX_IMPORT_BYTES } from '../../services/csv-roster';
import { createCreatorImport as createImport, creatorImportView } from '../../services/creator-imports';
import { createCreatorImportContract } from './create.schema';
import { creatorImportsSection } from '../sections';

/** Multipart framing around the file: boundaries and part headers. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const createCreatorImport = creatorImportsSection.operation('POST /creator-imports', createCreatorImportContract, {
  summary: 'Import roster creators from CSV',
  contentTypes: ['multipart/form-data'],
  description: [
    'Adds up to 500 creators from a CSV to the roster in the background. Upload the CSV as the `file` part; it answers **202** with the import, `status: queued`, and a `Location` to poll.',
    'Format: a header row; case-insensitive columns `display_name` (or `name`, required), `email`, `country`, `languages`, `tags` (lists separated by `;`), one column per platform (`instagram`, `tiktok`, `youtube`, `facebook`, `linkedin`, `twitter`/`x`, `twitch`, `snapchat`, `threads`) holding a handle or profile URL, and `avatar_url` (must be empty: remote avatars are not accepted). UTF-8 with or without BOM, CRLF or LF, quoted fields; blank lines are skipped. Example: `/examples/creators.csv`.',
    'Each row is validated like POST /creators and becomes a new roster creator (`created`), matches one by a social identity (`existing`, new socials attached), or fails with readable `errors`; every successful row gets the agency default media kit.',
    'Errors: not multipart, or a file that is not CSV → 415; no `file` part, an empty file, or a header without a name column or with unknown columns → 400; over 2 MiB or 500 rows → 413; the same file already queued or processing for this agency → 409.',
  ].join('\n\n'),
  rateLimit: 'imports',
  successStatus: [202],
  errorStatuses: [409, 413, 415],
  maxBodyBytes: MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES,
}).mutation(async ({ ctx, input }) => {
  const file = input.file;
  const created = await createImport(ctx.app, ctx.owner.id, {
    name: file.name,
    type: file.type,
    size: file.size,
    bytes: new Uint8Array(await file.arrayBuffer()),
  });
  ctx.response.headers.Location = `${ctx.app.config.publicBaseUrl}/public/v1/creator-imports/${created.id}`;
  return { data: creatorImportView({ ...created, rows: [] }) };
});
