import { getLinkInBioPage, updateLinkInBioPage } from '../../services/link-in-bio';
import { linkInBioPageView } from '../../services/link-in-bio-view';
import { patchIfMatch } from '../../trpc/conditional';
import { operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { updateLinkInBioExamples, updateLinkInBioInput, updateLinkInBioOutput } from './update.schema';

export const updateLinkInBio = apiProcedure
  .meta(operation('PATCH /link-in-bio', {
    tag: 'Link in bio',
    summary: 'Update your link-in-bio page',
    description: [
      'Changes the supplied page fields (at least one property) and blocks, all or nothing; responds with the page. Omitted fields and blocks stay unchanged; `social_links`, when sent, replaces the list.',
      '`blocks` entries with an `id` edit that block (omitted fields stay; `type`, if sent, must match; `null` clears an optional field); an `id` that is not a block of your page → **404**. Entries with a `client_id` add a block (`link`, `title` or `text`); a `client_id` the page already has returns that block unchanged, so a retried PATCH never duplicates. Reorder by sending new `order` values. Blocks cannot be deleted: hide them with `visible: false`.',
      '**409** when the slug or username belongs to another page, or when new blocks would take the page past 200 blocks.',
    ].join('\n\n'),
    examples: updateLinkInBioExamples,
    access: { creator: 'link_in_bio:write' },
    errorStatuses: [400, 404, 409],
  }))
  .input(updateLinkInBioInput)
  .output(updateLinkInBioOutput)
  .mutation(async ({ ctx, input }) => {
    return patchIfMatch(ctx, {
      load: () => getLinkInBioPage(ctx.app.db, ctx.owner.id),
      view: (page) => linkInBioPageView(page, ctx.app.config.publicBaseUrl),
      output: updateLinkInBioOutput,
      write: (expectedUpdatedAt) => updateLinkInBioPage(ctx.app, ctx.owner.id, input, { expectedUpdatedAt }),
    });
  });
