import { addCampaignParticipant } from '../../services/campaign-report';
import { apiProcedure } from '../../trpc/procedures';
import { addParticipantInput, addParticipantOutput } from './add-participant.schema';
import { CAMPAIGN_WRITE } from './schemas';

export const addCampaignParticipantProcedure = apiProcedure
  .meta({ access: CAMPAIGN_WRITE })
  .input(addParticipantInput)
  .output(addParticipantOutput)
  .mutation(async ({ ctx, input }) => ({ data: await addCampaignParticipant(ctx.app.db, ctx.owner, input.campaign_id, input.creator_id) }));
