import { keysetPage } from '../../domain/pagination';
import { rawJsonList } from '../../lib/raw-json';
import { listRosterCreatorsJson } from '../../services/creator-list';
import { operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { listCreatorsExamples, listCreatorsInput, listCreatorsOutput, type CreatorOutput } from './list.schema';

export const listCreators = apiProcedure
  .meta(operation('GET /creators', {
    tag: 'Creators',
    summary: 'List roster creators',
    description: 'The agency’s roster, most recently added creators first.',
    examples: listCreatorsExamples,
    access: { agency: 'roster:read' },
    errorStatuses: [400],
    // PostgreSQL builds each creator's view as JSON text (services/creator-list.ts): written as it is,
    // not validated again; this test proves every listed creator equals its (validated) single read.
    trustedOutput: 'tests/creators/read.test.ts',
  }))
  .input(listCreatorsInput)
  .output(listCreatorsOutput)
  .query(async ({ ctx, input }) => {
    const agencyId = ctx.owner.id;
    const page = await keysetPage(ctx.app.cursors, `creators:agency:${agencyId}`, input, (afterId, take) =>
      listRosterCreatorsJson(ctx.app.sql, agencyId, afterId, take),
    );
    return { data: rawJsonList<CreatorOutput>(page.items.map((item) => item.view)), meta: page.meta };
  });
