import { createDeck as createAgencyDeck, deckView } from '../../services/decks';
import { createDeckContract } from './create.schema';
import { decksSection } from '../sections';

export const createDeck = decksSection.operation('POST /decks', createDeckContract, {
  summary: 'Create a pitch deck',
  description: [
    'Creates a deck presenting roster creators and responds 201 with it. Only `title` is required; the slug is generated from the title when omitted.',
    '',
    '- `creator_ids` must all be on your roster: an id that is not answers 404 naming it (in `errors`), and nothing is created.',
    '- A taken `slug` answers 409 (slugs are unique across all decks, since they form share_url).',
    '- Each deck uses one slot of the agency plan’s pitch-deck allowance (free 3, pro 25, scale 250, set with the operator CLI), claimed atomically so concurrent creates never exceed it. Past it: 403 `plan-limit-reached` naming the plan and its allowance. A refused create uses no slot. Decks cannot be deleted.',
    '- Defaults: `visibility` link, `theme` light, `cta` partnerWithMe, no password.',
  ].join('\n'),
  successStatus: [201],
  errorStatuses: [404, 409],
}).mutation(async ({ ctx, input }) => {
  const deck = await createAgencyDeck(ctx.app, ctx.owner.id, input);
  return { data: deckView(deck, ctx.app.config.publicBaseUrl) };
});
