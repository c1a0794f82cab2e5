import { revokeInvitation } from '../../services/members';
import { callActor } from '../../trpc/context';
import { apiProcedure } from '../../trpc/procedures';
import { revokeInvitationInput, revokeInvitationOutput } from './revoke-invitation.schema';

/** Withdraws a pending invitation: its link stops working at once. */
export const revokeInvitationProcedure = apiProcedure
  .meta({ access: { agency: 'members:write' } })
  .input(revokeInvitationInput)
  .output(revokeInvitationOutput)
  .mutation(async ({ ctx, input }) => ({ data: await revokeInvitation(ctx.app.db, callActor(ctx), ctx.owner.id, input.invitation_id) }));
