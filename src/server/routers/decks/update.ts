import { deckView, getAgencyDeck, updateDeck as updateAgencyDeck } from '../../services/decks';
import { patchIfMatch } from '../../trpc/conditional';
import { callActor } from '../../trpc/context';
import { updateDeckContract, updateDeckOutput } from './update.schema';
import { decksSection } from '../sections';

export const updateDeck = decksSection.operation('PATCH /decks/{deck_id}', updateDeckContract, {
  summary: 'Update a pitch deck',
  description: [
    'Updates the supplied fields (at least one; an empty body is 400); omitted fields stay unchanged and `null` clears an optional one. Responds with the updated deck.',
    '',
    '- `creator_ids` replaces the whole selection and order; every id must be on your roster (404 naming it, nothing changed).',
    '- `password` sets (8–128 characters) or, with `null`, removes the viewer password; it is write-only (`has_password`).',
    '- A `slug` taken by another deck is 409. Another agency’s deck is 404.',
  ].join('\n'),
  errorStatuses: [409],
}).mutation(async ({ ctx, input }) => {
  const { deck_id: deckId, ...fields } = input;
  return patchIfMatch(ctx, {
    load: () => getAgencyDeck(ctx.app.db, ctx.owner.id, deckId),
    view: (deck) => deckView(deck, ctx.app.config.publicBaseUrl),
    output: updateDeckOutput,
    write: (expectedUpdatedAt) => updateAgencyDeck(ctx.app, callActor(ctx), ctx.owner.id, deckId, fields, { expectedUpdatedAt }),
  });
});
