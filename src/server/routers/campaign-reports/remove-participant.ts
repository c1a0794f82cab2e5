import { removeCampaignParticipant } from '../../services/campaign-report';
import { apiProcedure } from '../../trpc/procedures';
import { removeParticipantInput } from './remove-participant.schema';
import { CAMPAIGN_WRITE, done } from './schemas';

/** Removes a participant with their tracked posts. */
export const removeCampaignParticipantProcedure = apiProcedure
  .meta({ access: CAMPAIGN_WRITE })
  .input(removeParticipantInput)
  .output(done)
  .mutation(async ({ ctx, input }) => {
    await removeCampaignParticipant(ctx.app.db, ctx.owner, input.campaign_id, input.creator_id);
    return { data: { ok: true as const } };
  });
