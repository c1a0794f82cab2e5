import { deckView, getAgencyDeck } from '../../services/decks';
import { operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getDeckExamples, getDeckInput, getDeckOutput } from './get.schema';

export const getDeck = apiProcedure
  .meta(operation('GET /decks/{deck_id}', {
    tag: 'Decks',
    summary: 'Retrieve a pitch deck',
    description: 'A deck of the key’s agency; another agency’s deck is 404.',
    examples: getDeckExamples,
    access: { agency: 'decks:read' },
    errorStatuses: [400, 404],
  }))
  .input(getDeckInput)
  .output(getDeckOutput)
  .query(async ({ ctx, input }) => ({
    data: deckView(await getAgencyDeck(ctx.app.db, ctx.owner.id, input.deck_id), ctx.app.config.publicBaseUrl),
  }));
