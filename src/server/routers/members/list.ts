import { listMembers } from '../../services/members';
import { apiProcedure } from '../../trpc/procedures';
import { listMembersInput, listMembersOutput } from './list.schema';

/** The agency's members (owner first) and its pending invitations. */
export const listMembersProcedure = apiProcedure
  .meta({ access: { agency: 'members:read' } })
  .input(listMembersInput)
  .output(listMembersOutput)
  .query(async ({ ctx }) => ({ data: await listMembers(ctx.app.db, ctx.owner.id) }));
