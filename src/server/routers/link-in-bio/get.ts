import { getLinkInBioPage } from '../../services/link-in-bio';
import { linkInBioPageView } from '../../services/link-in-bio-view';
import { getLinkInBioContract } from './get.schema';
import { linkInBioSection } from '../sections';

export const getLinkInBio = linkInBioSection.operation('GET /link-in-bio', getLinkInBioContract, {
  summary: 'Retrieve your link-in-bio page',
  description: 'The creator’s one page with every block (hidden ones included) in `order`. 404 until the page is created with POST /link-in-bio.',
  errorStatuses: [404],
}).query(async ({ ctx }) => ({
  data: linkInBioPageView(await getLinkInBioPage(ctx.app.db, ctx.owner.id), ctx.app.config.publicBaseUrl),
}));
