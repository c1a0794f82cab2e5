import { deckView, listAgencyDecks } from '../../services/decks';
import { operation } from '../../trpc/operation';
import { ownedListPage } from '../../trpc/owned-list';
import { apiProcedure } from '../../trpc/procedures';
import { listDecksExamples, listDecksInput, listDecksOutput } from './list.schema';

export const listDecks = apiProcedure
  .meta(operation('GET /decks', {
    tag: 'Decks',
    summary: 'List pitch decks',
    description: 'The agency’s decks, newest first.',
    examples: listDecksExamples,
    access: { agency: 'decks:read' },
    errorStatuses: [400],
  }))
  .input(listDecksInput)
  .output(listDecksOutput)
  .query(async ({ ctx, input }) => {
    // Agency keys only (access above): the owner is the agency, so the cursor stays `decks:agency:{id}`.
    return ownedListPage(ctx, input, {
      scope: ['decks'],
      fetch: (afterId, take) => listAgencyDecks(ctx.app.db, ctx.owner.id, afterId, take),
      view: (deck) => deckView(deck, ctx.app.config.publicBaseUrl),
    });
  });
