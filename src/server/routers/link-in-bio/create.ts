import { createLinkInBioPage } from '../../services/link-in-bio';
import { linkInBioPageView } from '../../services/link-in-bio-view';
import { createLinkInBioContract } from './create.schema';
import { linkInBioSection } from '../sections';

export const createLinkInBio = linkInBioSection.operation('POST /link-in-bio', createLinkInBioContract, {
  summary: 'Create your link-in-bio page',
  description: [
    'Creates the creator’s single page with its first blocks, in one transaction (**201**, the page).',
    '`slug` (3–40 of a-z, 0-9, inner hyphens) and `username` (1–30 of a-z, 0-9, `.`, `_`) are required, stored lower-case and unique among pages; `bio` ≤ 300; `social_links` up to 10, normalized like roster socials.',
    'Blocks: `link`, `title` or `text`, each with a `client_id` (unique within the page); up to 200 per page. Blocks without `order` follow the others in list order.',
    '**409** when you already have a page (change it with PATCH) or when the slug or username belongs to another page (`errors[].path` names which).',
  ].join('\n\n'),
  successStatus: [201],
  errorStatuses: [409],
}).mutation(async ({ ctx, input }) => {
  const page = await createLinkInBioPage(ctx.app, ctx.owner.id, input);
  return { data: linkInBioPageView(page, ctx.app.config.publicBaseUrl) };
});
