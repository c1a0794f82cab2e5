import { linkInBioImportView, startLinkInBioImport } from '../../services/link-in-bio-imports';
import { createLinkInBioImportContract } from './import-create.schema';
import { linkInBioSection } from '../sections';

export const createLinkInBioImport = linkInBioSection.operation('POST /link-in-bio/imports', createLinkInBioImportContract, {
  summary: 'Import links from another link-in-bio page',
  description: [
    '**Extension** (not in contract 1.0.0, which documents only the status read). Queues an import of the links and section titles of your public page on another link-in-bio service (a Linktree-style page) and answers **202** with the import (`status: queued`) and a `Location` to poll: GET /link-in-bio/imports/{import_id}.',
    'A background job fetches the page and appends its links as `link` blocks and its section headings as `title` blocks, after your existing blocks. Each gets a `client_id` derived from the source page and the item, so importing the same page again adds only what is new. At most 200 items are read and the page keeps its 200-block bound; `errors` says what was left out.',
    'Fetching is restricted: https on the default port only, no credentials in the URL, and no host that resolves to a private, loopback, link-local or otherwise reserved address (checked after DNS resolution and again on every redirect, at most 5); the page must be HTML, at most 2 MB, and answer within 10 s. A URL that breaks the first rules is a **400** at once; the others end the import as `failed`. You need a page first (**404** otherwise).',
  ].join('\n\n'),
  rateLimit: 'imports',
  // Fetches a page on the public web.
  toolHints: { openWorld: true },
  successStatus: [202],
  errorStatuses: [404],
}).mutation(async ({ ctx, input }) => {
  const started = await startLinkInBioImport(ctx.app, ctx.owner.id, input.source_url);
  ctx.response.headers.Location = `${ctx.app.config.publicBaseUrl}/public/v1/link-in-bio/imports/${started.id}`;
  return { data: linkInBioImportView(started) };
});
