import { socialView } from '../../services/creator-view';
import { canonicalPlatform } from '../../lib/social-identity';
import { listSocials, resolveSocialsCreator } from '../../services/socials';
import { ownedListPage } from '../../trpc/owned-list';
import { listSocialsProcedureContract } from './list.schema';
import { socialsSection } from '../sections';

export const listSocialsProcedure = socialsSection.operation('GET /socials', listSocialsProcedureContract, {
  summary: 'List a creator’s social accounts',
  description:
    'Agency keys must pass `creator_id` of a roster creator (400 when missing, 404 when not on the roster); creator keys list their own accounts (another creator’s id is 404). `meta.creator_id` names the creator listed.',
  errorStatuses: [404],
}).query(async ({ ctx, input }) => {
  const creatorId = await resolveSocialsCreator(ctx.app.db, ctx.owner, input.creator_id);
  const platform = input.platform ? canonicalPlatform(input.platform) : 'all';
  const page = await ownedListPage(ctx, input, {
    scope: ['socials', creatorId, platform],
    fetch: (afterId, take) => listSocials(ctx.app.db, creatorId, input.platform, afterId, take),
    view: socialView,
  });
  return { data: page.data, meta: { ...page.meta, creator_id: creatorId } };
});
