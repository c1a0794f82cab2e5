import { removeCampaignParticipant } from '../../services/campaign-report';
import { panelWrite } from './panel-write';
import { removeParticipantInput } from './remove-participant.schema';

/** Removes a participant with their tracked posts. */
export const removeCampaignParticipantProcedure = panelWrite(removeParticipantInput, (ctx, input) =>
  removeCampaignParticipant(ctx.app.db, ctx.owner, input.campaign_id, input.creator_id),
);
