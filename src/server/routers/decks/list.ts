import { keysetPage } from '../../domain/pagination';
import { deckView, listAgencyDecks } from '../../services/decks';
import { operation } from '../../trpc/operation';
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
    const agencyId = ctx.owner.id;
    const page = await keysetPage(ctx.app.cursors, `decks:agency:${agencyId}`, input, (afterId, take) =>
      listAgencyDecks(ctx.app.db, agencyId, afterId, take),
    );
    return { data: page.items.map((deck) => deckView(deck, ctx.app.config.publicBaseUrl)), meta: page.meta };
  });
