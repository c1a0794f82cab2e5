import { creatorView } from '../../services/creator-view';
import { getVisibleCreator } from '../../services/creators';
import { operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getCreatorExamples, getCreatorInput, getCreatorOutput } from './get.schema';

export const getCreator = apiProcedure
  .meta(operation('GET /creators/{creator_id}', {
    tag: 'Creators',
    summary: 'Retrieve a creator',
    description: 'Agency keys retrieve creators on their roster; creator keys retrieve only themselves. Any other id is 404.',
    examples: getCreatorExamples,
    access: { agency: 'roster:read', creator: 'profile:read' },
    errorStatuses: [400, 404],
  }))
  .input(getCreatorInput)
  .output(getCreatorOutput)
  .query(async ({ ctx, input }) => {
    return { data: creatorView(await getVisibleCreator(ctx.app.db, ctx.owner, input.creator_id)) };
  });
