import { rawJsonList } from '../../lib/raw-json';
import { listRosterCreatorsJson } from '../../services/creator-list';
import { ownedListPage } from '../../trpc/owned-list';
import { listCreatorsContract, type CreatorOutput } from './list.schema';
import { creatorsSection } from '../sections';

export const listCreators = creatorsSection.operation('GET /creators', listCreatorsContract, {
  summary: 'List roster creators',
  description: 'The agency’s roster, most recently added creators first.',
  // PostgreSQL builds each creator's view as JSON text (services/creator-list.ts): written as it is,
  // not validated again; this test proves every listed creator equals its (validated) single read.
  trustedOutput: 'tests/creators/read.test.ts',
}).query(async ({ ctx, input }) => {
  // Agency keys only (access above): the owner is the agency, so the cursor stays `creators:agency:{id}`.
  const page = await ownedListPage(ctx, input, {
    scope: ['creators'],
    fetch: (afterId, take) => listRosterCreatorsJson(ctx.app.sql, ctx.owner.id, afterId, take),
    view: (item) => item.view,
  });
  return { data: rawJsonList<CreatorOutput>(page.data), meta: page.meta };
});
