import { deckView, listAgencyDecks } from '../../services/decks';
import { ownedListPage } from '../../trpc/owned-list';
import { listDecksContract } from './list.schema';
import { decksSection } from '../sections';

export const listDecks = decksSection.operation('GET /decks', listDecksContract, {
  summary: 'List pitch decks',
  description: 'The agency’s decks, newest first.',
}).query(async ({ ctx, input }) => {
  // Agency keys only (access above): the owner is the agency, so the cursor stays `decks:agency:{id}`.
  return ownedListPage(ctx, input, {
    scope: ['decks'],
    fetch: (afterId, take) => listAgencyDecks(ctx.app.db, ctx.owner.id, afterId, take),
    view: (deck) => deckView(deck, ctx.app.config.publicBaseUrl),
  });
});
