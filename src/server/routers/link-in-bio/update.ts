import { getLinkInBioPage, updateLinkInBioPage } from '../../services/link-in-bio';
import { linkInBioPageView } from '../../services/link-in-bio-view';
import { patchIfMatch } from '../../trpc/conditional';
import { updateLinkInBioContract, updateLinkInBioOutput } from './update.schema';
import { linkInBioSection } from '../sections';

export const updateLinkInBio = linkInBioSection.operation('PATCH /link-in-bio', updateLinkInBioContract, {
  summary: 'Update your link-in-bio page',
  description: [
    'Changes the supplied page fields (at least one property) and blocks, all or nothing; responds with the page. Omitted fields and blocks stay unchanged; `social_links`, when sent, replaces the list.',
    '`blocks` entries with an `id` edit that block (omitted fields stay; `type`, if sent, must match; `null` clears an optional field); an `id` that is not a block of your page → **404**. Entries with a `client_id` add a block (`link`, `title` or `text`); a `client_id` the page already has returns that block unchanged, so a retried PATCH never duplicates. Reorder by sending new `order` values. Blocks cannot be deleted: hide them with `visible: false`.',
    '**409** when the slug or username belongs to another page, or when new blocks would take the page past 200 blocks.',
  ].join('\n\n'),
  errorStatuses: [404, 409],
}).mutation(async ({ ctx, input }) => {
  return patchIfMatch(ctx, {
    load: () => getLinkInBioPage(ctx.app.db, ctx.owner.id),
    view: (page) => linkInBioPageView(page, ctx.app.config.publicBaseUrl),
    output: updateLinkInBioOutput,
    write: (expectedUpdatedAt) => updateLinkInBioPage(ctx.app, ctx.owner.id, input, { expectedUpdatedAt }),
  });
});
