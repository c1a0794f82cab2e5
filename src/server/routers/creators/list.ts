import { keysetPage } from '../../domain/pagination';
import { creatorView } from '../../services/creator-view';
import { listRosterCreators } from '../../services/creators';
import { apiProcedure } from '../../trpc/procedures';
import { listCreatorsExamples, listCreatorsInput, listCreatorsOutput } from './list.schema';

export const listCreators = apiProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/creators',
      tags: ['Creators'],
      summary: 'List roster creators',
      description: 'The agency’s roster, most recently added creators first.',
    },
    examples: listCreatorsExamples,
    access: { agency: 'roster:read' },
    errorStatuses: [400],
  })
  .input(listCreatorsInput)
  .output(listCreatorsOutput)
  .query(async ({ ctx, input }) => {
    const agencyId = ctx.owner.id;
    const page = await keysetPage(ctx.app.cursors, `creators:agency:${agencyId}`, input, (afterId, take) =>
      listRosterCreators(ctx.app.sql, agencyId, afterId, take),
    );
    return { data: page.items.map(creatorView), meta: page.meta };
  });
