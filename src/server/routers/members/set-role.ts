import { setMemberRole } from '../../services/members';
import { callActor } from '../../trpc/context';
import { apiProcedure } from '../../trpc/procedures';
import { setMemberRoleInput, setMemberRoleOutput } from './set-role.schema';

/** Changes a member's role (admin, member or viewer); it applies to their next request. */
export const setMemberRoleProcedure = apiProcedure
  .meta({ access: { agency: 'members:write' } })
  .input(setMemberRoleInput)
  .output(setMemberRoleOutput)
  .mutation(async ({ ctx, input }) => ({ data: await setMemberRole(ctx.app.db, callActor(ctx), ctx.owner.id, input.user_id, input.role) }));
