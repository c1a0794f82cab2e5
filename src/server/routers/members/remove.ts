import { removeMember } from '../../services/members';
import { callActor } from '../../trpc/context';
import { apiProcedure } from '../../trpc/procedures';
import { removeMemberInput, removeMemberOutput } from './remove.schema';

/** Removes a member (not the owner): refused from their next request on; the agency's keys keep working. */
export const removeMemberProcedure = apiProcedure
  .meta({ access: { agency: 'members:write' } })
  .input(removeMemberInput)
  .output(removeMemberOutput)
  .mutation(async ({ ctx, input }) => ({ data: await removeMember(ctx.app.db, callActor(ctx), ctx.owner.id, input.user_id) }));
