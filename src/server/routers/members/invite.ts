import { inviteMember, sendInvitationMail } from '../../services/members';
import { callActor } from '../../trpc/context';
import { apiProcedure } from '../../trpc/procedures';
import { inviteMemberInput, inviteMemberOutput } from './invite.schema';

/** Invites an address with a role and mails it the link (valid 7 days); inviting again replaces the pending invitation. */
export const inviteMemberProcedure = apiProcedure
  .meta({ access: { agency: 'members:write' } })
  .input(inviteMemberInput)
  .output(inviteMemberOutput)
  .mutation(async ({ ctx, input }) => {
    const sent = await inviteMember(ctx.app.db, callActor(ctx), ctx.owner.id, { email: input.email, role: input.role, invitedByUserId: ctx.principal.userId });
    await sendInvitationMail(ctx.app.db, ctx.app.mailer, ctx.app.config.publicBaseUrl, ctx.owner.id, sent);
    return { data: sent.invitation };
  });
