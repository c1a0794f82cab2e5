import { deckView, getAgencyDeck } from '../../services/decks';
import { getDeckContract } from './get.schema';
import { decksSection } from '../sections';

export const getDeck = decksSection.operation('GET /decks/{deck_id}', getDeckContract, {
  summary: 'Retrieve a pitch deck',
  description: 'A deck of the key’s agency; another agency’s deck is 404.',
}).query(async ({ ctx, input }) => ({
  data: deckView(await getAgencyDeck(ctx.app.db, ctx.owner.id, input.deck_id), ctx.app.config.publicBaseUrl),
}));
