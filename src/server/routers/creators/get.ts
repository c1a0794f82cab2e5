import { creatorView } from '../../services/creator-view';
import { getVisibleCreator } from '../../services/creators';
import { getCreatorContract } from './get.schema';
import { creatorsSection } from '../sections';

export const getCreator = creatorsSection.operation('GET /creators/{creator_id}', getCreatorContract, {
  summary: 'Retrieve a creator',
  description: 'Agency keys retrieve creators on their roster; creator keys retrieve only themselves. Any other id is 404.',
  access: { agency: 'roster:read', creator: 'profile:read' },
}).query(async ({ ctx, input }) => {
  return { data: creatorView(await getVisibleCreator(ctx.app.db, ctx.owner, input.creator_id)) };
});
