import { setRosterPublished } from '../../services/roster-page';
import { callActor } from '../../trpc/context';
import { apiProcedure } from '../../trpc/procedures';
import { setRosterPublishedInput, setRosterPublishedOutput } from './set-published.schema';

/** Publishes the agency's public roster page or takes it down (internal: the roster editor's switch). */
export const setRosterPublishedProcedure = apiProcedure
  .meta({ access: { agency: 'roster:write' } })
  .input(setRosterPublishedInput)
  .output(setRosterPublishedOutput)
  .mutation(async ({ ctx, input }) => {
    await setRosterPublished(ctx.app.db, callActor(ctx), ctx.owner.id, input.published);
    return { data: { published: input.published } };
  });
