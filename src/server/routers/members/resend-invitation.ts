import { resendInvitation, sendInvitationMail } from '../../services/members';
import { callActor } from '../../trpc/context';
import { apiProcedure } from '../../trpc/procedures';
import { resendInvitationInput, resendInvitationOutput } from './resend-invitation.schema';

/** Mails a pending invitation again with a new link and a new week; the old link stops working. */
export const resendInvitationProcedure = apiProcedure
  .meta({ access: { agency: 'members:write' } })
  .input(resendInvitationInput)
  .output(resendInvitationOutput)
  .mutation(async ({ ctx, input }) => {
    const sent = await resendInvitation(ctx.app.db, callActor(ctx), ctx.owner.id, input.invitation_id);
    await sendInvitationMail(ctx.app.db, ctx.app.mailer, ctx.app.config.publicBaseUrl, ctx.owner.id, sent);
    return { data: sent.invitation };
  });
