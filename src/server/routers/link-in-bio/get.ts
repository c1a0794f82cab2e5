import { getLinkInBioPage } from '../../services/link-in-bio';
import { linkInBioPageView } from '../../services/link-in-bio-view';
import { operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getLinkInBioExamples, getLinkInBioInput, getLinkInBioOutput } from './get.schema';

export const getLinkInBio = apiProcedure
  .meta(operation('GET /link-in-bio', {
    tag: 'Link in bio',
    summary: 'Retrieve your link-in-bio page',
    description: 'The creator’s one page with every block (hidden ones included) in `order`. 404 until the page is created with POST /link-in-bio.',
    examples: getLinkInBioExamples,
    access: { creator: 'link_in_bio:read' },
    errorStatuses: [404],
  }))
  .input(getLinkInBioInput)
  .output(getLinkInBioOutput)
  .query(async ({ ctx }) => ({
    data: linkInBioPageView(await getLinkInBioPage(ctx.app.db, ctx.owner.id), ctx.app.config.publicBaseUrl),
  }));
